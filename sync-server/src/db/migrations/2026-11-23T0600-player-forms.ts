import { type Kysely, sql } from 'kysely';

/**
 * test_results.questionnaire_doc_id, test_results.medical_doc_id: the device UUID of the
 * questionnaire and of the medical form stored on a result (null: none yet, or saved by the direct
 * endpoint, which sends no id), so a document pushed again is recognised and stored once. Unique
 * where set: one document belongs to one result.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('test_results').addColumn('questionnaire_doc_id', 'text').execute();
  await db.schema.alterTable('test_results').addColumn('medical_doc_id', 'text').execute();
  await sql`CREATE UNIQUE INDEX test_results_questionnaire_doc ON test_results (questionnaire_doc_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX test_results_medical_doc ON test_results (medical_doc_id)`.execute(db);
}
