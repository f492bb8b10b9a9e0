import { randomUUID } from 'node:crypto';
import { REPORT_MSG, type VerifiedResult } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, makeTestApp, type TestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from '../../../test/play';

const verify = (t: TestApp, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/TestResult/VerifyResult?id=${encodeURIComponent(id)}` });

describe('GET /api/TestResult/VerifyResult (public)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("shows the server's record of a synced result and nothing that names the player", async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const playedAt = new Date(Date.now() - 3_600_000).toISOString();
    // 3 of 5 right: the server's own scoring (a Fail at threshold 4), whatever the device claimed.
    const doc = resultDoc(kit, answersFor(kit, 3), { playedAt, resultStatus: 'Pass', rightAnswerCount: 5 });
    expect(await push(t.app, [doc])).toEqual([]);

    const res = await verify(t, doc.id.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<VerifiedResult>(res);
    expect(body.status).toBe('Success');
    expect(body.data).toEqual({ resultStatus: 'Fail', rightAnswerCount: 3, testKitName: 'DEMO1', playedAt });
    expect(res.body).not.toContain('Smeller');
    expect(res.body).not.toContain('Pat');
  });

  it('answers an unknown, a malformed and a missing-looking id with the one 404 message', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "' or 1=1 --", 'x'.repeat(100)]) {
      const res = await verify(t, id);
      expect(res.statusCode, id).toBe(404);
      expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message: REPORT_MSG.resultNotSynced, data: null });
    }
  });

  it('refuses a missing id with 400 and the envelope, never a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/TestResult/VerifyResult' });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).status).toBe('Failure');
  });
});
