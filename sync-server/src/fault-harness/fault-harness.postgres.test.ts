import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../test/mail';
import { makeTestDatabase, type TestDatabase, testDatabaseUrl } from '../test/postgres';
import { expectFaultsInjected, harnessContext, runSeeds, seedsToRun } from './harness';
import { HARNESS_ADMIN, harnessServers } from './servers';

/**
 * The fault harness on PostgreSQL (issue 43): two instances on one database behind the faulty
 * proxy (it sends each request to one or the other), every other seed killing one of them
 * (kill -9); 10 seeds by default, `FAULT_SEEDS` as on SQLite.
 */
describe.skipIf(!testDatabaseUrl())('fault harness on PostgreSQL, two instances', () => {
  let smtp: TestSmtp;
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof harnessServers>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    database = await makeTestDatabase({ prefix: 'harness' });
    server = await harnessServers(smtp.url, { databaseUrl: database.url, instances: 2 });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await smtp?.close();
  });

  it('every document stored once, unchanged; gaps exactly the lost ones; tallies recount', async () => {
    const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address)).length;
    const ctx = await harnessContext(server.servers, server.store, HARNESS_ADMIN, mailsTo, { killEvery: 2 });
    const outcomes = await runSeeds(ctx, seedsToRun(10));
    if (!process.env.FAULT_SEEDS) expectFaultsInjected(outcomes, 4);
  }, 240_000);
});
