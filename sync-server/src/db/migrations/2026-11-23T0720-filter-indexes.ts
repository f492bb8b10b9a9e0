import { type Kysely, sql } from 'kysely';

/** The medical form's flags as columns (DISORDER_FLAGS and FAMILY_FLAGS of shared-schema). */
const FLAG_COLUMNS = [
  'is_alzheimer_disease',
  'is_parkinson_disease',
  'is_head_injuries_concussion',
  'is_sino_nasal_disease',
  'is_other_neurological_disorder',
  'is_alzheimer_disease_in_family',
  'is_parkinson_disease_in_family',
  'is_other_neurological_disorder_in_family',
];

/**
 * The results list filtered by gender, race or a reported disease: without these, its total count
 * scans every result (~200 ms at a million). Partial indexes hold only results whose medical form
 * was filled (gender, race) or that answered yes (a flag, matched by the list's literal `= 1`), so
 * storing a result — when none of these is set yet — writes none of them, and a query without these
 * filters never considers them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX test_results_gender ON test_results (gender, played_at, id) WHERE gender IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX test_results_race ON test_results (race, played_at, id) WHERE race IS NOT NULL`.execute(db);
  for (const column of FLAG_COLUMNS) {
    await sql`CREATE INDEX ${sql.raw(`test_results_${column}`)} ON test_results (played_at, id) WHERE ${sql.ref(column)} = 1`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX test_results_gender`.execute(db);
  await sql`DROP INDEX test_results_race`.execute(db);
  for (const column of FLAG_COLUMNS) await sql`DROP INDEX ${sql.raw(`test_results_${column}`)}`.execute(db);
}
