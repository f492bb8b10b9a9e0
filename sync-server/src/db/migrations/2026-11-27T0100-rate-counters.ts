import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The shared state of the limits (issue 26): with DATABASE_URL, the sign-in limits (per address,
 * account, client and device token) and the throttles (reset links, the public endpoints' per
 * address ones) count here, so every instance counts together; on SQLite they stay in memory and
 * this table stays empty.
 *
 * One row per key of one limit: `key` is a hash of the limit's name and its key (an e-mail, an
 * address: never stored as such), `state` the JSON of a token bucket or of the times of the hits in
 * the window (lib/counters.ts), `expires_at` (epoch ms) when the row means nothing any more (a full
 * bucket, no hit left in the window): such rows are deleted by the store's sweep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE rate_counters (
    key TEXT PRIMARY KEY NOT NULL,
    state TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX rate_counters_expires ON rate_counters (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE rate_counters`.execute(db);
}

/**
 * The same table on PostgreSQL (issue 26: every migration from here has both versions). UNLOGGED:
 * the counts are written on every public request and are worth nothing after a crash or on a
 * replica (losing them forgives, as a restart does in memory), so they skip the WAL. `expires_at`
 * is bigint (epoch ms passes 2^31); `pg` returns it as a string, which the store reads with Number.
 */
export const postgres: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`CREATE UNLOGGED TABLE rate_counters (
      key text PRIMARY KEY,
      state text NOT NULL,
      expires_at bigint NOT NULL
    )`.execute(db);
    await sql`CREATE INDEX rate_counters_expires ON rate_counters (expires_at)`.execute(db);
  },
  down,
};
