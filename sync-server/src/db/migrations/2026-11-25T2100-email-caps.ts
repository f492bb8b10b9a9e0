import { type Kysely, sql } from 'kysely';

/**
 * The e-mail caps of API.md "E-mails and passes": `client_key` is a keyed hash (HMAC) of the
 * requesting address, never the address itself, kept only while it counts (a day: later sends
 * clear it), for the different recipients one address may e-mail a day; the (result, kind) index
 * serves the recipients per result. Rows stored before this have no key and count for no address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE emails ADD COLUMN client_key TEXT`.execute(db);
  await sql`CREATE INDEX emails_client_at ON emails (client_key, created_at) WHERE client_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX emails_result_kind ON emails (test_result_id, kind)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX emails_result_kind`.execute(db);
  await sql`DROP INDEX emails_client_at`.execute(db);
  await sql`ALTER TABLE emails DROP COLUMN client_key`.execute(db);
}
