import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type KitDoc, makeWriteKey, QUESTIONNAIRE_QUESTIONS, scorePlay } from '@scentry/shared-schema';
// The PWA's RxDB (its own dependency), its memory storage: each simulated device one database.
import { expect } from 'vitest';
import { getRxStorageMemory } from '../../../pwa/node_modules/rxdb/plugins/storage-memory/index.mjs';
// The PWA's own sync code (not a re-implementation): its database, numbering, queue, sync loop,
// delivery with its fallback, and its API client.
import { callPlayer } from '../../../pwa/src/lib/api';
import { createLocalDatabase } from '../../../pwa/src/offline/db';
import { sendOrQueue } from '../../../pwa/src/offline/send-or-queue';
import { queueEmailLocally, queueFormLocally, saveResultLocally, takeDeviceMark } from '../../../pwa/src/offline/store';
import { createSyncLoop } from '../../../pwa/src/offline/sync';
import { type Fault, FaultProxy } from './proxy';

/**
 * The seeds to run: `FAULT_SEEDS` (a count above the default runs that many; a small number, a
 * list `3,17` or a range `0-99` names seeds), else 1 to `fallback`; of those, the ones whose
 * remainder by `parts` is `part` (the seeds are split between test files, which run in parallel).
 */
export function seedsToRun(fallback: number, part = 0, parts = 1): number[] {
  const spec = process.env.FAULT_SEEDS?.trim();
  let seeds: number[];
  if (!spec) seeds = Array.from({ length: fallback }, (_, i) => i + 1);
  else if (/^\d+$/.test(spec)) {
    const n = Number(spec);
    seeds = n > fallback ? Array.from({ length: n }, (_, i) => i + 1) : [n];
  } else
    seeds = spec.split(',').flatMap((piece) => {
      const [a, b] = piece.split('-').map(Number) as [number, number | undefined];
      return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
    });
  return seeds.filter((s) => s % parts === part);
}

/** The harness's context for servers already running: the Admin signed in, the demo kit pulled. */
export async function harnessContext(
  servers: Servers,
  store: Store,
  admin: { email: string; password: string },
  mailsTo: (address: string) => number,
  options: { killEvery: number; devices?: number },
): Promise<HarnessContext> {
  const base = servers.urls()[0] as string;
  const post = async (path: string, body: unknown) =>
    (await (
      await realFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { data: unknown };
  const token = (
    (await post('/api/User/Authenticate', { Email: admin.email, Password: admin.password })).data as {
      token: string;
    }
  ).token;
  const kit = ((await post('/api/sync/kits/pull', { codes: ['DEMO1'] })).data as { documents: KitDoc[] })
    .documents[0] as KitDoc;
  return {
    servers,
    store,
    kit,
    adminToken: token,
    mailsTo,
    killEvery: options.killEvery,
    devices: options.devices ?? 20,
  };
}

/** Runs the seeds one after another; the faults injected, for the test to see that there were some. */
export async function runSeeds(ctx: HarnessContext, seeds: number[]): Promise<SeedOutcome[]> {
  const t0 = Date.now();
  const outcomes: SeedOutcome[] = [];
  for (const seed of seeds) outcomes.push(await runSeed(ctx, seed, t0));
  const faults: Record<string, number> = {};
  for (const o of outcomes) for (const [k, v] of Object.entries(o.faults)) faults[k] = (faults[k] ?? 0) + v;
  console.log(
    `[fault harness] seeds ${seeds.join(',')}: ${outcomes.reduce((n, o) => n + o.made, 0)} documents, ${outcomes.reduce((n, o) => n + o.gaps, 0)} gaps shown, ${outcomes.filter((o) => o.killed).length} kill -9, faults ${JSON.stringify(faults)}`,
  );
  return outcomes;
}

/** Every kind of fault was injected, and servers killed: a harness that injected none would pass anyway. */
export function expectFaultsInjected(outcomes: SeedOutcome[], kills: number): void {
  const total = (f: string) => outcomes.reduce((n, o) => n + (o.faults[f] ?? 0), 0);
  for (const f of ['dropBefore', 'dropAfter', 'cut', 'error500', 'throttled', 'delay'])
    expect(total(f), `${f} faults injected`).toBeGreaterThan(5);
  expect(outcomes.filter((o) => o.killed).length, 'seeds with a kill -9').toBeGreaterThanOrEqual(kills);
  expect(
    outcomes.some((o) => o.gaps > 0),
    'a lost document shown as a gap',
  ).toBe(true);
}

/** A string's 32-bit hash (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A seeded PRNG (mulberry32): the same seed, the same schedule. */
export function prng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the harness reads of the server's database (SQLite or PostgreSQL). */
export interface Store {
  /** Rows of a query with `?` placeholders. */
  rows<T>(query: string, ...params: unknown[]): Promise<T[]>;
  /** SQL of the number of answers in a `test_result_answers` row `a`. */
  answersLength: string;
  /** Tallies the results still pending, as the tallies' readers do (SQLite batches them). */
  flushTallies(): Promise<void>;
}

/** The servers under test: where they answer, and a kill -9 of one, started again on its data. */
export interface Servers {
  urls(): string[];
  killAndRestart(rng: () => number): Promise<void>;
  /** A mutant server, for the test that the harness can fail: nothing of this ships. */
  readonly label?: string;
}

export interface HarnessContext {
  servers: Servers;
  store: Store;
  kit: KitDoc;
  adminToken: string;
  /** Mails the local SMTP server received, by recipient. */
  mailsTo(address: string): number;
  /** Seeds whose schedule kills a server (every `killEvery`-th seed). */
  killEvery: number;
  devices: number;
  /**
   * A change to what reaches the server (the test that the harness can fail: a server that does
   * not recognise a resend). Test code only.
   */
  mutate?: (path: string, body: Buffer) => Buffer;
}

/** One document a device made, and what it should be on the server. */
interface Made {
  kind: 'result' | 'questionnaire' | 'email';
  id: string;
  deviceId: string;
  seq: number;
  resultId: string;
  playedAt?: string;
  answers?: { scentCardId: number; scentOptionId: number; smellIntensity: number }[];
  status?: 'Pass' | 'Fail';
  email?: string;
  /** A document the server must refuse (never stored, never a gap). */
  refused?: boolean;
  /** Thrown away with its device's storage. */
  lost?: boolean;
}

const storage = getRxStorageMemory();
/**
 * Devices with their database open at once: RxDB's open-source build holds 16 collections in a
 * process, and a device's database has six (five and RxDB's own).
 */
const AT_ONCE = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Which proxy a device's requests go through: the faulty one, or the clean one (its last phase). */
const route = new AsyncLocalStorage<{ base: string; device: string }>();
const realFetch = globalThis.fetch;
let fetchShimmed = false;
/** The PWA's client asks relative paths (`/api/…`), as in a browser: here they go to the device's proxy. */
function shimFetch(): void {
  if (fetchShimmed) return;
  fetchShimmed = true;
  // The sync status keeps its last time in localStorage (one browser's): a plain map here.
  if (typeof globalThis.localStorage === 'undefined') {
    const items = new Map<string, string>();
    globalThis.localStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, String(v)),
      removeItem: (k: string) => void items.delete(k),
      clear: () => items.clear(),
      key: (i: number) => [...items.keys()][i] ?? null,
      get length() {
        return items.size;
      },
    } as Storage;
  }
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const where = route.getStore();
    if (!where || typeof input !== 'string' || !input.startsWith('/')) return realFetch(input, init);
    // The device's name goes to the proxy (its faults are the device's own sequence), never further.
    const headers = new Headers(init?.headers);
    headers.set('x-harness-device', where.device);
    return realFetch(`${where.base}${input}`, {
      ...init,
      headers,
      signal: init?.signal ?? AbortSignal.timeout(20_000),
    });
  }) as typeof fetch;
}

export interface SeedOutcome {
  seed: number;
  made: number;
  faults: Record<string, number>;
  killed: boolean;
  /** Missing numbers the cleared device shows (and must). */
  gaps: number;
}

/**
 * One seed: `devices` devices (two at a time: AT_ONCE) make results, questionnaires (sent at once, falling back to the queue)
 * and e-mails, and sync through a proxy whose faults the seed's PRNG schedules; some seeds kill a
 * server (kill -9) and start it again; one device's storage is cleared mid-way (it comes back as a
 * new device). Then every device syncs cleanly and the checks run; a failure names the seed.
 */
export async function runSeed(ctx: HarnessContext, seed: number, t0: number): Promise<SeedOutcome> {
  shimFetch();
  const rng = prng(seed);
  const faults: Record<string, number> = {};
  const FAULTS: [Fault, number][] = [
    ['dropBefore', 0.07],
    ['dropAfter', 0.08],
    ['cut', 0.05],
    ['error500', 0.05],
    ['throttled', 0.04],
    ['delay', 0.12],
  ];
  // Each device its own fault sequence and choices: a seed replays the same (only a kill's moment
  // and the server's timing vary), whatever order two devices' requests interleave in.
  const faultRngs = new Map<string, () => number>();
  const faulty = new FaultProxy(
    ctx.servers.urls,
    (_path, device) => {
      const faultRng = faultRngs.get(device) ?? prng(seed * 7919 + hash(device));
      faultRngs.set(device, faultRng);
      let r = faultRng();
      for (const [fault, p] of FAULTS) {
        if (r < p) {
          faults[fault] = (faults[fault] ?? 0) + 1;
          return { fault, delayMs: Math.floor(faultRng() * 40) };
        }
        r -= p;
      }
      return { fault: 'pass', delayMs: 0 };
    },
    ctx.mutate,
  );
  const clean = new FaultProxy(ctx.servers.urls, () => ({ fault: 'pass', delayMs: 0 }), ctx.mutate);
  const [faultyUrl, cleanUrl] = [await faulty.start(), await clean.start()];
  const made: Made[] = [];
  const cleared = Math.floor(rng() * ctx.devices);
  const killAt = seed % ctx.killEvery === 0 ? Math.floor(rng() * ctx.devices) : -1;
  const partlyLost = rng() < 0.5 ? (cleared + 1 + Math.floor(rng() * (ctx.devices - 1))) % ctx.devices : -1;
  let restarting: Promise<void> | null = null;
  const incarnations: { deviceId: string | null; index: number; lost: boolean }[] = [];
  // Unique play times (the server keeps them): a double is two rows with one time.
  let clock = 0;
  const playedAt = () => new Date(t0 + seed * 100 + clock++).toISOString();

  async function session(index: number, incarnation: number): Promise<void> {
    const rng = prng(seed * 104_729 + index * 31 + incarnation);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
    const who = `${index}.${incarnation}`;
    const db = await createLocalDatabase({
      name: `h${seed}d${index}v${incarnation}x${randomUUID().slice(0, 8)}`,
      storage,
    });
    let now = Date.now();
    const loop = createSyncLoop({
      openDb: async () => db,
      call: callPlayer,
      hasLocalDatabase: () => true,
      schedule: () => () => {},
      // Each try an hour later: backoff and Retry-After never hold the simulation up.
      now: () => new Date(now),
      random: rng,
      label: () => ({ build: 'fault-harness', name: `h${seed}d${index}v${incarnation}` }),
    });
    const tryAgain = async () => {
      now += 3_600_000;
      await loop.requestSync({ fresh: true });
    };
    const entry = { deviceId: null as string | null, index, lost: false };
    incarnations.push(entry);
    const mine: Made[] = [];
    const mark = async () => (await db.device.findOne('this').exec())?.deviceId ?? null;
    const loseIt = index === cleared && incarnation === 0;

    await route.run({ base: faultyUrl, device: who }, async () => {
      const results = loseIt ? 2 : 1 + Math.floor(rng() * 2);
      for (let k = 0; k < results; k++) {
        const answers = ctx.kit.cards.map((c) => ({
          scentCardId: c.id,
          scentOptionId: pick(c.options).scentOptionId,
          smellIntensity: 1 + Math.floor(rng() * 5),
        }));
        // Now and then a document the server refuses (a kit version it never had): answered, so no gap.
        const refused = !loseIt && rng() < 0.08;
        const score = scorePlay(ctx.kit, answers);
        const at = playedAt();
        const id = randomUUID();
        await saveResultLocally(
          {
            id,
            writeKey: makeWriteKey(),
            testKitId: ctx.kit.kitId,
            kitVersion: refused ? 999 : ctx.kit.version,
            organizationId: null,
            latitude: null,
            longitude: null,
            firstName: null,
            lastName: null,
            playedAt: at,
            answers,
            resultStatus: score.resultStatus,
            rightAnswerCount: score.rightAnswerCount,
            syncState: 'pending',
            kitName: ctx.kit.name,
            averageIntensity: 3,
          },
          db,
        );
        const doc = await db.results.findOne(id).exec();
        mine.push({
          kind: 'result',
          id,
          deviceId: doc?.deviceId as string,
          seq: doc?.seq as number,
          resultId: id,
          playedAt: at,
          answers,
          status: score.resultStatus,
          refused,
        });
        // Now and then two documents under one number (a clash): stored, never refused.
        if (!loseIt && rng() < 0.06)
          await db.device
            .findOne('this')
            .exec()
            .then((d) => d?.incrementalPatch({ lastSeq: d.lastSeq - 1 }));
      }
      entry.deviceId = await mark();
      // Part of the storage lost (as in issue 43's journey): one queued result removed from a device
      // that goes on; its number is then a gap, unless a push had already reached the server.
      if (index === partlyLost) {
        const queued = await db.results.findOne({ selector: { syncState: 'pending' } }).exec();
        const lost = queued && mine.find((m) => m.id === queued.id);
        if (lost) {
          await queued.remove();
          lost.lost = true;
        }
      }
      if (index === killAt && !restarting) restarting = ctx.servers.killAndRestart(rng);
      if (rng() < 0.6) await tryAgain();

      const first = mine.find((m) => m.kind === 'result' && !m.refused && !m.lost);
      // A questionnaire sent at once when its result is there, else (or when the send fails) queued
      // under the same number: the PWA's own delivery.
      if (first && rng() < 0.35) {
        const formId = randomUUID();
        const answers = QUESTIONNAIRE_QUESTIONS.map((question) => ({ question, answer: rng() < 0.5 ? 'Yes' : 'No' }));
        const writeKey = (await db.results.findOne(first.id).exec())?.writeKey ?? null;
        let seq = 0;
        await sendOrQueue(
          first.id,
          (_state, key, m) => {
            seq = m.seq;
            return callPlayer('saveQuestionnaireResult', {
              body: {
                TestResultId: first.id,
                WriteKey: key ?? writeKey,
                QuestionnaireListDetails: answers.map((a) => ({ Question: a.question, Answer: a.answer })),
                DeviceId: m.deviceId,
                Seq: m.seq,
              },
            });
          },
          async (m) => {
            seq = m.seq;
            await queueFormLocally(
              { id: formId, testResultId: first.id, kind: 'questionnaire', doc: { answers }, ...m },
              db,
            );
          },
          { db, online: () => true, syncBriefly: tryAgain, requestSync: () => {} },
        ).catch(() => {});
        mine.push({ kind: 'questionnaire', id: formId, deviceId: entry.deviceId as string, seq, resultId: first.id });
      }
      if (first && rng() < 0.12) {
        const m = await takeDeviceMark(db);
        const email = `h${seed}d${index}v${incarnation}@harness.example`;
        const id = randomUUID();
        await queueEmailLocally(
          {
            id,
            testResultId: first.id,
            kind: 'result',
            email,
            language: 'en',
            name: '',
            date: '',
            pdfBase64: '',
            ...m,
          },
          db,
        );
        mine.push({ kind: 'email', id, deviceId: m.deviceId, seq: m.seq, resultId: first.id, email });
      }
      const tries = loseIt ? Math.floor(rng() * 2) : 1 + Math.floor(rng() * 3);
      for (let i = 0; i < tries; i++) await tryAgain();
    });
    made.push(...mine);

    if (loseIt) {
      // The browser cleared the site's data: everything on the device goes, its numbers too.
      for (const m of mine) m.lost = true;
      entry.lost = true;
      await db.remove();
      await session(index, incarnation + 1);
      return;
    }
    // The last phase: no faults, until nothing waits and a report said so.
    await route.run({ base: cleanUrl, device: who }, async () => {
      for (let i = 0; i < 60; i++) {
        if (restarting) await restarting;
        await tryAgain();
        const waiting = [
          ...(await db.results.find({ selector: { syncState: 'pending' } }).exec()),
          ...(await db.forms.find({ selector: { state: 'pending' } }).exec()),
          ...(await db.emails.find({ selector: { state: 'pending' } }).exec()),
        ];
        const device = await db.device.findOne('this').exec();
        const seen = device ? clean.reports.get(device.deviceId) : undefined;
        if (!waiting.length && (!device || (seen?.lastSeq === device.lastSeq && seen.pendingSeqs.length === 0))) return;
        await sleep(50);
      }
      const device = await db.device.findOne('this').exec();
      const waiting = await db.results.find({ selector: { syncState: 'pending' } }).exec();
      const { getSyncStatus } = await import('../../../pwa/src/offline/status');
      throw new Error(
        `fault harness seed ${seed} (FAULT_SEEDS=${seed}): device ${index} never finished syncing (lastSeq ${device?.lastSeq}, report ${JSON.stringify(device ? clean.reports.get(device.deviceId) : null)}, ${waiting.length} results waiting, last error ${getSyncStatus().lastError})`,
      );
    });
    await db.close();
  }

  let gaps = 0;
  try {
    for (let i = 0; i < ctx.devices; i += AT_ONCE) {
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, ctx.devices - i) }, (_, j) => session(i + j, 0)));
    }
    if (restarting) await restarting;
    gaps = await check(ctx, seed, made, incarnations, new Map([...faulty.reports, ...clean.reports]));
  } finally {
    await faulty.close();
    await clean.close();
  }
  return { seed, made: made.length, faults, killed: killAt >= 0, gaps };
}

/** The seed's checks: exactly once, nothing changed, gaps exactly the lost documents, tallies. */
async function check(
  ctx: HarnessContext,
  seed: number,
  made: Made[],
  incarnations: { deviceId: string | null; index: number; lost: boolean }[],
  reports: Map<string, { lastSeq: number; pendingSeqs: number[] }>,
): Promise<number> {
  let gaps = 0;
  const fail = (what: string): never => {
    throw new Error(`fault harness seed ${seed} (FAULT_SEEDS=${seed}): ${what}`);
  };
  const { store } = ctx;
  const stored = new Map<string, boolean>();
  for (const m of made) {
    if (m.kind === 'result') {
      const rows = await store.rows<{ id: string; result_status: string; answers: string }>(
        `select r.id, r.result_status, a.answers from test_results r join test_result_answers a on a.test_result_id = r.id where r.played_at = ?`,
        m.playedAt,
      );
      const expected = m.refused ? 0 : m.lost ? rows.length : 1;
      if (rows.length !== expected || rows.length > 1)
        fail(`result ${m.id} (device ${m.deviceId} no. ${m.seq}) stored ${rows.length} times, expected ${expected}`);
      const row = rows[0];
      stored.set(m.id, rows.length === 1);
      if (row) {
        if (row.id !== m.id) fail(`result ${m.id} stored under another id ${row.id}`);
        const answers = (
          JSON.parse(row.answers) as { scentCardId: number; scentOptionId: number; smellIntensity: number }[]
        )
          .map((a) => `${a.scentCardId}:${a.scentOptionId}:${a.smellIntensity}`)
          .sort();
        const sent = (m.answers ?? []).map((a) => `${a.scentCardId}:${a.scentOptionId}:${a.smellIntensity}`).sort();
        if (JSON.stringify(answers) !== JSON.stringify(sent) || row.result_status !== m.status)
          fail(`result ${m.id} changed: ${row.result_status} ${answers} against ${m.status} ${sent}`);
      }
    } else if (m.kind === 'questionnaire') {
      const rows = await store.rows<{ n: number | string }>(
        'select count(*) as n from questionnaire_answers where test_result_id = ?',
        m.resultId,
      );
      const n = Number(rows[0]?.n ?? 0);
      if (n !== 0 && n !== 5) fail(`questionnaire of ${m.resultId}: ${n} rows`);
      if (!m.lost && n !== 5) fail(`questionnaire ${m.id} (no. ${m.seq}) not stored`);
      stored.set(m.id, n === 5);
    } else {
      const n = ctx.mailsTo(m.email as string);
      if (n > 1 || (!m.lost && n !== 1)) fail(`e-mail ${m.id} (no. ${m.seq}) delivered ${n} times`);
      stored.set(m.id, n === 1);
    }
  }

  // Gaps: exactly the cleared device's lost documents made before its last report, not pending then.
  const names = await listDevices(ctx, `h${seed}d`);
  for (const inc of incarnations) {
    if (!inc.deviceId) continue;
    const row = names.get(inc.deviceId);
    const report = reports.get(inc.deviceId);
    if (!report) {
      if (row) fail(`device ${inc.deviceId} listed without a report`);
      continue;
    }
    if (!row) fail(`device ${inc.deviceId} (device ${inc.index}) reported but not listed`);
    // What this device lost (all of it when cleared, one queued result when partly), never
    // received, made before its last report and not waiting then: the gaps it must show, no other.
    // A number two documents share (a clash) is answered when the one kept reached the server.
    const kept = new Set(made.filter((m) => m.deviceId === inc.deviceId && !m.lost).map((m) => m.seq));
    const expected = made
      .filter((m) => m.deviceId === inc.deviceId && m.lost && !stored.get(m.id) && m.seq <= report.lastSeq)
      .filter((m) => !report.pendingSeqs.includes(m.seq) && !kept.has(m.seq))
      .map((m) => m.seq)
      .sort((a, b) => a - b);
    const shown = row as { missingCount: number; missingSeqs: number[]; pending: number };
    if (shown.missingCount !== expected.length || JSON.stringify(shown.missingSeqs) !== JSON.stringify(expected))
      fail(
        `device ${inc.index}${inc.lost ? ' (cleared)' : ''} shows missing ${JSON.stringify(shown.missingSeqs)} (${shown.missingCount}), expected ${JSON.stringify(expected)}`,
      );
    if (!inc.lost && shown.pending !== 0) fail(`device ${inc.index} still shows ${shown.pending} waiting`);
    gaps += expected.length;
  }

  // The kit's tallies equal a recount of what is stored (read as their readers read them).
  await store.flushTallies();
  const [tally] = await store.rows<{ plays: number | string; answers: number | string }>(
    `select
       (select coalesce(sum(answers), 0) from kit_answer_tallies where test_kit_id = ? and org_key = 0 and scent_card_id = 0) as plays,
       (select coalesce(sum(answers), 0) from kit_answer_tallies where test_kit_id = ? and org_key = 0 and scent_card_id <> 0) as answers`,
    ctx.kit.kitId,
    ctx.kit.kitId,
  );
  const [count] = await store.rows<{ plays: number | string; answers: number | string }>(
    `select count(*) as plays, coalesce(sum(${store.answersLength}), 0) as answers
       from test_results r join test_result_answers a on a.test_result_id = r.id where r.test_kit_id = ?`,
    ctx.kit.kitId,
  );
  if (Number(tally?.plays) !== Number(count?.plays) || Number(tally?.answers) !== Number(count?.answers))
    fail(`tallies ${tally?.plays} plays / ${tally?.answers} answers, recount ${count?.plays} / ${count?.answers}`);
  return gaps;
}

/** GetDeviceList as the Admin, straight to a server: the seed's devices by their names. */
async function listDevices(ctx: HarnessContext, prefix: string) {
  const out = new Map<string, { missingCount: number; missingSeqs: number[]; pending: number }>();
  for (let page = 1; ; page++) {
    const res = await realFetch(`${ctx.servers.urls()[0]}/api/Device/GetDeviceList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.adminToken}` },
      body: JSON.stringify({ pageNumber: page, rowsPerPage: 100, filter: { searchText: prefix } }),
    });
    const body = (await res.json()) as {
      data: {
        list: { deviceId: string; missingCount: number; missingSeqs: number[]; pending: number }[];
        totalCount: number;
      };
    };
    for (const row of body.data.list) out.set(row.deviceId, row);
    if (page * 100 >= body.data.totalCount) return out;
  }
}
