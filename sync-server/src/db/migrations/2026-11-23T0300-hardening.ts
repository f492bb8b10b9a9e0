import type { Kysely } from 'kysely';

/**
 * users.token_version: a token names the version it was signed under; a password change or reset
 * raises it, so older tokens stop working. users.kept_token_id: the one token that survives its
 * own user's password change (the session that made it).
 * test_results.played_at_adjusted: 1 when the device's play time was impossible (ahead of the
 * server or before the kit version existed) and the time received was stored instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('kept_token_id', 'text').execute();
  await db.schema
    .alterTable('test_results')
    .addColumn('played_at_adjusted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
