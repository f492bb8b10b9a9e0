import { appendFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT, type EndpointName } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureUsers, makeJwt, makeTestApp, signIn, type TestApp } from '../test/helpers';
import { answersFor, liveKit, push, resultDoc } from '../test/play';
import { FailureLog, problemOf, type ReplyLike } from './check';
import { type FuzzRequest, type GenContext, generateRequest, schemaPool } from './generate';
import { listOperations, type OpenApiDoc, type OperationRef } from './openapi';
import { mixSeed, Rng, stringSeed } from './rng';
import { FUZZ_RESULT_IDS, FUZZ_WRITE_KEY } from './values';

/**
 * A fuzz suite driven by the app's own OpenAPI document: for every operation, several hundred
 * requests made from its schemas, valid-looking and mutated, with no token, the Admin's or a
 * garbage one. No reply may be a 5xx; every JSON reply and every refusal must be the envelope.
 *
 * Replay: FUZZ_SEED=<seed> (printed) makes the same requests; FUZZ_ONLY=<id>,<id> sends only those
 * (ids are printed with each failure); FUZZ_PER_OP changes how many requests each operation gets;
 * FUZZ_TRACE=<file> writes every request and its reply status as JSON lines.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 0x5ce17) >>> 0;
/** The full budget (the SQLite run); the PostgreSQL run of `npm test` sends fewer per operation. */
const FULL_PER_OP = 400;
const PER_OP = Number(process.env.FUZZ_PER_OP ?? FULL_PER_OP);
/** FUZZ_TRACE=<file>: one JSON line per request (input, status, reply excerpt), to see what was sent. */
const TRACE = process.env.FUZZ_TRACE;
const ONLY = new Set((process.env.FUZZ_ONLY ?? '').split(',').filter(Boolean));
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 20_000;
/** At least 10,000 requests a full run; a smaller budget (FUZZ_PER_OP) lowers it in proportion. */
const MIN_TOTAL = Math.ceil((10_000 * Math.min(PER_OP, FULL_PER_OP)) / FULL_PER_OP);
/** Input kinds every full run must have sent at least once. */
const REQUIRED_KINDS = [
  'valid',
  'wrong-type',
  'null',
  'huge-string',
  'deep-nesting',
  'deep-nesting-top',
  'unicode',
  'proto-key',
  'proto-value',
  'proto',
  'huge-number',
  'negative',
  'nan-string',
  'extra-keys',
  'missing-required',
  'case-variant-keys',
  'duplicate-key',
  'boundary',
  'repeated-keys',
  'array-syntax',
  'malformed-percent',
  'malformed-json',
  'wrong-content-type',
  'empty-body',
  'top-level-wrong-type',
  'huge-body',
  'mp-missing-part',
  'mp-non-png',
  'mp-model-not-json',
  'mp-truncated',
  'mp-bad-boundary',
  'route-method',
  'route-path',
];

interface SendInput {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

type SendResult = { ok: true; reply: ReplyLike } | { ok: false; timeout: boolean; error: string };

/**
 * Sends through `app.inject`. A throw from inject itself (it refuses some input before the app
 * sees it) is "could not send", not a server failure; no reply in time is reported as a timeout.
 */
async function send(app: FastifyInstance, r: SendInput): Promise<SendResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([
      app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: r.headers,
        ...(r.payload !== undefined ? { payload: r.payload } : {}),
      }),
      timeout,
    ]);
    if (res === 'timeout') return { ok: false, timeout: true, error: `no reply within ${REQUEST_TIMEOUT_MS} ms` };
    return { ok: true, reply: { statusCode: res.statusCode, headers: res.headers, body: res.body } };
  } catch (err) {
    return { ok: false, timeout: false, error: `${(err as Error)?.name}: ${(err as Error)?.message}`.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

/** The envelope check of one hand-made request, with the reply in the message. */
function expectEnvelope(url: string, result: SendResult): ReplyLike {
  if (!result.ok) throw new Error(`${url}: could not send / no reply: ${result.error}`);
  const { reply } = result;
  const problem = problemOf(url, reply);
  expect(problem, `${url} → ${reply.statusCode}: ${reply.body.slice(0, 300)}`).toBeNull();
  expect(reply.statusCode, reply.body.slice(0, 300)).toBeLessThan(500);
  return reply;
}

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

describe('fuzz: the API answers anything with the envelope, never a 5xx', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let adminToken: string;
  let adminId: number;
  const protoBefore = prototypeKeys();

  beforeAll(async () => {
    // Errors only: the captured log then holds what each 5xx threw, and stays small.
    // On PostgreSQL a connection for each request in flight: with fewer, requests queue for one and
    // a busy machine turns the wait into the pool's connect timeout (a 500 of the harness, not the API).
    t = await makeTestApp({
      env: { SEED_DEMO: '1', RATE_LIMITS: 'off', DATABASE_POOL: String(CONCURRENCY) },
      logLevel: 'error',
    });
    const fixtures = await createFixtureUsers(t.app);
    adminId = fixtures.admin.id;
    adminToken = await signIn(t.app, fixtures.admin.email, fixtures.admin.password);
    // Results for the writes to meet: one with the suite's write key, one from before the keys.
    const demo = await liveKit(t.app, 'DEMO1');
    const stored = [
      resultDoc(demo, answersFor(demo), { id: FUZZ_RESULT_IDS.keyed, writeKey: FUZZ_WRITE_KEY }),
      resultDoc(demo, answersFor(demo), { id: FUZZ_RESULT_IDS.keyless }),
    ];
    expect(await push(t.app, stored)).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApiDoc;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const admin = () => ({ authorization: `Bearer ${adminToken}` });
  const json = { 'content-type': 'application/json' };

  describe('known-dangerous inputs', () => {
    it('sync push with a newDocumentState nested 5,000 deep', async () => {
      const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
      const url = '/api/sync/results/push';
      expectEnvelope(
        url,
        await send(t.app, { method: 'POST', url, headers: json, payload: `[{"newDocumentState":${deep}}]` }),
      );
      // The same depth inside an otherwise plausible result document.
      const doc = `{"id":"0b7e3c4a-1f2d-4e5f-8a9b-0c1d2e3f4a5b","testKitId":1,"playedAt":"2026-01-01T00:00:00.000Z","testResultDetails":[],"extra":${deep}}`;
      expectEnvelope(
        url,
        await send(t.app, { method: 'POST', url, headers: json, payload: `[{"newDocumentState":${doc}}]` }),
      );
    });

    it('a list with a 50,000-character filter, and with 2,000 sortColumns, is refused (documented caps)', async () => {
      const url = '/api/ScentCardOption/GetScentCardOptionList';
      const headers = { ...admin(), ...json };
      const longFilter = await send(t.app, {
        method: 'POST',
        url,
        headers,
        payload: JSON.stringify({ pageNumber: 1, rowsPerPage: 10, filter: { title: 'x'.repeat(50_000) } }),
      });
      expect(expectEnvelope(url, longFilter).statusCode).toBe(400);
      const sortColumns = Array.from({ length: 2000 }, (_, i) => ({
        columnName: ['title', 'id', 'name', `col${i}`][i % 4],
        sortOrder: i % 2 ? 'asc' : 'desc',
      }));
      const manySorts = await send(t.app, {
        method: 'POST',
        url,
        headers,
        payload: JSON.stringify({ pageNumber: 1, rowsPerPage: 10, sortColumns }),
      });
      expect(expectEnvelope(url, manySorts).statusCode).toBe(400);
    });

    it('kits pull with prototype words as codes and as checkpoint keys', async () => {
      const url = '/api/sync/kits/pull';
      const codes = ['constructor', '__proto__', 'toString'];
      // Raw text: `__proto__` is a real key of the checkpoint, not the object's prototype. Refusing
      // such a key (400) is as fine as ignoring it; a 5xx or a polluted prototype is not.
      const payload = `{"codes":${JSON.stringify(codes)},"checkpoint":{"versions":{"constructor":5,"__proto__":3}}}`;
      const reply = expectEnvelope(url, await send(t.app, { method: 'POST', url, headers: json, payload }));
      expect([200, 400], reply.body.slice(0, 300)).toContain(reply.statusCode);
      const unknownCodes = (reply: ReplyLike) =>
        [...(JSON.parse(reply.body) as { data: { unknownCodes: string[] } }).data.unknownCodes].sort();
      if (reply.statusCode === 200) expect(unknownCodes(reply)).toEqual([...codes].sort());
      // Without `__proto__` as a key, nothing is refused: the words are plain codes nobody has.
      const plain = `{"codes":${JSON.stringify(codes)},"checkpoint":{"versions":{"constructor":5,"toString":3},"kitIds":{"valueOf":1}}}`;
      const ok = expectEnvelope(url, await send(t.app, { method: 'POST', url, headers: json, payload: plain }));
      expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
      expect(unknownCodes(ok)).toEqual([...codes].sort());
      expect(prototypeKeys()).toBe(protoBefore);
    });

    it('GET /api and /api/ are the 404 envelope, not HTML', async () => {
      for (const url of ['/api', '/api/']) {
        const reply = expectEnvelope(url, await send(t.app, { method: 'GET', url }));
        expect(reply.statusCode, `${url}: ${reply.body.slice(0, 200)}`).toBe(404);
        expect(String(reply.headers['content-type'])).toContain('application/json');
      }
    });

    it('a malformed percent-encoding in the query', async () => {
      for (const url of [
        '/api/TestKit/GetTestKitById?Id=%E0%A4%A',
        '/api/TestKit/GetTestKitById?Id=%',
        '/api/TestKit/GetTestKitById?%E0%A4%A=1',
        '/api/SentCard/GetSentCardDetails?testKitName=%E0%A4%A',
        '/api/TestResult/FindTestResultId?id=%ED%A0%80',
      ]) {
        expectEnvelope(url, await send(t.app, { method: 'GET', url }));
        expectEnvelope(url, await send(t.app, { method: 'GET', url, headers: admin() }));
      }
    });
  });

  it('fuzzes every endpoint of the contract: a new one joins by being declared, none is left out', () => {
    const fuzzed = new Set(listOperations(doc).map((op) => op.key));
    const missing = (Object.keys(CONTRACT) as EndpointName[])
      .map((name) => `${CONTRACT[name].route.method} ${CONTRACT[name].route.path}`)
      .filter((key) => !fuzzed.has(key));
    expect(missing).toEqual([]);
    // #25: the sessions endpoint is among them (it ends sessions: the suite's Admin token is kept).
    expect(fuzzed.has('POST /api/User/EndOtherSessions')).toBe(true);
  });

  it(`sends at least ${MIN_TOTAL} generated requests across every operation (seed ${SEED})`, async () => {
    const started = Date.now();
    const ops = listOperations(doc);
    expect(ops.length).toBeGreaterThan(0);
    const g: GenContext = {
      doc,
      adminToken,
      adminId,
      pool: schemaPool(doc),
      signJwt: (payload, header) => makeJwt(payload, t.config.jwtSecret, header),
      signForeignJwt: (payload) => makeJwt(payload, 'not-the-secret-of-this-server'),
    };

    // Round-robin over the operations, so every one meets the database in every state.
    const schedule: { ref: OperationRef; opIndex: number; i: number }[] = [];
    for (let i = 0; i < PER_OP; i++) {
      for (const [opIndex, ref] of ops.entries()) schedule.push({ ref, opIndex, i });
    }
    const todo = ONLY.size ? schedule.filter((s) => ONLY.has(`${s.opIndex}.${s.i}`)) : schedule;
    console.log(
      `[fuzz] seed ${SEED} (FUZZ_SEED=${SEED}), ${ops.length} operations × ${PER_OP}${ONLY.size ? `, FUZZ_ONLY: ${todo.length} of them` : ''} = ${todo.length} requests, ${CONCURRENCY} in flight`,
    );

    const failures = new FailureLog();
    const perOp = new Map<string, { sent: number; statuses: Map<string, number>; notSent: number }>();
    for (const ref of ops) perOp.set(ref.key, { sent: 0, statuses: new Map(), notSent: 0 });
    const notSent = new Map<string, number>();
    const notSentExamples: string[] = [];
    const kindCounts = new Map<string, number>();
    let sent = 0;

    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const { ref, opIndex, i } = todo[next++];
        // Each request has its own generator, so one can be made again alone (FUZZ_ONLY). It is
        // seeded by the operation's method and path, not its place in the contract: declaring or
        // moving another endpoint leaves every other operation's requests as they were.
        const seed = mixSeed(SEED, stringSeed(ref.key), i);
        let req: FuzzRequest;
        try {
          req = generateRequest(g, ref, new Rng(seed), `${opIndex}.${i}`, seed);
        } catch (err) {
          throw new Error(`generator failed for ${ref.key} #${opIndex}.${i} (seed ${SEED}): ${(err as Error).stack}`);
        }
        for (const kind of req.kinds) kindCounts.set(kind, (kindCounts.get(kind) ?? 0) + 1);
        const stats = perOp.get(ref.key)!;
        const result = await send(t.app, req);
        if (!result.ok && !result.timeout) {
          stats.notSent += 1;
          notSent.set(result.error, (notSent.get(result.error) ?? 0) + 1);
          if (notSentExamples.length < 5)
            notSentExamples.push(`#${req.id} ${req.desc.slice(0, 120)} → ${result.error}`);
          continue;
        }
        sent += 1;
        stats.sent += 1;
        if (!result.ok) {
          stats.statuses.set('timeout', (stats.statuses.get('timeout') ?? 0) + 1);
          failures.add(req, 'timeout', 'no reply', result.error);
          continue;
        }
        const { reply } = result;
        if (TRACE) {
          appendFileSync(
            TRACE,
            `${JSON.stringify({ id: req.id, op: req.opKey, method: req.method, url: req.url.slice(0, 200), kinds: req.kinds, input: req.desc.slice(0, 300), status: reply.statusCode, reply: reply.body.slice(0, 200) })}\n`,
          );
        }
        stats.statuses.set(String(reply.statusCode), (stats.statuses.get(String(reply.statusCode)) ?? 0) + 1);
        const problem = problemOf(req.url, reply);
        if (problem) failures.add(req, reply.statusCode, problem, reply.body);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    // The statistics: per operation, how many were sent and what came back.
    const rows = [...perOp.entries()].map(([key, s]) => {
      const statuses = [...s.statuses.entries()]
        .sort()
        .map(([k, n]) => `${k}:${n}`)
        .join(' ');
      return `  ${key.padEnd(58)} ${String(s.sent).padStart(5)} sent${s.notSent ? `, ${s.notSent} not sent` : ''}  ${statuses}`;
    });
    const kindsText = [...kindCounts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}:${n}`)
      .join(' ');
    console.log(`[fuzz] input kinds: ${kindsText}`);
    const notSentTotal = [...notSent.values()].reduce((a, b) => a + b, 0);
    console.log(
      `[fuzz] ${sent} replies in ${seconds} s (seed ${SEED}); ${notSentTotal} could not be sent by inject itself\n${rows.join('\n')}`,
    );
    if (notSentTotal) {
      console.log(
        `[fuzz] could not send (harness, not the server):\n${[...notSent.entries()].map(([e, n]) => `  ${n}× ${e}`).join('\n')}\n  e.g. ${notSentExamples.join('\n  e.g. ')}`,
      );
    }

    // What the 5xx threw, as the app logged it.
    const serverErrors = new Map<string, number>();
    for (const line of t.logs().split('\n')) {
      if (!line.trim()) continue;
      try {
        const entry = JSON.parse(line) as { level?: number; err?: { type?: string; message?: string; stack?: string } };
        if ((entry.level ?? 0) < 50 || !entry.err) continue;
        const at =
          entry.err.stack
            ?.split('\n')
            .find((l) => l.includes('/src/'))
            ?.trim() ?? '';
        const message = (entry.err.message ?? '').replace(/\s+/g, ' ').slice(0, 240);
        const key = `${entry.err.type ?? 'Error'}: ${message} ${at}`;
        serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
      } catch {
        // not a JSON log line
      }
    }
    const errorsText = [...serverErrors.entries()].map(([k, n]) => `  ${n}× ${k}`).join('\n');
    if (serverErrors.size) console.log(`[fuzz] errors the server logged (log entries):\n${errorsText}`);

    const reportFile = path.join(os.tmpdir(), `scentry-fuzz-${SEED}.json`);
    writeFileSync(
      reportFile,
      JSON.stringify(
        {
          seed: SEED,
          seconds: Number(seconds),
          sent,
          notSent: Object.fromEntries(notSent),
          perOperation: Object.fromEntries(
            [...perOp.entries()].map(([k, s]) => [
              k,
              { sent: s.sent, notSent: s.notSent, statuses: Object.fromEntries(s.statuses) },
            ]),
          ),
          failures: failures.toJSON(),
          serverErrors: Object.fromEntries(serverErrors),
        },
        null,
        2,
      ),
    );
    const report = failures.report(20);
    if (failures.total) console.log(`[fuzz] ${report}\n[fuzz] full report: ${reportFile}`);

    // The harness itself must work: nearly everything reached the app.
    expect(notSentTotal, 'requests inject itself refused').toBeLessThan(Math.max(10, todo.length * 0.02));
    if (!ONLY.size) {
      expect(sent).toBeGreaterThanOrEqual(MIN_TOTAL);
      for (const [key, s] of perOp) expect(s.sent, `${key} requests`).toBeGreaterThanOrEqual(Math.floor(PER_OP * 0.9));
      // Every kind of input the suite promises was actually sent (a query, body or model variant counts).
      const sentKinds = new Set([...kindCounts.keys()].map((k) => k.replace(/^(q-|model-)/, '')));
      const missing = REQUIRED_KINDS.filter((k) => !sentKinds.has(k));
      expect(missing, 'input kinds never generated').toEqual([]);
      // The write key was met: a form about the keyed result refused (403) for a missing or wrong
      // key. Reaching it takes the full budget; the generator (the same seed, whatever the engine)
      // is proven to reach it by the full run, on SQLite, while a smaller one (the PostgreSQL run)
      // still sends every operation every kind of input.
      if (PER_OP >= FULL_PER_OP) {
        const medical = [...perOp.entries()].find(([k]) => k.includes('SaveUserMedicalInformation'))?.[1];
        expect(medical?.statuses.get('403'), 'forms refused for a missing or wrong write key').toBeGreaterThan(0);
      }
    }
    expect(prototypeKeys(), 'Object.prototype changed during the run (prototype pollution)').toBe(protoBefore);
    expect(
      failures.total,
      `seed ${SEED}: ${report}${serverErrors.size ? `\nServer errors logged (log entries):\n${errorsText}` : ''}\nFull report: ${reportFile}`,
    ).toBe(0);
  }, 240_000);
});
