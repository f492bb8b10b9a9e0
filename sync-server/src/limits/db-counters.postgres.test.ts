import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../db/database';
import { countRateCounters } from '../repositories/rate-counters';
import { expectSameAsMemory } from '../test/counters-walk';
import { migratedTemplate } from '../test/helpers';
import { makeTestDatabase, type TestDatabase, testDatabaseUrl } from '../test/postgres';
import { DbCounters, dbCounters } from './db-counters';
import { LoginLimiter } from './login-limiter';
import { Throttle } from './throttle';

/**
 * DbCounters on a real PostgreSQL (issue 26), in a run on PostgreSQL: a database of its own, a
 * copy of the run's migrated template, dropped at the end.
 */
const MINUTE = 60_000;

describe.skipIf(!testDatabaseUrl())('DbCounters on PostgreSQL', () => {
  let database: TestDatabase | undefined;
  const dbs: Db[] = [];
  /** A new pool to the test database: one "instance". */
  const instance = (max = 4): Db => {
    if (!database) throw new Error('no database');
    const db = openPostgres(database.url, max);
    dbs.push(db);
    return db;
  };

  beforeAll(async () => {
    database = await makeTestDatabase({ prefix: 'counters', template: await migratedTemplate() });
  });

  // Each test's pools end with it: the throw-away cluster allows few connections.
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
  });

  afterAll(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
    await database?.drop();
  });

  it('the table is unlogged, its expiry a bigint', async () => {
    const { rows } = await sql<{ relpersistence: string }>`
      select relpersistence from pg_class where relname = 'rate_counters'`.execute(instance(1));
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('answers exactly as MemoryCounters does, step for step', async () => {
    await expectSameAsMemory(new DbCounters(instance(), 'same'), 200, 11);
  });

  it('two instances: the sign-in limit counts across both, a success is taken back on either', async () => {
    const now = () => 1_700_000_000_000;
    const limits = { perAddress: 10, perAccount: 30, perClient: 50, perDevice: 10, windowMs: 15 * MINUTE };
    const one = new LoginLimiter(limits, now, dbCounters(instance())('login'));
    const two = new LoginLimiter(limits, now, dbCounters(instance())('login'));
    const who = { email: 'alice@x.test', address: '10.0.0.1' };
    let allowed = 0;
    for (let i = 0; i < 12; i++) if ((await (i % 2 ? two : one).begin(who)).ok) allowed++;
    expect(allowed).toBe(10);
    expect(await one.begin(who)).toEqual({ ok: false, retryAfterSeconds: 15 * 60 });
    // A success takes its attempt back: its three keys (no other hit) go.
    const rows = await countRateCounters(instance(1));
    const other = await two.begin({ email: 'bob@x.test', address: '10.0.0.2' });
    if (!other.ok) throw new Error('refused');
    expect(await countRateCounters(instance(1))).toBe(rows + 3);
    await other.attempt.succeeded();
    expect(await countRateCounters(instance(1))).toBe(rows);
  });

  // Two pools of 10 (two servers) making 200 attempts each at one moment, against a limit of 20.
  it.each(['bucket', 'window'])('two instances taking at once let exactly the limit through (%s)', async (mode) => {
    const counters = [instance(), instance()].map((db) => dbCounters(db)(`race-${mode}`));
    const one = (c: (typeof counters)[number]) =>
      mode === 'bucket'
        ? c.take('shared', { limit: 20, windowMs: MINUTE }, 1, 1_700_000_000_000)
        : c.hit([{ key: 'shared', limit: 20 }], MINUTE, 1_700_000_000_000);
    const answers = await Promise.all(counters.flatMap((c) => Array.from({ length: 200 }, () => one(c))));
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
  });

  it('sign-ins racing over shared keys in different orders never deadlock and count exactly', async () => {
    const now = () => 1_700_000_000_000;
    const limits = { perAddress: 1000, perAccount: 1000, perClient: 25, perDevice: 10, windowMs: 15 * MINUTE };
    const limiters = [instance(), instance()].map((db) => new LoginLimiter(limits, now, dbCounters(db)('deadlock')));
    // Many accounts from one address: every attempt locks the address's key and two others.
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        limiters[i % 2].begin({ email: `user${i % 7}@x.test`, address: '192.0.2.9' }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(25);
  });

  it('a throttle over two instances', async () => {
    const now = () => 1_700_000_000_000;
    const rate = { limit: 150, windowMs: MINUTE };
    const one = new Throttle(rate, now, 100_000, dbCounters(instance())('submit'));
    const two = new Throttle(rate, now, 100_000, dbCounters(instance())('submit'));
    expect(await one.take('203.0.113.7', 100)).toEqual({ ok: true });
    expect(await two.take('203.0.113.7', 100)).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(await two.take('203.0.113.7', 50)).toEqual({ ok: true });
    expect(await one.peek('203.0.113.7')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});
