// The bench's part (r): an event's phones coming back online at once, with the throttles on.
// The real server (launched as `npm start` runs it) on a fresh DATA_DIR with the demo kit, every
// default of the Configuration table except TRUST_PROXY=127.0.0.1 (so each simulated phone is
// counted under the address it names in X-Forwarded-For, as behind a reverse proxy):
// 1. Seeded beforehand, not timed: BENCH_RECONNECT_SEED results (default 10,000) pushed 100 at a
//    time, each push from an address of its own (10.200.x.y), so the storm writes into a table that
//    is not empty; then a kit pull at rest (BENCH_RECONNECT_IDLE_PULLS, default 50) for comparison.
// 2. BENCH_RECONNECT_DEVICES devices (default 200), each from its own address (10.1.x.y), each with
//    20 valid results of DEMO1 made before the clock starts, all start at once and sync as the PWA
//    does (pwa/src/offline/sync.ts): push up to 20 documents; on a 429 wait its Retry-After plus up
//    to half again at random and push half as many (down to 1), doubling back after each push
//    taken; then pull its kit (one code). Measured: the time from the start until every device has
//    had all its results taken, and the count in the database afterwards.
// 3. Meanwhile another client pulls DEMO1 (one code, checkpoint null: the whole kit document) from
//    its own address, one pull every 200 ms (the default read rate, 5 a second, so it is never
//    throttled itself), in a worker thread of its own (a player's phone is not the process making
//    the 200 devices' requests): p50/p95 of its pulls while the devices sync. BENCH_TRACE=1 logs
//    each pull's time.
// Budgets (issue 42; 120 s in issue 21): every result stored within 10 s; the kit pull's p95 ≤ 100 ms meanwhile.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { launchProxiedServer, SERVER_DIR } from './server.mjs';

const DEVICES = Number(process.env.BENCH_RECONNECT_DEVICES || 200);
const RESULTS_EACH = 20;
const SEED = Number(process.env.BENCH_RECONNECT_SEED ?? 10_000);
const IDLE_PULLS = Number(process.env.BENCH_RECONNECT_IDLE_PULLS || 50);
const PULL_EVERY_MS = 200;
const KIT = 'DEMO1';
/** The device's batch (pwa/src/offline/sync.ts PUSH_BATCH). */
const DEVICE_BATCH = 20;
export const RECONNECT_BUDGETS = { allStoredMs: 10_000, pullP95Ms: 100 };

/** The kit-pull client (a worker thread, CommonJS): pulls every `every` ms until told to stop. */
const PULLER = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
let started = false;
parentPort.on('message', (m) => {
  if (m === 'stop') stop = true;
  else started = true;
});
(async () => {
  const { url, body, address, every } = workerData;
  // One pull before the storm, not counted: a thread's first fetch loads and compiles undici and
  // opens its connection (100–250 ms of the client's own time on a busy machine), which is not the
  // server's answer.
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body });
    await res.arrayBuffer();
  } catch {}
  parentPort.postMessage('ready');
  while (!started) await new Promise((r) => setTimeout(r, 1));
  while (!stop) {
    const t = performance.now();
    let status = 0;
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body });
      await res.arrayBuffer();
      status = res.status;
    } catch {}
    parentPort.postMessage({ status, ms: performance.now() - t, at: performance.timeOrigin + t });
    await new Promise((r) => setTimeout(r, Math.max(0, every - (performance.now() - t))));
  }
  parentPort.postMessage('done');
})();
`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
};
const deviceAddress = (i) => `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const seedAddress = (i) => `10.200.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const PULL_ADDRESS = '10.9.9.9';

/** A valid ResultDoc of `kit` (no write key: keyless results stay accepted), scored as the device scores it. */
function resultDoc(kit, n) {
  let right = 0;
  const answers = kit.cards.map((card, i) => {
    const correct = (n + i) % 3 !== 0;
    const option = correct
      ? card.correctScentOptionId
      : card.options.find((o) => o.scentOptionId !== card.correctScentOptionId).scentOptionId;
    if (option === card.correctScentOptionId) right++;
    return { scentCardId: card.id, scentOptionId: option, smellIntensity: (n + i) % 6 };
  });
  return {
    id: randomUUID(),
    testKitId: kit.kitId,
    kitVersion: kit.version,
    organizationId: null,
    latitude: null,
    longitude: null,
    firstName: 'Bench',
    lastName: `Device${n}`,
    playedAt: new Date(Date.now() - 3_600_000 + n).toISOString(),
    answers,
    resultStatus: right >= kit.passThreshold ? 'Pass' : 'Fail',
    rightAnswerCount: right,
  };
}

const rows = (docs) => docs.map((d) => ({ assumedMasterState: null, newDocumentState: d }));

/**
 * @param {{ tmp: string, log: (msg: string) => void }} opts
 */
export async function measureReconnect({ tmp, log }) {
  const { server, api, post, dataDir } = await launchProxiedServer(tmp, 'reconnect');
  try {
    const pullBody = { codes: [KIT], checkpoint: null, batchSize: 1 };
    const kitRes = await post('/api/sync/kits/pull', pullBody, '10.9.9.8');
    const kit = (await kitRes.json()).data.documents[0];
    if (!kit?.cards?.length) throw new Error(`(r) no kit ${KIT} to play: ${kitRes.status}`);

    // 1. Seeded beforehand.
    log(`(r) seeding ${SEED} results (pushes of 100, one address each)`);
    let seeded = 0;
    const seedPushes = Math.ceil(SEED / 100);
    for (let i = 0; i < seedPushes; i += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, seedPushes - i) }, async (_, j) => {
          const n = Math.min(100, SEED - (i + j) * 100);
          const res = await post(
            '/api/sync/results/push',
            rows(Array.from({ length: n }, (_, k) => resultDoc(kit, k))),
            seedAddress(i + j),
          );
          const body = await res.json();
          if (res.status !== 200 || body.data.length) throw new Error(`(r) seeding: ${res.status} ${body.message}`);
          seeded += n;
        }),
      );
    }
    const timedPull = async () => {
      const t = performance.now();
      const res = await post('/api/sync/kits/pull', pullBody, PULL_ADDRESS);
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - t };
    };
    log(`(r) ${IDLE_PULLS} kit pulls at rest`);
    const idle = [];
    for (let i = 0; i < IDLE_PULLS; i++) {
      const started = performance.now();
      const r = await timedPull();
      if (r.status === 200) idle.push(r.ms);
      await sleep(Math.max(0, PULL_EVERY_MS - (performance.now() - started)));
    }

    // 2. The devices, their results made before the clock starts.
    const devices = Array.from({ length: DEVICES }, (_, i) => ({
      address: deviceAddress(i),
      docs: Array.from({ length: RESULTS_EACH }, (_, k) => resultDoc(kit, i * RESULTS_EACH + k)),
      pushes: 0,
      refusals: 0,
      errors: 0,
      doneMs: 0,
    }));
    log(`(r) ${DEVICES} devices reconnecting at once with ${RESULTS_EACH} results each`);
    // The kit pulls run in a thread of their own: a player's phone is not the process sending the
    // 200 other devices' pushes, so its timing must not wait on their requests being made here.
    const pulls = [];
    let pullRefusals = 0;
    const puller = new Worker(PULLER, {
      eval: true,
      workerData: {
        url: `${api}/api/sync/kits/pull`,
        body: JSON.stringify(pullBody),
        address: PULL_ADDRESS,
        every: PULL_EVERY_MS,
      },
    });
    let markReady = () => {};
    const pullerReady = new Promise((resolve) => {
      markReady = resolve;
    });
    const pullerDone = new Promise((resolve, reject) => {
      puller.on('error', reject);
      puller.on('message', (m) => {
        if (m === 'ready') return markReady();
        if (m === 'done') return resolve();
        if (m.status === 200) pulls.push(m.ms);
        else pullRefusals++;
        if (process.env.BENCH_TRACE)
          log(`(r) pull at ${(m.at - performance.timeOrigin - start).toFixed(0)} ms took ${m.ms.toFixed(1)} ms`);
      });
    });
    await pullerReady;
    let start = performance.now();
    start = performance.now();
    puller.postMessage({ start });
    await Promise.all(
      devices.map(async (d) => {
        let pending = d.docs;
        let batch = DEVICE_BATCH;
        let backoff = 0;
        while (pending.length) {
          const docs = pending.slice(0, batch);
          let res;
          try {
            d.pushes++;
            res = await post('/api/sync/results/push', rows(docs), d.address);
          } catch {
            // The network failed (a reset under load): the device's backoff, 2 s doubling.
            d.errors++;
            backoff = Math.min(300_000, backoff ? backoff * 2 : 2_000);
            await sleep(backoff);
            continue;
          }
          const body = await res.json().catch(() => null);
          if (res.status === 429) {
            d.refusals++;
            batch = Math.max(1, Math.floor(batch / 2));
            const seconds = Number(res.headers.get('retry-after')) || 2;
            await sleep(seconds * 1000 * (1 + Math.random() / 2));
            continue;
          }
          if (res.status !== 200 || body?.data?.length) {
            throw new Error(`(r) a device's push: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
          }
          pending = pending.slice(docs.length);
          batch = Math.min(DEVICE_BATCH, batch * 2);
        }
        d.doneMs = performance.now() - start;
        // The device's sync then refreshes its kit (one code, its own read bucket).
        const pull = await post('/api/sync/kits/pull', pullBody, d.address);
        await pull.arrayBuffer();
      }),
    );
    const allStoredMs = Math.max(...devices.map((d) => d.doneMs));
    puller.postMessage('stop');
    await pullerDone;
    await puller.terminate();
    const load = loadavg()[0];
    await server.stop();

    const Sqlite = createRequire(path.join(SERVER_DIR, 'package.json'))('better-sqlite3');
    const db = new Sqlite(path.join(dataDir, 'scentry.db'), { readonly: true });
    const inDb = db.prepare('SELECT COUNT(*) AS n FROM test_results').get().n;
    db.close();
    const sum = (key) => devices.reduce((n, d) => n + d[key], 0);
    return {
      devices: DEVICES,
      resultsEach: RESULTS_EACH,
      seeded,
      expected: seeded + DEVICES * RESULTS_EACH,
      inDb,
      allStoredMs,
      medianDeviceMs: percentile(
        devices.map((d) => d.doneMs),
        50,
      ),
      pushes: sum('pushes'),
      refusals: sum('refusals'),
      errors: sum('errors'),
      pull: { count: pulls.length, p50: percentile(pulls, 50), p95: percentile(pulls, 95), refusals: pullRefusals },
      idle: { count: idle.length, p50: percentile(idle, 50), p95: percentile(idle, 95) },
      load,
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  }
}

/** Part (r) as the bench prints it. */
export function printReconnect(r) {
  const verdict = (ok) => (ok ? 'within' : 'OVER');
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `(r) ${r.devices} devices reconnecting at once, each from its own address (X-Forwarded-For, TRUST_PROXY=127.0.0.1), ${r.resultsEach} results each; throttles on with the defaults; ${r.seeded} results stored before:`,
  );
  console.log(
    `    every result stored after ${s(r.allStoredMs)} (median device ${s(r.medianDeviceMs)})  (budget ≤ ${s(RECONNECT_BUDGETS.allStoredMs)}: ${verdict(r.allStoredMs <= RECONNECT_BUDGETS.allStoredMs && r.inDb === r.expected)})  [${r.inDb}/${r.expected} in the database; ${r.pushes} pushes, ${r.refusals} answered 429, ${r.errors} network errors]`,
  );
  console.log(
    `    kit pull meanwhile (1 code, its own address, every ${PULL_EVERY_MS} ms): p50 ${r.pull.p50.toFixed(1)} ms, p95 ${r.pull.p95.toFixed(1)} ms over ${r.pull.count} pulls  (budget ≤ ${RECONNECT_BUDGETS.pullP95Ms} ms: ${verdict(r.pull.p95 <= RECONNECT_BUDGETS.pullP95Ms)})  [${r.pull.refusals} answered 429; at rest p50 ${r.idle.p50.toFixed(1)} ms, p95 ${r.idle.p95.toFixed(1)} ms]`,
  );
  console.log(`    load average ${r.load.toFixed(1)} at the end (a busy machine slows every figure)`);
}
