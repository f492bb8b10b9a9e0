import { type Kysely, sql } from 'kysely';

/**
 * emails: every report e-mail, one row per id (the device's UUID, or the server's when none was
 * sent), so one id is sent once however it arrives. The row is the claim: inserted before the
 * mail goes out (delivered null), marked 'smtp' or 'outbox' once it went, deleted when sending
 * failed so a retry may send it. The recipient is kept lower-cased: the rows of the last hour are
 * the per-recipient limit. The PDF itself is not kept, only the hash of what was sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('test_result_id', 'text', (c) => c.references('test_results.id'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`))
    .addColumn('delivered', 'text')
    .execute();
  await sql`CREATE INDEX emails_recipient_at ON emails (recipient, created_at)`.execute(db);
}
