import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database';
import { migrateTo, migrateToLatest } from '../db/migrate';
import { countRateCounters } from '../repositories/rate-counters';
import { clock, limits } from '../test/clock';
import { expectSameAsMemory } from '../test/counters-walk';
import { DbCounters, dbCounters } from './db-counters';
import { LoginLimiter } from './login-limiter';
import { Throttle } from './throttle';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MINUTE = 60_000;

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A migrated database file, and a way to open more connections ("instances") to it. */
async function database(): Promise<{ file: string; open: () => Db }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scentry-counters-'));
  dirs.push(dir);
  const file = path.join(dir, 'scentry.db');
  const open = () => {
    const db = openDatabase(file);
    dbs.push(db);
    return db;
  };
  await migrateToLatest(open());
  return { file, open };
}

describe('the rate_counters migration', () => {
  it('adds the table and its index, and nothing else', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scentry-counters-'));
    dirs.push(dir);
    const db = openDatabase(path.join(dir, 'scentry.db'));
    dbs.push(db);
    const names = async () =>
      (await sql<{ name: string }>`select name from sqlite_master order by name`.execute(db)).rows.map((r) => r.name);
    await migrateTo(db, '2026-11-26T0610-totp');
    const before = await names();
    await migrateTo(db, '2026-11-27T0100-rate-counters');
    expect((await names()).filter((n) => !before.includes(n))).toEqual(['rate_counters', 'rate_counters_expires']);
    await migrateTo(db, '2026-11-26T0610-totp');
    expect(await names()).toEqual(before);
  });
});

describe('DbCounters: the counts in the database', () => {
  it('answers exactly as MemoryCounters does, step for step', async () => {
    const { open } = await database();
    await expectSameAsMemory(new DbCounters(open(), 'same'), 300, 7);
  });

  it('keeps no e-mail or address in the table: the keys are hashed', async () => {
    const { open } = await database();
    const db = open();
    await new LoginLimiter(limits(3), clock().now, dbCounters(db)('login')).begin({
      email: 'alice@x.test',
      address: '203.0.113.7',
    });
    const { rows } = await sql<{ key: string; state: string }>`select key, state from rate_counters`.execute(db);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.key).not.toMatch(/alice|203\.0\.113/);
      expect(row.state).toBe('[1700000000000]');
    }
  });

  it('sweeps the rows that mean nothing any more', async () => {
    const { open } = await database();
    const db = open();
    const c = clock();
    const counters = dbCounters(db, { sweepEveryMs: 5 * MINUTE });
    const throttle = new Throttle({ limit: 2, windowMs: MINUTE }, c.now, 100_000, counters('t'));
    const limiter = new LoginLimiter(limits(3), c.now, counters('login'));
    await throttle.take('a');
    await limiter.begin({ email: 'a@x.test', address: '10.0.0.1' });
    expect(await countRateCounters(db)).toBe(4);
    // Half a minute on, the bucket is full again (it refills 2 a minute) but the hits are recent.
    c.advance(MINUTE);
    expect(await new DbCounters(db, 'any').sweep(c.now())).toBe(1);
    expect(await countRateCounters(db)).toBe(3);
    // The next change past the sweep's interval sweeps by itself.
    c.advance(15 * MINUTE);
    await throttle.take('b');
    expect(await countRateCounters(db)).toBe(1);
  });

  it('takes back a success on the instance that did not count it', async () => {
    const { open } = await database();
    const c = clock();
    const one = new LoginLimiter(limits(2), c.now, dbCounters(open())('login'));
    const two = new LoginLimiter(limits(2), c.now, dbCounters(open())('login'));
    const began = await one.begin({ email: 'a@x.test', address: '10.0.0.1' });
    expect((await two.begin({ email: 'a@x.test', address: '10.0.0.1' })).ok).toBe(true);
    expect((await two.begin({ email: 'a@x.test', address: '10.0.0.1' })).ok).toBe(false);
    if (!began.ok) throw new Error('refused');
    await began.attempt.succeeded();
    expect((await two.begin({ email: 'a@x.test', address: '10.0.0.1' })).ok).toBe(true);
  });
});

describe('two instances on one database count together', () => {
  it('the sign-in limit: attempts on either count against both', async () => {
    const { open } = await database();
    const c = clock();
    const one = new LoginLimiter(limits(10), c.now, dbCounters(open())('login'));
    const two = new LoginLimiter(limits(10), c.now, dbCounters(open())('login'));
    let allowed = 0;
    for (let i = 0; i < 12; i++) {
      const limiter = i % 2 ? two : one;
      if ((await limiter.begin({ email: 'Alice@X.test', address: '10.0.0.1' })).ok) allowed++;
    }
    expect(allowed).toBe(10);
    expect(await one.begin({ email: 'alice@x.test', address: '10.0.0.1' })).toEqual({
      ok: false,
      retryAfterSeconds: 15 * 60,
    });
    // Another limit of the same name on a third connection sees it too; another name does not.
    expect(
      (
        await new LoginLimiter(limits(10), c.now, dbCounters(open())('login')).begin({
          email: 'alice@x.test',
          address: '10.0.0.1',
        })
      ).ok,
    ).toBe(false);
    expect(
      (
        await new LoginLimiter(limits(10), c.now, dbCounters(open())('other')).begin({
          email: 'alice@x.test',
          address: '10.0.0.1',
        })
      ).ok,
    ).toBe(true);
    c.advance(15 * MINUTE + 1);
    expect((await two.begin({ email: 'alice@x.test', address: '10.0.0.1' })).ok).toBe(true);
  });

  it('a throttle: tokens taken on one are gone on the other', async () => {
    const { open } = await database();
    const c = clock();
    const rate = { limit: 150, windowMs: MINUTE };
    const one = new Throttle(rate, c.now, 100_000, dbCounters(open())('submit'));
    const two = new Throttle(rate, c.now, 100_000, dbCounters(open())('submit'));
    expect(await one.take('203.0.113.7', 100)).toEqual({ ok: true });
    expect(await two.take('203.0.113.7', 100)).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(await two.peek('203.0.113.7')).toEqual({ ok: true });
    expect(await two.take('203.0.113.7', 50)).toEqual({ ok: true });
    expect(await one.peek('203.0.113.7')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('one instance taking many at once lets exactly the limit through', async () => {
    const { open } = await database();
    const counters = new DbCounters(open(), 'burst');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => counters.take('k', { limit: 20, windowMs: MINUTE }, 1, 1_700_000_000_000)),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
  });

  // Two processes, as two servers would be: each opens the file, says it is ready, and on the word
  // makes 200 attempts at once, 400 in all at one moment; the limit is 20. Counted apart (or read
  // and written without the lock) they would let more through.
  it.each(['bucket', 'window'])('two processes taking at once let exactly the limit through (%s)', async (mode) => {
    const { file } = await database();
    const instance = () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(HERE, '../test/counters-instance.ts'), file, mode, '200', '1700000000000'],
        { cwd: path.join(HERE, '../..'), stdio: ['pipe', 'pipe', 'inherit'] },
      );
      let out = '';
      child.stdout.setEncoding('utf8');
      const ready = new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('ready\n')) resolve();
        });
      });
      const done = new Promise<number>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve(Number(out.split('\n')[1])) : reject(new Error(`exit ${code}`)),
        );
      });
      return { child, ready, done };
    };
    const both = [instance(), instance()];
    await Promise.all(both.map((i) => i.ready));
    for (const { child } of both) child.stdin.end('go\n');
    const allowed = await Promise.all(both.map((i) => i.done));
    expect(allowed[0] + allowed[1]).toBe(20);
  });
});
