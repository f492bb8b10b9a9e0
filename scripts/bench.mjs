// `npm run bench`: the numbers the play issue budgets, in one run on this machine.
// (a) gzip bytes of JavaScript the page itself requests when a new visitor opens /scent/<code>,
//     until the app's first card shows (it has taken over the card drawn in the HTML; the service
//     worker's precache is not counted).  Budget ≤ 200 KB.
// (b) Loopback throughput (autocannon, 10 connections, BENCH_SECONDS each, default 6; only 2xx
//     counted) of three targets, measured in two interleaved rounds (bare, health, save, bare,
//     health, save) after a 2 s uncounted warm-up of each, and reported as the mean req/s of the
//     two rounds:
//       bare    GET /bare on a bare Fastify (scripts/lib/bare-server.mjs: the sync-server's Fastify,
//               no logger, no plugins), a child process of its own;
//       health  GET /api/health on the real server, started by the launcher as `npm start` runs it
//               (default LOG_LEVEL, the Configuration variables of the caller's shell dropped so
//               every default applies; SEED_DEMO=on, RATE_LIMITS=off, a temp DATA_DIR, its output
//               to a log file);
//       save    POST /api/TestResult/SaveTestResult on that server, a new result UUID, the next
//               number of one device (DeviceId, Seq: recorded), a healthcare provider made for
//               the run (OrganizationId: its kit tallies and its webhooks' outbox row are written;
//               it has no endpoint, so the worker drops the events) and a valid body per request.
//     Budgets: health ≥ 40 % of bare; save ≥ 7.5 % of health (issue 42; the ratio later issues keep).
// (m) Emulated mobile first visit (scripts/lib/mobile-first-card.mjs) of /scent/<code> for a new
//     visitor (fresh context, empty cache, service workers blocked) on 1.6 Mbps down / 750 kbps up,
//     150 ms round trip and a CPU slowed 4× (Chrome DevTools Protocol), BENCH_MOBILE_RUNS runs
//     (default 5), playing the game through as a player taps: first paint (median within 150 ms
//     of a plain page's floor), card 1 with all its pictures (median ≤ 1.2 s), card 1 interactive
//     (the pick after a rating registered; median ≤ 1.0 s), the app taking over and the whole game
//     (printed), CLS (≤ 0.05 in every run), gzip script run before the pick (≤ 10 KB in every
//     run). Then the same on PHOTO1, a kit of photo-sized pictures (scripts/lib/photo-kit.mjs).
// (s) The production line (scripts/lib/production-figures.mjs): the server's RSS 30 s after start
//     with the demo data (budget ≤ 120 MB); the processes left running by the production line
//     (budget 1) and by `npm start` (budget 2), and Ctrl-C stopping the latter; the time from
//     launching the production line on existing data to the first 200 of /api/health (≤ 1.5 s).
//     Measured first, before anything else of the bench runs.
// (r) 200 devices reconnecting at once (scripts/lib/reconnect-load.mjs): the real server with the
//     throttles on at their defaults and TRUST_PROXY=127.0.0.1, results seeded beforehand; each
//     device from its own address (X-Forwarded-For) pushes 20 results as the PWA does (honouring
//     429 Retry-After, smaller batches after one) while another client pulls one kit code every
//     200 ms from its own address. Budgets: every result stored ≤ 10 s (issue 42); kit-pull p95 ≤ 100 ms.
// (w) Wallet passes (scripts/lib/bench-passes.mjs): kit-pull p95 while one address asks for 120
//     passes at once, throttles on (budget ≤ 50 ms); on a server of its own, right after (s).
// BENCH_ONLY=server,js,mobile,throughput,reconnect,passes (comma list) runs only those parts, e.g. BENCH_ONLY=server.
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { measurePasses, printPasses } from './lib/bench-passes.mjs';
import { ensureDependencies, ensurePwaBuilt, ensureServerBuilt, log, ROOT } from './lib/bootstrap.mjs';
import { measureMobileFirstCard, printMobileFirstCard } from './lib/mobile-first-card.mjs';
import { makePhotoKit } from './lib/photo-kit.mjs';
import { measureProduction, printProduction } from './lib/production-figures.mjs';
import { measureReconnect, printReconnect } from './lib/reconnect-load.mjs';
import { CONFIG_VARS, freePort, launchProcess, launchServer, SERVER_DIR } from './lib/server.mjs';

const DURATION = Number(process.env.BENCH_SECONDS || 6);
const WARMUP = 2;
const ROUNDS = 2;
const CONNECTIONS = 10;
const KIT = 'DEMO1';
const PHOTO_KIT = 'PHOTO1';
const MOBILE_RUNS = Number(process.env.BENCH_MOBILE_RUNS || 5);
const PARTS = ['server', 'js', 'mobile', 'throughput', 'reconnect', 'passes'];
const ONLY = (process.env.BENCH_ONLY || PARTS.join(','))
  .split(',')
  .map((x) => x.trim())
  .filter(Boolean);
for (const part of ONLY)
  if (!PARTS.includes(part)) throw new Error(`BENCH_ONLY: unknown part ${part} (${PARTS.join(', ')})`);
const wanted = (part) => ONLY.includes(part);

ensureDependencies();
// The reconnect part alone needs no PWA.
if (ONLY.some((part) => part !== 'reconnect')) ensurePwaBuilt();
ensureServerBuilt();

const tmp = mkdtempSync(path.join(tmpdir(), 'scentry-bench-'));
/** @type {import('./lib/server.d.mts').ServerProcess[]} */
const children = [];
process.on('exit', () => {
  for (const p of children) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

// (s) First, alone on the machine (as far as this bench goes).
const production = wanted('server') ? await measureProduction(tmp, log) : null;
// (r) On a server of its own (throttles on), before the others' throttle-free server starts.
const reconnect = wanted('reconnect') ? await measureReconnect({ tmp, log }) : null;
const passes = wanted('passes') ? await measurePasses(tmp, log) : null;
if (!['js', 'mobile', 'throughput'].some(wanted)) {
  console.log('\nScentry benchmark');
  if (production) printProduction(production);
  if (reconnect) printReconnect(reconnect);
  if (passes) printPasses(passes);
  process.exit(0);
}

const serverLog = path.join(tmp, 'server.log');
const BENCH_ADMIN = { email: 'bench@scentry.test', password: `Bench-${randomUUID()}` };
const port = await freePort();
const server = launchServer({
  env: {
    ...Object.fromEntries(CONFIG_VARS.map((name) => [name, undefined])),
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    SEED_DEMO: 'on',
    RATE_LIMITS: 'off',
    // The staff account the photo-sized kit is made with (part m).
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  },
  output: { file: serverLog },
});
const barePort = await freePort();
// The bare Fastify baseline runs only for the throughput part.
const bare = wanted('throughput')
  ? launchProcess({
      args: [path.join(ROOT, 'scripts/lib/bare-server.mjs')],
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: String(barePort), HOST: '127.0.0.1' },
      url: `http://127.0.0.1:${barePort}`,
      readyPath: '/bare',
      output: 'capture',
    })
  : null;
children.push(...[server, bare].filter(Boolean));
await Promise.all([server.waitReady({ timeoutMs: 60_000 }), bare?.waitReady()]);
const url = server.url; // http://localhost:PORT: a secure context for the service worker
const api = `http://127.0.0.1:${port}`; // autocannon: the same address family as the baseline

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

// (a) First visit through the printed QR code.
let js = null;
if (wanted('js')) {
  log(`(a) opening ${url}/scent/${KIT} as a new visitor`);
  const context = await browser.newContext();
  // The moment the app's first card is in the page (the app has taken over the card the server drew
  // into the HTML: the shell is gone), taken inside the page (no polling delay).
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if (window.__firstCard || document.getElementById('shell')) return;
      if ([...document.querySelectorAll('#root h1')].some((h) => h.textContent === 'SCENT 1'))
        window.__firstCard = performance.now();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const page = await context.newPage();
  const bodies = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script')
      bodies.set(new URL(res.url()).pathname, await res.body().catch(() => null));
  });
  await page.goto(`${url}/scent/${KIT}`);
  await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
  await page.waitForLoadState('networkidle');
  // Scripts the page started to fetch before the first card appeared (the service worker's precache
  // runs in its own context and is not among them).
  const { firstCardMs, started } = await page.evaluate(() => ({
    firstCardMs: Math.round(window.__firstCard),
    started: performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= window.__firstCard && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => new URL(e.name).pathname),
  }));
  const scripts = [];
  for (const p of started) {
    const body = bodies.get(p) ?? Buffer.from(await (await fetch(url + p)).arrayBuffer());
    scripts.push({ url: p, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  await context.close();
  js = { scripts, firstCardMs, totalGzip: scripts.reduce((n, s) => n + s.gzip, 0) };
}

// (m) First visit on an emulated slow phone: the first card with all its pictures.
let mobile = null;
let photoMobile = null;
if (wanted('mobile')) {
  log(`(m) opening ${url}/scent/${KIT} on an emulated slow phone, ${MOBILE_RUNS} runs`);
  mobile = await measureMobileFirstCard(browser, `${url}/scent/${KIT}`, { runs: MOBILE_RUNS, log });
  // The same with a kit maker's photos (about 60 KB a picture) instead of the demo's drawings.
  const pictureKb = await makePhotoKit(api, { ...BENCH_ADMIN, code: PHOTO_KIT });
  log(`(m) kit ${PHOTO_KIT}: 25 pictures of ${pictureKb.toFixed(0)} KB on average`);
  photoMobile = {
    pictureKb,
    ...(await measureMobileFirstCard(browser, `${url}/scent/${PHOTO_KIT}`, { runs: MOBILE_RUNS, log })),
  };
}
await browser.close();

/** A healthcare provider made as the Admin makes one (API.md CreateOrganization): `{id, name}`. */
async function benchProvider() {
  const post = async (path, body, token) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = await res.json();
    if (envelope.status !== 'Success') throw new Error(`${path}: ${res.status} ${envelope.message}`);
    return envelope.data;
  };
  const { token } = await post('/api/User/Authenticate', BENCH_ADMIN);
  await post(
    '/api/Organization/CreateOrganization',
    {
      ClientType: 'Medical provider',
      OrganizationName: 'Bench Clinic',
      OrganizationCode: 'BENCH1',
      OrganizationWebsite: 'https://clinic.example',
      OrganizationAddress: '1 Main St',
      OrganizationEmail: 'desk@clinic.example',
      OrganizationPhone: '5551234567',
      UserFirstName: 'Bench',
      UserLastName: 'Clinic',
      UserEmail: 'clinic@clinic.example',
      Password: 'Clinic-Pass1',
      ConfirmPassword: 'Clinic-Pass1',
    },
    token,
  );
  const providers = await (await fetch(`${api}/api/Organization/DropDownOrganization`)).json();
  return providers.data.find((o) => o.name === 'Bench Clinic');
}

// (b) Throughput.
let stats = null;
if (wanted('throughput')) {
  const rows = (await (await fetch(`${api}/api/SentCard/GetSentCardDetails?testKitName=${KIT}`)).json()).data;
  const cards = [...new Set(rows.map((r) => r.scentCardId))].map((id) => ({
    id,
    options: rows.filter((r) => r.scentCardId === id).map((r) => r.scentCardOptionDetailId),
  }));
  const kitId = rows[0].testKitId;

  // Stored for a healthcare provider, as a player who picks one sends it: each result also writes
  // its webhooks' outbox row and its organization's kit tallies (issue 44).
  const provider = await benchProvider();
  // One device numbering its results 1, 2, 3… as the PWA does (issue 43).
  const BENCH_DEVICE = randomUUID();
  let benchSeq = 0;
  const targets = [
    { name: 'bare', label: 'bare route', url: bare.url, requests: [{ method: 'GET', path: '/bare' }] },
    { name: 'health', label: '/api/health', url: api, requests: [{ method: 'GET', path: '/api/health' }] },
    {
      name: 'save',
      label: 'SaveTestResult',
      url: api,
      requests: [
        {
          method: 'POST',
          path: '/api/TestResult/SaveTestResult',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({
              Id: randomUUID(),
              // Numbered as a device numbers it (API.md "Devices"): its answer is recorded with it.
              DeviceId: BENCH_DEVICE,
              Seq: ++benchSeq,
              TestKitId: kitId,
              OrganizationId: provider.id,
              FirstName: 'Bench',
              LastName: 'Player',
              TestResultDetails: cards.map((c, i) => ({
                ScentCardsId: c.id,
                AnswerId: c.options[i % c.options.length],
                SmellIntensity: i % 6,
              })),
            }),
          }),
        },
      ],
    },
  ];

  function measure(target, duration = DURATION) {
    return new Promise((resolve, reject) => {
      autocannon({ url: target.url, connections: CONNECTIONS, duration, requests: target.requests }, (err, result) =>
        err ? reject(err) : resolve(result),
      );
    });
  }
  // Warm-up (not counted): each target once, so the first round does not measure cold JIT.
  for (const t of targets) {
    log(`(b) warm-up: ${t.requests[0].method} ${t.requests[0].path} for ${WARMUP}s`);
    await measure(t, WARMUP);
  }
  const runs = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) {
      const [{ method, path: route }] = t.requests;
      log(`(b) round ${round}/${ROUNDS}: ${method} ${route} for ${DURATION}s`);
      runs[t.name].push(await measure(t));
    }
  }
  const perSecond = (r) => r['2xx'] / (r.duration || DURATION);
  stats = Object.fromEntries(
    targets.map((t) => {
      const rs = runs[t.name];
      const rates = rs.map(perSecond);
      const sum = (key) => rs.reduce((n, r) => n + (r[key] ?? 0), 0);
      return [
        t.name,
        {
          label: t.label,
          rates,
          mean: rates.reduce((n, x) => n + x, 0) / rates.length,
          non2xx: sum('non2xx'),
          errors: sum('errors'),
          timeouts: sum('timeouts'),
        },
      ];
    }),
  );
}
const health = (await (await fetch(`${api}/api/health`)).json()).status;
await Promise.all(children.map((p) => p.stop()));
const logBytes = statSync(serverLog).size;

console.log('\nScentry benchmark');
if (production) printProduction(production);
if (reconnect) printReconnect(reconnect);
if (passes) printPasses(passes);
if (js) {
  const { scripts, totalGzip, firstCardMs } = js;
  console.log('(a) JavaScript requested by the page until the first card shows (new visitor, /scent/DEMO1):');
  for (const s of scripts)
    console.log(`    ${String(s.gzip).padStart(7)} B gzip  ${String(s.raw).padStart(7)} B raw  ${s.url}`);
  console.log(
    `    total ${(totalGzip / 1024).toFixed(1)} KB gzip in ${scripts.length} files, first card after ${firstCardMs} ms  (budget 200 KB: ${totalGzip <= 200 * 1024 ? 'within' : 'OVER'})`,
  );
}
if (mobile) printMobileFirstCard(mobile);
if (photoMobile)
  printMobileFirstCard(
    photoMobile,
    `/scent/${PHOTO_KIT} (photo-sized pictures, ${photoMobile.pictureKb.toFixed(0)} KB each)`,
  );
if (stats) {
  console.log(
    `(b) Loopback throughput, ${CONNECTIONS} connections, ${DURATION} s per run, mean of ${ROUNDS} interleaved rounds (after a ${WARMUP} s warm-up), 2xx only:`,
  );
  for (const s of Object.values(stats)) {
    const each = s.rates.map((x) => x.toFixed(0)).join(' / ');
    console.log(
      `    ${s.label.padEnd(16)} ${s.mean.toFixed(0).padStart(7)} req/s  (rounds ${each}; non-2xx ${s.non2xx}, errors ${s.errors}, timeouts ${s.timeouts})`,
    );
  }
  const ratio = (name, of, budget) => {
    const r = stats[name].mean / stats[of].mean;
    const verdict = r >= budget ? 'within' : 'UNDER';
    console.log(
      `    ${`${stats[name].label} / ${stats[of].label}`.padEnd(30)} ${(r * 100).toFixed(1).padStart(5)} %  (budget ≥ ${budget * 100} %: ${verdict})`,
    );
  };
  ratio('health', 'bare', 0.4);
  ratio('save', 'health', 0.075);
}
console.log(
  `    server: LOG_LEVEL default, wrote ${(logBytes / 1024 / 1024).toFixed(1)} MB of log; health after the runs: ${health}`,
);
process.exit(0);
