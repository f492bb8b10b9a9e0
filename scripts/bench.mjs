// `npm run bench`: the two numbers the play issue budgets, in one run.
// (a) gzip bytes of JavaScript the page itself requests when a new visitor opens /scent/<code>,
//     until the first card shows (the service worker's precache is not counted).  Budget ≤ 200 KB.
// (b) SaveTestResult submissions per second on loopback (autocannon, a new device UUID and a valid
//     body per request, only 2xx counted) against /api/health on the same server.  Budget ≥ 25 %.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { ensureDependencies, ensurePwaBuilt, log, ROOT } from './lib/bootstrap.mjs';

const DURATION = Number(process.env.BENCH_SECONDS || 8);
const KIT = 'DEMO1';

ensureDependencies();
ensurePwaBuilt();

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'scentry-bench-'));
const url = `http://localhost:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(ROOT, 'sync-server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PWA_DIST: path.join(ROOT, 'pwa/dist'),
    ADMIN_PASSWORD: 'Bench-Pass-1',
    SEED_DEMO: 'on',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {}
  if (i > 200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 150));
}

// (a) First visit through the printed QR code.
log(`(a) opening ${url}/scent/${KIT} as a new visitor`);
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
const context = await browser.newContext();
// The moment the first card is in the page, taken inside the page (no polling delay).
await context.addInitScript(() => {
  new MutationObserver(() => {
    if (window.__firstCard) return;
    if ([...document.querySelectorAll('h1')].some((h) => h.textContent === 'SCENT 1'))
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
await browser.close();
const totalGzip = scripts.reduce((n, s) => n + s.gzip, 0);

// (b) Throughput.
const rows = (await (await fetch(`${url}/api/SentCard/GetSentCardDetails?testKitName=${KIT}`)).json()).data;
const cards = [...new Set(rows.map((r) => r.scentCardId))].map((id) => ({
  id,
  options: rows.filter((r) => r.scentCardId === id).map((r) => r.scentCardOptionDetailId),
}));
const kitId = rows[0].testKitId;

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: DURATION, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}
log(`(b) GET /api/health for ${DURATION}s`);
const health = await run({ requests: [{ method: 'GET', path: '/api/health' }] });
log(`(b) POST /api/TestResult/SaveTestResult for ${DURATION}s`);
const save = await run({
  requests: [
    {
      method: 'POST',
      path: '/api/TestResult/SaveTestResult',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          Id: randomUUID(),
          TestKitId: kitId,
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
});
const perSecond = (r) => r['2xx'] / (r.duration || DURATION);
const healthRate = perSecond(health);
const saveRate = perSecond(save);
const stored = (await (await fetch(`${url}/api/health`)).json()).status;

console.log('\nScentry benchmark');
console.log('(a) JavaScript requested by the page until the first card shows (new visitor, /scent/DEMO1):');
for (const s of scripts)
  console.log(`    ${String(s.gzip).padStart(7)} B gzip  ${String(s.raw).padStart(7)} B raw  ${s.url}`);
console.log(
  `    total ${(totalGzip / 1024).toFixed(1)} KB gzip in ${scripts.length} files, first card after ${firstCardMs} ms  (budget 200 KB: ${totalGzip <= 200 * 1024 ? 'within' : 'OVER'})`,
);
console.log('(b) Loopback throughput, 10 connections, 2xx only:');
console.log(`    /api/health           ${healthRate.toFixed(0).padStart(7)} req/s  (non-2xx ${health.non2xx})`);
console.log(
  `    SaveTestResult        ${saveRate.toFixed(0).padStart(7)} req/s  (non-2xx ${save.non2xx}, errors ${save.errors})`,
);
console.log(
  `    ratio ${((saveRate / healthRate) * 100).toFixed(1)} %  (budget ≥ 25 %: ${saveRate / healthRate >= 0.25 ? 'within' : 'UNDER'})  server ${stored}`,
);
process.exit(0);
