import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The unique indexes of the forms' device ids (migration 2026-11-23T0600) hold only the results
 * that have one (issue 42): every stored result entered both with a null id, two index writes of
 * the result's store for nothing (most results never get a form). Uniqueness and the lookups by id
 * are the same: a partial index answers `= id`, and nulls were never compared.
 */
const COLUMNS = ['questionnaire_doc_id', 'medical_doc_id'] as const;
const indexOf = (column: (typeof COLUMNS)[number]) => `test_results_${column.replace(/_id$/, '')}`;

async function remake(db: Kysely<any>, partial: boolean): Promise<void> {
  for (const column of COLUMNS) {
    await sql.raw(`DROP INDEX ${indexOf(column)}`).execute(db);
    await sql
      .raw(
        `CREATE UNIQUE INDEX ${indexOf(column)} ON test_results (${column})${partial ? ` WHERE ${column} IS NOT NULL` : ''}`,
      )
      .execute(db);
  }
}

export const up = (db: Kysely<any>) => remake(db, true);
export const down = (db: Kysely<any>) => remake(db, false);

/** The same statements on PostgreSQL. */
export const postgres: Migration = { up, down };
