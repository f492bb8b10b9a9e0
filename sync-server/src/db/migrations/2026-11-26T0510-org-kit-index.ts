import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's "Total Test Kit" of a Client Admin (issue 24): the kits their organization's
 * results were played on within a period. With (organization_id, test_kit_id, played_at) each kit
 * is one probe of this index (whether the organization has a result of it in the range), where
 * the other indexes would read every result of the organization or of the kit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX test_results_org_kit_played ON test_results (organization_id, test_kit_id, played_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX test_results_org_kit_played`.execute(db);
}
