import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The names search on PostgreSQL reads a narrow table (issue 42). Its trigram index was on
 * test_results itself, so every match was checked again against the row it found: a name held by
 * 9 % of 1,000,000 results read nearly every page of the table (39,000 pages, 175 ms). The index
 * now lives on `test_results_names` (the result's id and its names, `first last` as one text, about
 * 80 bytes a result), kept by triggers like SQLite's FTS5 table: a result stored, its names
 * changed, a result deleted. A common name is then counted from about 10,000 narrow pages.
 *
 * SQLite keeps its FTS5 trigram table (migration 2026-11-26T0500), which answers from the index
 * alone: nothing changes there.
 */
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}

export const postgres: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`create table test_results_names (
      id text collate "C" primary key,
      names text collate "C"
    )`.execute(db);
    await sql`insert into test_results_names (id, names)
      select id, first_name || ' ' || last_name from test_results`.execute(db);
    await sql`create index test_results_names_trgm_narrow on test_results_names
      using gin (names gin_trgm_ops)`.execute(db);
    await sql`drop index test_results_names_trgm`.execute(db);
    await sql`create function test_results_names_add() returns trigger language plpgsql as $$
    begin
      insert into test_results_names (id, names) values (new.id, new.first_name || ' ' || new.last_name);
      return null;
    end $$`.execute(db);
    await sql`create function test_results_names_change() returns trigger language plpgsql as $$
    begin
      update test_results_names set names = new.first_name || ' ' || new.last_name where id = new.id;
      return null;
    end $$`.execute(db);
    await sql`create function test_results_names_remove() returns trigger language plpgsql as $$
    begin
      delete from test_results_names where id = old.id;
      return null;
    end $$`.execute(db);
    await sql`create trigger test_results_names_add after insert on test_results
      for each row execute function test_results_names_add()`.execute(db);
    await sql`create trigger test_results_names_change after update of first_name, last_name on test_results
      for each row when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
      execute function test_results_names_change()`.execute(db);
    await sql`create trigger test_results_names_remove after delete on test_results
      for each row execute function test_results_names_remove()`.execute(db);
  },
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop trigger test_results_names_remove on test_results`.execute(db);
    await sql`drop trigger test_results_names_change on test_results`.execute(db);
    await sql`drop trigger test_results_names_add on test_results`.execute(db);
    await sql`drop function test_results_names_remove(), test_results_names_change(), test_results_names_add()`.execute(
      db,
    );
    await sql`create index test_results_names_trgm on test_results using gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(
      db,
    );
    await sql`drop table test_results_names`.execute(db);
  },
};
