// The bench's part (w), `BENCH_ONLY=passes`: does signing wallet passes hold up other requests?
// (Issue 21: signing on the main thread made a player's kit pull wait 8.5 s behind 120 passes.)
// 1. The real server through the launcher (as `npm start` runs it), throttles ON with their
//    default limits, SEED_DEMO=on, a fresh DATA_DIR, TRUST_PROXY=127.0.0.1 so each simulated
//    client is told apart by X-Forwarded-For (every request comes from loopback).
// 2. PASSES results played on DEMO1, each with its own write key, pushed beforehand through
//    /api/sync/results/push (batches of 100, each batch from its own address).
// 3. Kit-pull latency alone: KIT_PULLS_IDLE sequential POST /api/sync/kits/pull for DEMO1.
// 4. One address (X-Forwarded-For 10.2.0.1) asks for the PASSES passes at once, each with its
//    result's key; meanwhile kit pulls for DEMO1 run one after another, each from another player
//    address (10.3.x.y: a player pulls once, so no pull meets the `read` throttle), until the
//    last pass has answered. The figure: kit-pull p95 during the passes (budget ≤ 50 ms), beside
//    the idle p95, the passes' statuses and how long the burst took.
import { randomBytes, randomUUID } from 'node:crypto';
import { launchProxiedServer } from './server.mjs';

const PASSES = 120;
const KIT = 'DEMO1';
const KIT_PULLS_IDLE = 100;
const BUDGET_MS = 50;
const PASS_ADDRESS = '10.2.0.1';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const writeKey = () => randomBytes(16).toString('base64url');

/**
 * Runs part (w) on a server of its own (stopped before this resolves) and returns its figures.
 * @param {string} tmp a scratch directory (the server's DATA_DIR and log go under it)
 * @param {(message: string) => void} log
 */
export async function measurePasses(tmp, log) {
  const { server, post } = await launchProxiedServer(tmp, 'passes');
  try {
    // 2. The results, each with its write key.
    const pulled = await (await post('/api/sync/kits/pull', { codes: [KIT] }, '10.1.1.1')).json();
    const kit = pulled.data.documents[0];
    const answers = kit.cards.map((c) => ({
      scentCardId: c.id,
      scentOptionId: c.correctScentOptionId,
      smellIntensity: 3,
    }));
    const results = Array.from({ length: PASSES }, (_, i) => ({
      id: randomUUID(),
      writeKey: writeKey(),
      testKitId: kit.kitId,
      kitVersion: kit.version,
      organizationId: null,
      latitude: null,
      longitude: null,
      firstName: 'Bench',
      lastName: `Player ${i + 1}`,
      playedAt: new Date(Date.now() - 60_000).toISOString(),
      answers,
      resultStatus: 'Pass',
      rightAnswerCount: answers.length,
    }));
    log(`(w) seeding ${PASSES} results with write keys`);
    for (let i = 0; i < results.length; i += 100) {
      const batch = results.slice(i, i + 100).map((doc) => ({ assumedMasterState: null, newDocumentState: doc }));
      const res = await post('/api/sync/results/push', batch, `10.1.0.${i / 100 + 1}`);
      const body = await res.json();
      if (res.status !== 200 || body.data.length) {
        throw new Error(`(w) seeding refused: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      }
    }

    let player = 0;
    const pullOnce = async () => {
      player += 1;
      const from = `10.3.${player >> 8}.${player & 255}`;
      const started = performance.now();
      const res = await post('/api/sync/kits/pull', { codes: [KIT] }, from);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`(w) kit pull answered ${res.status}`);
      return performance.now() - started;
    };

    // 3. Kit pulls with nothing else going on.
    log(`(w) ${KIT_PULLS_IDLE} kit pulls alone`);
    const idle = [];
    for (let i = 0; i < KIT_PULLS_IDLE; i++) idle.push(await pullOnce());

    // 4. The burst of passes, kit pulls meanwhile.
    log(`(w) ${PASSES} passes asked at once from one address, kit pulls meanwhile`);
    const statuses = {};
    const burstStart = performance.now();
    let open = results.length;
    const passes = Promise.all(
      results.map(async (r) => {
        const res = await post(
          '/api/PkPassConfig/GeneratePKSafePass',
          { TestResultId: r.id, WriteKey: r.writeKey },
          PASS_ADDRESS,
        );
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        open -= 1;
      }),
    );
    const during = [];
    while (open > 0) during.push(await pullOnce());
    await passes;
    const burstMs = performance.now() - burstStart;

    const idleSorted = idle.sort((a, b) => a - b);
    const duringSorted = during.sort((a, b) => a - b);
    return {
      passes: PASSES,
      statuses,
      burstMs,
      idle: { n: idle.length, p50: percentile(idleSorted, 50), p95: percentile(idleSorted, 95) },
      during: {
        n: during.length,
        p50: percentile(duringSorted, 50),
        p95: percentile(duringSorted, 95),
        max: duringSorted.at(-1),
      },
      budgetMs: BUDGET_MS,
    };
  } finally {
    await server.stop();
  }
}

/** Prints part (w)'s figures. */
export function printPasses(w) {
  const ms = (x) => `${x.toFixed(1)} ms`;
  const statuses = Object.entries(w.statuses)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');
  console.log(
    `(w) Wallet passes: ${w.passes} asked at once from one address (throttles on, default limits), kit pulls for ${KIT} from other addresses meanwhile:`,
  );
  console.log(`    passes answered ${statuses} in ${(w.burstMs / 1000).toFixed(1)} s`);
  console.log(`    kit pull alone:          p50 ${ms(w.idle.p50)}, p95 ${ms(w.idle.p95)} (${w.idle.n} pulls)`);
  console.log(
    `    kit pull during passes:  p50 ${ms(w.during.p50)}, p95 ${ms(w.during.p95)}, max ${ms(w.during.max)} (${w.during.n} pulls)  (budget p95 ≤ ${w.budgetMs} ms: ${w.during.p95 <= w.budgetMs ? 'within' : 'OVER'})`,
  );
}
