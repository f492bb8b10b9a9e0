import { type Kysely, type Migration, sql } from 'kysely';

/**
 * How many results there are, kept counted (issue 42): the results list's first page without a
 * filter gives its total from here instead of counting a million rows (PostgreSQL's count(*)
 * took 55–65 ms at 1,000,000 without parallel workers; the budget of the whole page is 50 ms).
 *
 * - result_counts: per organization (org_key = its id) and over every result (org_key 0, results
 *   without an organization included), per kit: so results of different kits never wait on one
 *   row on PostgreSQL. A total is the sum of at most a few dozen rows.
 * - Triggers keep it: a result stored adds one, a deleted one takes one away, and a result whose
 *   kit or organization changes (SaveUserMedicalInformation sets the organization of a result
 *   that had none) moves. The writers of results need not know the count exists. Its cost: one or
 *   two upserts a stored result (docs/performance.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE result_counts (
    org_key INTEGER NOT NULL,
    test_kit_id INTEGER NOT NULL,
    results INTEGER NOT NULL,
    PRIMARY KEY (org_key, test_kit_id)
  ) WITHOUT ROWID`.execute(db);
  await sql`INSERT INTO result_counts (org_key, test_kit_id, results)
    SELECT 0, test_kit_id, count(*) FROM test_results GROUP BY test_kit_id`.execute(db);
  await sql`INSERT INTO result_counts (org_key, test_kit_id, results)
    SELECT organization_id, test_kit_id, count(*) FROM test_results
    WHERE organization_id IS NOT NULL GROUP BY organization_id, test_kit_id`.execute(db);
  const add = (row: 'NEW' | 'OLD', sign: 1 | -1) => `
    INSERT INTO result_counts (org_key, test_kit_id, results)
      SELECT k.org_key, ${row}.test_kit_id, ${sign} FROM (SELECT 0 AS org_key UNION ALL SELECT ${row}.organization_id) k
      WHERE k.org_key IS NOT NULL
      ON CONFLICT (org_key, test_kit_id) DO UPDATE SET results = results + excluded.results;`;
  await sql.raw(`CREATE TRIGGER result_counts_add AFTER INSERT ON test_results BEGIN ${add('NEW', 1)} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER result_counts_remove AFTER DELETE ON test_results BEGIN ${add('OLD', -1)} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER result_counts_move AFTER UPDATE OF test_kit_id, organization_id ON test_results
    WHEN OLD.test_kit_id IS NOT NEW.test_kit_id OR OLD.organization_id IS NOT NEW.organization_id BEGIN
    ${add('OLD', -1)}
    ${add('NEW', 1)}
  END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS result_counts_move`.execute(db);
  await sql`DROP TRIGGER IF EXISTS result_counts_remove`.execute(db);
  await sql`DROP TRIGGER IF EXISTS result_counts_add`.execute(db);
  await sql`DROP TABLE result_counts`.execute(db);
}

/** The same count on PostgreSQL: bigint numbers, the triggers as plpgsql (as the kit tallies'). */
export const postgres: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`create table result_counts (
      org_key bigint not null,
      test_kit_id bigint not null,
      results bigint not null,
      primary key (org_key, test_kit_id)
    )`.execute(db);
    await sql`insert into result_counts (org_key, test_kit_id, results)
      select 0, test_kit_id, count(*) from test_results group by test_kit_id`.execute(db);
    await sql`insert into result_counts (org_key, test_kit_id, results)
      select organization_id, test_kit_id, count(*) from test_results
      where organization_id is not null group by organization_id, test_kit_id`.execute(db);
    await sql`create function result_count_add(kit_id bigint, org_id bigint, sign bigint) returns void
      language plpgsql as $$
    begin
      insert into result_counts as c (org_key, test_kit_id, results)
        select k.org_key, kit_id, sign from (values (0::bigint), (org_id)) k (org_key)
        where k.org_key is not null
        order by k.org_key
        on conflict (org_key, test_kit_id) do update set results = c.results + excluded.results;
    end $$`.execute(db);
    await sql`create function result_counts_add() returns trigger language plpgsql as $$
    begin
      perform result_count_add(new.test_kit_id, new.organization_id, 1);
      return null;
    end $$`.execute(db);
    await sql`create function result_counts_remove() returns trigger language plpgsql as $$
    begin
      perform result_count_add(old.test_kit_id, old.organization_id, -1);
      return null;
    end $$`.execute(db);
    await sql`create function result_counts_move() returns trigger language plpgsql as $$
    begin
      perform result_count_add(old.test_kit_id, old.organization_id, -1);
      perform result_count_add(new.test_kit_id, new.organization_id, 1);
      return null;
    end $$`.execute(db);
    await sql`create trigger result_counts_add after insert on test_results
      for each row execute function result_counts_add()`.execute(db);
    await sql`create trigger result_counts_remove after delete on test_results
      for each row execute function result_counts_remove()`.execute(db);
    await sql`create trigger result_counts_move after update of test_kit_id, organization_id on test_results
      for each row when (old.test_kit_id is distinct from new.test_kit_id
        or old.organization_id is distinct from new.organization_id)
      execute function result_counts_move()`.execute(db);
  },
  async down(db: Kysely<any>): Promise<void> {
    await sql`drop trigger result_counts_move on test_results`.execute(db);
    await sql`drop trigger result_counts_remove on test_results`.execute(db);
    await sql`drop trigger result_counts_add on test_results`.execute(db);
    await sql`drop function result_counts_move(), result_counts_remove(), result_counts_add()`.execute(db);
    await sql`drop function result_count_add(bigint, bigint, bigint)`.execute(db);
    await sql`drop table result_counts`.execute(db);
  },
};
