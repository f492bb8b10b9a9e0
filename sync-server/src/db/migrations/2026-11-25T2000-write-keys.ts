import { type Kysely, sql } from 'kysely';

/**
 * A result's write key (API.md "Writing to a result"): the SHA-256 of the key the device made with
 * the result, fixed when the result is first stored. NULL for results stored without one (before
 * this change, or by a build that sends none): writes to those are taken without a key, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE test_results ADD COLUMN write_key_hash TEXT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE test_results DROP COLUMN write_key_hash`.execute(db);
}
