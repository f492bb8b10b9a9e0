import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the staff's results list at a million results (newest first by default; filtered by
 * organization, kit, status and days). Each ends in (played_at, id): a page comes out of the index
 * already in order, so the first page reads a page's worth of rows; a date range is a range within
 * it; a count reads the index alone. They supersede the single-column indexes of the initial
 * schema, which any query can still use through their first column.
 *
 * Creation order matters while SQLite has no statistics (no ANALYZE yet): between two indexes it
 * rates alike, it takes the one created last. So the two-valued status comes first, then the kit,
 * then the organization, the usual narrowest filter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX test_results_status_played ON test_results (result_status, played_at, id)`.execute(db);
  await sql`CREATE INDEX test_results_played ON test_results (played_at, id)`.execute(db);
  await sql`CREATE INDEX test_results_kit_played ON test_results (test_kit_id, played_at, id)`.execute(db);
  await sql`CREATE INDEX test_results_org_played ON test_results (organization_id, played_at, id)`.execute(db);
  await sql`DROP INDEX test_results_played_at`.execute(db);
  await sql`DROP INDEX test_results_org`.execute(db);
  await sql`DROP INDEX test_results_kit`.execute(db);
}
