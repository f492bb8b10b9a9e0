import type { Db } from '../db/database';

/** A key's row as read: its state (JSON; '' for a row just made to hold the key's lock). */
export interface RateCounterRow {
  state: string;
  expiresAt: number;
}

const rowOf = (row: { state: string; expiresAt: number | string }): RateCounterRow => ({
  state: row.state,
  expiresAt: Number(row.expiresAt),
});

/**
 * Reads `key`'s row for a change, making an empty one when there is none, and holds it until the
 * transaction ends: on PostgreSQL the upsert locks the row (a second instance's change of the same
 * key waits, then reads what this one wrote); on SQLite the write takes the database's write lock.
 * Either way one read-modify-write of a key never interleaves with another. Call in a transaction.
 */
export async function lockRateCounter(trx: Db, key: string): Promise<RateCounterRow> {
  const row = await trx
    .insertInto('rateCounters')
    .values({ key, state: '', expiresAt: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ expiresAt: eb.ref('rateCounters.expiresAt') })))
    .returning(['state', 'expiresAt'])
    .executeTakeFirstOrThrow();
  return rowOf(row);
}

/** `key`'s row without locking it (a peek), or undefined. */
export async function findRateCounter(db: Db, key: string): Promise<RateCounterRow | undefined> {
  const row = await db
    .selectFrom('rateCounters')
    .select(['state', 'expiresAt'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row && rowOf(row);
}

export async function putRateCounter(trx: Db, key: string, state: string, expiresAt: number): Promise<void> {
  await trx.updateTable('rateCounters').set({ state, expiresAt }).where('key', '=', key).execute();
}

export async function deleteRateCounter(trx: Db, key: string): Promise<void> {
  await trx.deleteFrom('rateCounters').where('key', '=', key).execute();
}

/** Deletes the rows that mean nothing at `now` (and empty ones left by a failed change): how many. */
export async function deleteExpiredRateCounters(db: Db, now: number): Promise<number> {
  const r = await db.deleteFrom('rateCounters').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** How many rows there are (tests, and the operator's curiosity). */
export async function countRateCounters(db: Db): Promise<number> {
  const row = await db
    .selectFrom('rateCounters')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
