import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/helpers';
import { type Db, inTransaction, openDatabase, watchCommits } from './database';

/** SQLite's group commit (TransactionOptions.grouped, db/database.ts). */
describe('grouped transactions on SQLite', () => {
  const dbs: Db[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
  });
  async function freshDb(): Promise<Db> {
    const db = openDatabase(path.join(makeTempDir('scentry-group-'), 'scentry.db'));
    dbs.push(db);
    await sql`create table t (id integer primary key, v text not null unique)`.execute(db);
    return db;
  }
  const values = async (db: Db) =>
    (await sql<{ v: string }>`select v from t order by id`.execute(db)).rows.map((r) => r.v);
  const insert = (v: string) => (trx: Db) => sql`insert into t (v) values (${v}) returning id`.execute(trx);

  it('commits the works of one turn once, each answered with its own value', async () => {
    const db = await freshDb();
    let commits = 0;
    watchCommits(db, () => {
      commits += 1;
    });
    const seen = new Set<unknown>();
    const works = ['a', 'b', 'c'].map((v) =>
      inTransaction(
        db,
        async (trx) => {
          seen.add(trx);
          return (await insert(v)(trx)).rows[0];
        },
        { grouped: true },
      ),
    );
    expect(await Promise.all(works)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(commits).toBe(1);
    expect(seen.size).toBe(1);
    expect(await values(db)).toEqual(['a', 'b', 'c']);
    // A later turn is a group of its own.
    await inTransaction(db, insert('d'), { grouped: true });
    expect(commits).toBe(2);
  });

  it('takes at most 16 works a group, letting other requests run between groups', async () => {
    const db = await freshDb();
    let commits = 0;
    watchCommits(db, () => {
      commits += 1;
    });
    const order: string[] = [];
    const works = Array.from({ length: 40 }, (_, i) =>
      inTransaction(db, insert(`v${i}`), { grouped: true }).then(() => order.push(`work ${i}`)),
    );
    // A request that comes in meanwhile is served before the later groups.
    setImmediate(() => void sql`select count(*) from t`.execute(db).then(() => order.push('other')));
    await Promise.all(works);
    expect(commits).toBe(3);
    expect((await values(db)).length).toBe(40);
    expect(order.indexOf('other')).toBeGreaterThan(order.indexOf('work 15'));
    expect(order.indexOf('other')).toBeLessThan(order.indexOf('work 39'));
  });

  it('rolls a failing work back alone: the others of its group commit', async () => {
    const db = await freshDb();
    const works = [
      inTransaction(db, insert('a'), { grouped: true }),
      inTransaction(
        db,
        async (trx) => {
          await insert('b')(trx);
          throw new Error('refused after its write');
        },
        { grouped: true },
      ),
      inTransaction(db, insert('a'), { grouped: true }), // the unique key: fails
      inTransaction(db, insert('c'), { grouped: true }),
    ];
    const settled = await Promise.allSettled(works);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toContain('refused after its write');
    expect((settled[2] as PromiseRejectedResult).reason.code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(await values(db)).toEqual(['a', 'c']);
  });

  it('fails only the work that needs a page on a full disk, with SQLITE_FULL; writes go on once there is room', async () => {
    const db = await freshDb();
    // A full disk, as SQLite sees one: its page count capped where it stands.
    // (Kysely's CamelCasePlugin names the pragma's column pageCount.)
    const pages = await sql<{ pageCount: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${Number(pages.rows[0].pageCount)}`).execute(db);
    const settled = await Promise.allSettled([
      inTransaction(db, insert('small'), { grouped: true }),
      inTransaction(db, insert('x'.repeat(20_000)), { grouped: true }),
      inTransaction(db, insert('after'), { grouped: true }),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.code).toBe('SQLITE_FULL');
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    await inTransaction(db, insert('x'.repeat(20_000)), { grouped: true });
    expect((await values(db)).map((v) => v.slice(0, 5))).toEqual(['small', 'after', 'xxxxx']);
  });

  it('rejects every work of the group with the cause when the commit itself fails: none is stored', async () => {
    const db = await freshDb();
    // A key checked at the commit: the group's commit fails for one work's row.
    await sql`create table c (p integer references t (id) deferrable initially deferred)`.execute(db);
    const settled = await Promise.allSettled([
      inTransaction(db, insert('a'), { grouped: true }),
      inTransaction(db, (trx) => sql`insert into c (p) values (999)`.execute(trx), { grouped: true }),
      inTransaction(db, insert('b'), { grouped: true }),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const s of settled) expect((s as PromiseRejectedResult).reason.code).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
    expect(await values(db)).toEqual([]);
    await inTransaction(db, insert('later'), { grouped: true });
    expect(await values(db)).toEqual(['later']);
  });
});
