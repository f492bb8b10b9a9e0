import { type Kysely, sql } from 'kysely';

/**
 * Kit insights (GetKitInsights, issue 24) at a million results: one kit's results of a range
 * joined to their answers, read from two indexes alone.
 *
 * - test_results_kit_report (test_kit_id, played_at, id, result_status, organization_id) replaces
 *   test_results_kit_played (test_kit_id, played_at, id): the same leading columns in the same
 *   order, so the results list filtered by kit still reads its pages in (played_at, id) order,
 *   and the trailing status and organization let the insights count a kit's results (and join
 *   their answers) without visiting the table.
 * - test_result_details_answers (test_result_id, scent_card_id, scent_option_id, is_correct,
 *   smell_intensity) replaces test_result_details_result (test_result_id): a result's answers are
 *   still found by its id, and what the insights add up is in the index.
 * Each replaces an index, so a stored result costs no more index writes than before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX test_results_kit_report ON test_results (test_kit_id, played_at, id, result_status, organization_id)`.execute(
    db,
  );
  await sql`DROP INDEX test_results_kit_played`.execute(db);
  await sql`CREATE INDEX test_result_details_answers ON test_result_details (test_result_id, scent_card_id, scent_option_id, is_correct, smell_intensity)`.execute(
    db,
  );
  await sql`DROP INDEX test_result_details_result`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // As the initial migration made them (their text is kept by SQLite).
  await db.schema
    .createIndex('test_result_details_result')
    .on('test_result_details')
    .column('test_result_id')
    .execute();
  await sql`DROP INDEX test_result_details_answers`.execute(db);
  await sql`CREATE INDEX test_results_kit_played ON test_results (test_kit_id, played_at, id)`.execute(db);
  await sql`DROP INDEX test_results_kit_report`.execute(db);
}
