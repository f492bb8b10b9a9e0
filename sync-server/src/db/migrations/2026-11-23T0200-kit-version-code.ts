import { type Kysely, sql } from 'kysely';

/**
 * kit_versions.code: the kit code each snapshot was served under, indexed, so "which kits ever
 * carried this code" is an index lookup instead of a match on snapshot text. Existing rows are
 * filled from their snapshot's `id` (the code in lower case).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kit_versions').addColumn('code', 'text').execute();
  const rows = await db.selectFrom('kit_versions').select(['test_kit_id', 'version', 'snapshot']).execute();
  for (const row of rows) {
    const code = String((JSON.parse(row.snapshot) as { id?: unknown }).id ?? '');
    await db
      .updateTable('kit_versions')
      .set({ code })
      .where('test_kit_id', '=', row.test_kit_id)
      .where('version', '=', row.version)
      .execute();
  }
  await sql`CREATE INDEX kit_versions_code ON kit_versions (code)`.execute(db);
}
