import { HEALTH_MSG, MSG } from '@scentry/shared-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../../../../scripts/lib/postgres.mjs';
import {
  envelopeOf,
  makeTestApp,
  signInRequest,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestApp,
  testDatabaseUrl,
} from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, pushRequest, resultDoc } from '../../../test/play';

/**
 * The database stopped under a running server (API.md: 503 'Service unavailable' for every call
 * that needs it, sign-in included; health 503 `db: "down"`), on a PostgreSQL cluster of its own
 * that the test stops.
 */
describe.runIf(testDatabaseUrl())('PostgreSQL stopped under a running server', () => {
  let cluster: ThrowawayCluster | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.cleanup().catch(() => {});
    await cluster?.stop();
  });

  it('answers 503 to sign-in, pushes and reads, and health says "down"', async () => {
    cluster = await startThrowawayCluster({ poolSize: 2 });
    t = await makeTestApp({ env: { ...DEMO_ENV, DATABASE_URL: cluster.url, RATE_LIMITS: 'off' }, logLevel: 'silent' });
    const kit = await liveKit(t.app, 'DEMO1');
    expect((await signInRequest(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);

    await cluster.stop();
    const unavailable = { status: 'Failure', message: MSG.serviceUnavailable, error: null, data: null };
    const signIn = await signInRequest(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    expect(signIn.statusCode, signIn.body).toBe(503);
    expect(envelopeOf(signIn)).toEqual(unavailable);
    const pushed = await pushRequest(t.app, [
      { assumedMasterState: null, newDocumentState: resultDoc(kit, answersFor(kit)) },
    ]);
    expect(pushed.statusCode).toBe(503);
    expect(envelopeOf(pushed)).toEqual(unavailable);
    const pull = await t.app.inject({
      method: 'POST',
      url: '/api/sync/kits/pull',
      payload: { codes: ['DEMO1'], checkpoint: null },
    });
    expect(pull.statusCode).toBe(503);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(envelopeOf(health)).toMatchObject({ message: HEALTH_MSG.databaseDown, data: { db: 'down' } });
  }, 60_000);
});
