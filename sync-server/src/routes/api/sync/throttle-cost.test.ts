import { MSG, PULL_MAX_CODES, PUSH_MAX_ROWS } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, type TestApp, useTestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, resultDoc, resultRows } from '../../../test/play';

/*
 * A public request costs its work against its throttle (API.md "Costs, throttles and privacy of
 * places"): a push one token per document, a kit pull one per code asked. Windows of an hour, so
 * the buckets do not refill noticeably while a test runs.
 */

const rows = (docs: unknown[]) => docs.map((d) => ({ assumedMasterState: null, newDocumentState: d }));

const pushFrom = (app: FastifyInstance, remoteAddress: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/sync/results/push', payload: payload as object, remoteAddress });

const pullFrom = (app: FastifyInstance, remoteAddress: string, codes: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/sync/kits/pull',
    payload: { codes, checkpoint: null, batchSize: 50 },
    remoteAddress,
  });

function expectRefused(res: Awaited<ReturnType<typeof pushFrom>>, seconds: [number, number]) {
  expect(res.statusCode, res.body).toBe(429);
  expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.tooManyRequests, error: null, data: null });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(seconds[0]);
  expect(retryAfter).toBeLessThanOrEqual(seconds[1]);
}

describe('a results push costs one token per document', () => {
  const t: TestApp = useTestApp({ env: { ...DEMO_ENV, RATE_LIMIT_SUBMIT: '150/1h' } });
  let docs: () => unknown[];

  beforeAll(async () => {
    const demo = await liveKit(t.app, 'DEMO1');
    docs = () => Array.from({ length: PUSH_MAX_ROWS }, () => resultDoc(demo, answersFor(demo)));
  });

  it('takes a push of 100 whole, then refuses a second 100 whole with the wait for the 50 missing', async () => {
    const address = '203.0.113.10';
    const before = (await resultRows(t.app)).results;
    const first = await pushFrom(t.app, address, rows(docs()));
    expect(first.statusCode, first.body).toBe(200);
    expect((await resultRows(t.app)).results).toBe(before + 100);

    // 50 tokens left of 150: 50 more come in 50 × 24 s = 1200 s.
    const second = await pushFrom(t.app, address, rows(docs()));
    expectRefused(second, [1190, 1200]);
    expect((await resultRows(t.app)).results, 'nothing of the refused push is stored').toBe(before + 100);

    // The 50 left are there to take: a push of one costs one, 49 more fit, then the bucket is empty.
    expect((await pushFrom(t.app, address, rows(docs().slice(0, 1)))).statusCode).toBe(200);
    expect((await pushFrom(t.app, address, rows(docs().slice(0, 49)))).statusCode).toBe(200);
    expect((await resultRows(t.app)).results).toBe(before + 150);
    expectRefused(await pushFrom(t.app, address, rows(docs().slice(0, 1))), [1, 24]);
    expect((await resultRows(t.app)).results).toBe(before + 150);

    // Another address has its own bucket.
    expect((await pushFrom(t.app, '198.51.100.10', rows(docs().slice(0, 1)))).statusCode).toBe(200);
  });

  it('refuses before validating: an empty bucket answers 429 even to a malformed push', async () => {
    const address = '203.0.113.11';
    expect((await pushFrom(t.app, address, rows(docs()))).statusCode).toBe(200);
    expect((await pushFrom(t.app, address, rows(docs().slice(0, 50)))).statusCode).toBe(200);
    expectRefused(await pushFrom(t.app, address, { not: 'an array' }), [1, 24]);
  });

  it('counts a body that is not an array as one, and a push over the cap as the cap (the schema refuses both)', async () => {
    const address = '203.0.113.12';
    const notArray = await pushFrom(t.app, address, { length: 1000 });
    expect(notArray.statusCode).toBe(400);
    const tooMany = await pushFrom(t.app, address, rows([...docs(), ...docs()]));
    expect(tooMany.statusCode).toBe(400);
    // 1 + 100 taken: 49 left.
    expect((await pushFrom(t.app, address, rows(docs().slice(0, 49)))).statusCode).toBe(200);
    expectRefused(await pushFrom(t.app, address, rows(docs().slice(0, 1))), [1, 24]);
  });
});

describe('a kit pull costs one token per code asked', () => {
  const t: TestApp = useTestApp({ env: { ...DEMO_ENV, RATE_LIMIT_READ: '120/1h' } });
  const codes = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `GUESS${from + i}`);

  it('takes two pulls of 50 codes, refuses a third, then takes exactly the 20 left', async () => {
    const address = '203.0.113.20';
    expect(PULL_MAX_CODES).toBe(50);
    const first = await pullFrom(t.app, address, codes(50));
    expect(first.statusCode, first.body).toBe(200);
    expect(envelopeOf<{ unknownCodes: string[] }>(first).data.unknownCodes).toHaveLength(50);
    expect((await pullFrom(t.app, address, codes(50, 50))).statusCode).toBe(200);
    // 20 tokens left of 120: 30 more come in 30 × 30 s = 900 s.
    expectRefused(await pullFrom(t.app, address, codes(50, 100)), [890, 900]);
    expect((await pullFrom(t.app, address, codes(20, 100))).statusCode).toBe(200);
    expectRefused(await pullFrom(t.app, address, ['DEMO1']), [1, 30]);
    // Looking a code up one at a time costs the same: the read bucket is shared.
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/SentCard/GetSentCardDetails?testKitName=DEMO1',
      remoteAddress: address,
    });
    expect(lookup.statusCode).toBe(429);
  });

  it('counts a pull with no code list as one', async () => {
    const address = '203.0.113.21';
    expect((await pullFrom(t.app, address, codes(50))).statusCode).toBe(200);
    expect((await pullFrom(t.app, address, codes(50, 50))).statusCode).toBe(200);
    expect((await pullFrom(t.app, address, 'DEMO1')).statusCode).toBe(400);
    expect((await pullFrom(t.app, address, codes(19, 100))).statusCode).toBe(200);
    expectRefused(await pullFrom(t.app, address, ['DEMO1']), [1, 30]);
  });
});
