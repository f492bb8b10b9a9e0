import { type Kysely, sql } from 'kysely';

/**
 * The audit log: who did what to which record, when and from where. Append-only: no endpoint
 * edits or deletes it, and SQLite triggers refuse an update or delete of a row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`))
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('address', 'text')
    .addColumn('detail', 'text')
    .execute();
  await sql`CREATE INDEX audit_log_at ON audit_log (at)`.execute(db);
  await sql`CREATE INDEX audit_log_user ON audit_log (user_id)`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
    db,
  );
  await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
    db,
  );
}
