import { type Kysely, sql } from 'kysely';

/**
 * SQLite's names index (the FTS5 table of migration 2026-11-26T0500) takes the names of stored
 * results 64 at a time (issue 42). Indexing each result as it came cost 15–20 % of SaveTestResult:
 * FTS5 writes a segment at each commit and merges them, so a commit of a few results paid for a
 * segment of its own. Now:
 *
 * - a stored result's rowid goes into test_results_names_pending (a one-integer row), and the
 *   result whose rowid is a multiple of 64 moves every pending result's names into the index, in
 *   that result's transaction (one segment for 64 results);
 * - the search reads both (db/dialect.ts namesContaining): the index, and the at most 63 pending
 *   results' names with the same LIKE. A pending result is never in the index too, so the two are
 *   apart and their counts add up;
 * - names changed later (SaveUserMedicalInformation) are indexed at once unless the result is still
 *   pending (its names go in with the batch); a deleted result leaves both.
 *
 * PostgreSQL's names table (2026-11-28T1710) is unchanged.
 */
const BATCH = 64;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE test_results_names_pending (rid INTEGER PRIMARY KEY)`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_insert`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_update`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_delete`.execute(db);
  await sql
    .raw(`CREATE TRIGGER test_results_names_fts_insert AFTER INSERT ON test_results BEGIN
    INSERT INTO test_results_names_pending (rid) VALUES (new.rowid);
    INSERT INTO test_results_names_fts (rowid, names)
      SELECT r.rowid, r.first_name || ' ' || r.last_name
      FROM test_results_names_pending p JOIN test_results r ON r.rowid = p.rid
      WHERE new.rowid % ${BATCH} = 0;
    DELETE FROM test_results_names_pending WHERE new.rowid % ${BATCH} = 0;
  END`)
    .execute(db);
  await sql`CREATE TRIGGER test_results_names_fts_update AFTER UPDATE OF first_name, last_name ON test_results
    WHEN old.first_name IS NOT new.first_name OR old.last_name IS NOT new.last_name BEGIN
    DELETE FROM test_results_names_fts WHERE rowid = old.rowid;
    INSERT INTO test_results_names_fts (rowid, names)
      SELECT new.rowid, new.first_name || ' ' || new.last_name
      WHERE NOT EXISTS (SELECT 1 FROM test_results_names_pending WHERE rid = new.rowid);
  END`.execute(db);
  await sql`CREATE TRIGGER test_results_names_fts_delete AFTER DELETE ON test_results BEGIN
    DELETE FROM test_results_names_fts WHERE rowid = old.rowid;
    DELETE FROM test_results_names_pending WHERE rid = old.rowid;
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO test_results_names_fts (rowid, names)
    SELECT r.rowid, r.first_name || ' ' || r.last_name
    FROM test_results_names_pending p JOIN test_results r ON r.rowid = p.rid`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_insert`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_update`.execute(db);
  await sql`DROP TRIGGER test_results_names_fts_delete`.execute(db);
  await sql`DROP TABLE test_results_names_pending`.execute(db);
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
}

/** PostgreSQL indexes names in its narrow names table (2026-11-28T1710): nothing to do there. */
export const postgres = { up: async () => {}, down: async () => {} };
