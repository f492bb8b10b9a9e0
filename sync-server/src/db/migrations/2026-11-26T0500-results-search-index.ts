import { type Kysely, sql } from 'kysely';

/**
 * The results list's search text (GetTestResultList, ExportCsv) matched `first_name || ' ' ||
 * last_name LIKE '%text%'` by reading every result (~350–500 ms at a million). This adds a trigram
 * index of that text: an FTS5 table keyed by the result's rowid, with its trigrams' positions
 * (`detail=full`, about 65 bytes a result), so a search of 3 or more characters is one phrase query
 * (the text's trigrams in a row: the text itself, ASCII case ignored as LIKE ignores it) answered
 * from the index alone. The index folds the case of every letter and LIKE only ASCII's, so a text
 * with another letter is still checked with the same LIKE as before: what matches is unchanged.
 *
 * Triggers keep it current: a result stored, its names set later (SaveUserMedicalInformation),
 * and a result deleted. The rows stored before this are indexed here. The app never runs VACUUM;
 * SQLite documents that a VACUUM may renumber the rowids of a table without an INTEGER PRIMARY KEY
 * (3.51 keeps them, as checked), so an operator who runs one rebuilds the index after it:
 * `DELETE FROM test_results_names_fts; INSERT INTO test_results_names_fts (rowid, names) SELECT
 * rowid, first_name || ' ' || last_name FROM test_results;`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE test_results_names_fts USING fts5(
    names, tokenize = 'trigram', detail = full
  )`.execute(db);
  await sql`CREATE TRIGGER test_results_names_fts_insert AFTER INSERT ON test_results BEGIN
    INSERT INTO test_results_names_fts (rowid, names) VALUES (new.rowid, new.first_name || ' ' || new.last_name);
  END`.execute(db);
  await sql`CREATE TRIGGER test_results_names_fts_update AFTER UPDATE OF first_name, last_name ON test_results
    WHEN old.first_name IS NOT new.first_name OR old.last_name IS NOT new.last_name BEGIN
    DELETE FROM test_results_names_fts WHERE rowid = old.rowid;
    INSERT INTO test_results_names_fts (rowid, names) VALUES (new.rowid, new.first_name || ' ' || new.last_name);
  END`.execute(db);
  await sql`CREATE TRIGGER test_results_names_fts_delete AFTER DELETE ON test_results BEGIN
    DELETE FROM test_results_names_fts WHERE rowid = old.rowid;
  END`.execute(db);
  await sql`INSERT INTO test_results_names_fts (rowid, names)
    SELECT rowid, first_name || ' ' || last_name FROM test_results`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER test_results_names_fts_delete`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_update`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_insert`.execute(db);
  await sql`DROP TABLE test_results_names_fts`.execute(db);
}
