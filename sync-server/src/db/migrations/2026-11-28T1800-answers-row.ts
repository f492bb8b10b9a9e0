import { type Kysely, type Migration, sql } from 'kysely';
import { laDay, OLD_RESULT, resultTally } from './2026-11-26T0520-kit-answer-tallies';

/**
 * A result's answers as one row (issue 42). They were one row an answer in test_result_details,
 * each with its index entry and its trigger's two tally upserts: storing a result wrote five rows
 * and ran ten tally statements, and SaveTestResult fell from 7.6 % to 4.5–6.3 % of /api/health.
 *
 * - test_result_answers: one row a result: `answers`, a JSON array in card order of the answers as
 *   played ({ scentCardId, scentCardName, cardSortOrder, scentOptionId, answerName,
 *   answerStoredPath, correctScentOptionId, smellIntensity, isCorrect }, the names of
 *   repositories/results.ts ResultDetail), and `intensity_sum` (the Extended export's column).
 *   Nothing searches or filters by one answer: results are filtered on their own row.
 * - The kit tallies (migration 2026-11-26T0520) are kept by triggers on this table: one statement
 *   a stored result adds all its answers, to its organization's rows and to every result's
 *   (json_each, grouped); a deleted row takes them away; a result that moves (kit, organization,
 *   play time, status) moves them. The tallies' contents do not change.
 * - What is stored is copied over (in card order, as the detail rows were read), and the old table
 *   dropped. `down` puts the detail rows back.
 */

/**
 * Adds (sign 1) or takes away (-1) the answers of `answers` (a row source with an `answers`
 * column, as `ta`) under the result `results` (a row source named `r`): its organization's rows when it has one,
 * and every result's (org_key 0). One statement for all of a result's answers.
 */
export const tallyAnswers = (sign: 1 | -1, results: string, answers: string, where: string) => `
  INSERT INTO kit_answer_tallies (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
      passed, answers, intensity_sum)
    SELECT r.test_kit_id, CASE k.o WHEN 0 THEN 0 ELSE r.organization_id END, ${laDay('r.played_at')},
      json_extract(a.value, '$.scentCardId'), json_extract(a.value, '$.scentOptionId'),
      json_extract(a.value, '$.isCorrect'), r.result_status = 'Pass',
      ${sign}, ${sign} * json_extract(a.value, '$.smellIntensity')
    FROM ${results}, ${answers} ta, json_each(ta.answers) a, (SELECT 0 AS o UNION ALL SELECT 1) k
    WHERE ${where} AND (k.o = 0 OR r.organization_id IS NOT NULL)
    ON CONFLICT DO UPDATE SET answers = answers + excluded.answers, intensity_sum = intensity_sum + excluded.intensity_sum;`;

/** The old per-answer tally of 0520, for `down`: one answer's two upserts. */
const tallyDetail = (sign: 1 | -1, from: string, where: string) =>
  [`r.organization_id`, `0`]
    .map(
      (orgKey) => `INSERT INTO kit_answer_tallies (test_kit_id, org_key, day, scent_card_id, scent_option_id,
      is_correct, passed, answers, intensity_sum)
    SELECT r.test_kit_id, ${orgKey}, ${laDay('r.played_at')}, d.scent_card_id, d.scent_option_id, d.is_correct,
      r.result_status = 'Pass', ${sign} * count(*), ${sign} * sum(d.smell_intensity)
    FROM ${from}
    WHERE ${where}${orgKey === '0' ? '' : ' AND r.organization_id IS NOT NULL'}
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT DO UPDATE SET answers = answers + excluded.answers, intensity_sum = intensity_sum + excluded.intensity_sum;`,
    )
    .join('\n');

export const MOVE_WHEN = `AFTER UPDATE OF test_kit_id, organization_id, played_at, result_status ON test_results
    WHEN OLD.test_kit_id IS NOT NEW.test_kit_id OR OLD.organization_id IS NOT NEW.organization_id
      OR OLD.played_at IS NOT NEW.played_at OR OLD.result_status IS NOT NEW.result_status`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER kit_answer_tallies_add`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_remove`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_move`.execute(db);
  await sql`CREATE TABLE test_result_answers (
    test_result_id TEXT NOT NULL PRIMARY KEY REFERENCES test_results (id),
    answers TEXT NOT NULL,
    intensity_sum INTEGER NOT NULL
  )`.execute(db);
  await sql`INSERT INTO test_result_answers (test_result_id, answers, intensity_sum)
    SELECT test_result_id,
      json_group_array(json_object('scentCardId', scent_card_id, 'scentCardName', scent_card_name,
        'cardSortOrder', card_sort_order, 'scentOptionId', scent_option_id, 'answerName', answer_name,
        'answerStoredPath', answer_stored_path, 'correctScentOptionId', correct_scent_option_id,
        'smellIntensity', smell_intensity, 'isCorrect', json(CASE is_correct WHEN 1 THEN 'true' ELSE 'false' END))
        ORDER BY card_sort_order, id),
      sum(smell_intensity)
    FROM test_result_details GROUP BY test_result_id`.execute(db);
  await sql`DROP TABLE test_result_details`.execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_add AFTER INSERT ON test_result_answers BEGIN
    ${tallyAnswers(1, 'test_results r', '(SELECT NEW.answers AS answers)', 'r.id = NEW.test_result_id')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_remove AFTER DELETE ON test_result_answers BEGIN
    ${tallyAnswers(-1, 'test_results r', '(SELECT OLD.answers AS answers)', 'r.id = OLD.test_result_id')}
  END`)
    .execute(db);
  // The result's answers leave the rows of what it was (its old values in a subquery: the trigger
  // runs after the update) and join those of what it is; the result itself moves the same way.
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_move ${MOVE_WHEN}
  BEGIN
    ${tallyAnswers(-1, OLD_RESULT, 'test_result_answers', 'ta.test_result_id = NEW.id')}
    ${tallyAnswers(1, 'test_results r', 'test_result_answers', 'r.id = NEW.id AND ta.test_result_id = NEW.id')}
    ${resultTally(-1, '1', OLD_RESULT)}
    ${resultTally(1, 'r.id = NEW.id')}
  END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER kit_answer_tallies_add`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_remove`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_move`.execute(db);
  await sql`CREATE TABLE test_result_details (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    test_result_id TEXT NOT NULL REFERENCES test_results (id),
    scent_card_id INTEGER NOT NULL,
    scent_card_name TEXT NOT NULL,
    card_sort_order INTEGER NOT NULL,
    scent_option_id INTEGER NOT NULL,
    answer_name TEXT NOT NULL,
    answer_stored_path TEXT,
    correct_scent_option_id INTEGER NOT NULL,
    smell_intensity INTEGER NOT NULL,
    is_correct INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX test_result_details_result ON test_result_details (test_result_id)`.execute(db);
  await sql`INSERT INTO test_result_details (test_result_id, scent_card_id, scent_card_name, card_sort_order,
      scent_option_id, answer_name, answer_stored_path, correct_scent_option_id, smell_intensity, is_correct)
    SELECT ta.test_result_id, a.value ->> '$.scentCardId', a.value ->> '$.scentCardName', a.value ->> '$.cardSortOrder',
      a.value ->> '$.scentOptionId', a.value ->> '$.answerName', a.value ->> '$.answerStoredPath',
      a.value ->> '$.correctScentOptionId', a.value ->> '$.smellIntensity', a.value ->> '$.isCorrect'
    FROM test_result_answers ta, json_each(ta.answers) a ORDER BY ta.rowid, a.key`.execute(db);
  await sql`DROP TABLE test_result_answers`.execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_add AFTER INSERT ON test_result_details BEGIN
    ${tallyDetail(1, 'test_results r JOIN test_result_details d ON d.test_result_id = r.id', 'd.id = NEW.id')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_remove AFTER DELETE ON test_result_details BEGIN
    ${tallyDetail(
      -1,
      'test_results r, (SELECT OLD.scent_card_id AS scent_card_id, OLD.scent_option_id AS scent_option_id, OLD.is_correct AS is_correct, OLD.smell_intensity AS smell_intensity) d',
      'r.id = OLD.test_result_id',
    )}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_move ${MOVE_WHEN}
  BEGIN
    ${tallyDetail(-1, `${OLD_RESULT} JOIN test_result_details d ON d.test_result_id = r.id`, 'r.id = NEW.id')}
    ${tallyDetail(1, 'test_results r JOIN test_result_details d ON d.test_result_id = r.id', 'r.id = NEW.id')}
    ${resultTally(-1, '1', OLD_RESULT)}
    ${resultTally(1, 'r.id = NEW.id')}
  END`)
    .execute(db);
}

/**
 * The same on PostgreSQL: the answers a text column holding JSON (as SQLite's, so both engines
 * store the same text), read by json_array_elements in the tally functions of the baseline, which
 * change to read this table.
 */
const PG_TALLY_RESULT = `create or replace function kit_tally_result(result_id text, kit_id bigint, org_id bigint,
    played_at text, status text, sign bigint, with_answers boolean) returns void language plpgsql as $$
  begin
    if with_answers then
      insert into kit_answer_tallies as t (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
          passed, answers, intensity_sum)
        select kit_id, k.org_key, kit_tally_day(played_at), (e ->> 'scentCardId')::bigint,
          (e ->> 'scentOptionId')::bigint, (e ->> 'isCorrect')::boolean::int,
          case when status = 'Pass' then 1 else 0 end, sign * count(*), sign * sum((e ->> 'smellIntensity')::bigint)
        from test_result_answers ta cross join json_array_elements(ta.answers::json) e
          cross join (values (org_id), (0)) k (org_key)
        where ta.test_result_id = result_id and k.org_key is not null
        group by 1, 2, 3, 4, 5, 6, 7
        on conflict (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct, passed)
        do update set answers = t.answers + excluded.answers, intensity_sum = t.intensity_sum + excluded.intensity_sum;
    end if;
    insert into kit_answer_tallies as t (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
        passed, answers, intensity_sum)
      select kit_id, k.org_key, kit_tally_day(played_at), 0, 0, 0, case when status = 'Pass' then 1 else 0 end, sign, 0
      from (values (org_id), (0)) k (org_key)
      where k.org_key is not null
      on conflict (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct, passed)
      do update set answers = t.answers + excluded.answers;
  end $$`;

export const postgres: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`create table test_result_answers (
      test_result_id text collate "C" primary key references test_results (id),
      answers text collate "C" not null,
      intensity_sum bigint not null
    )`.execute(db);
    await sql`insert into test_result_answers (test_result_id, answers, intensity_sum)
      select test_result_id,
        json_agg(json_build_object('scentCardId', scent_card_id, 'scentCardName', scent_card_name,
          'cardSortOrder', card_sort_order, 'scentOptionId', scent_option_id, 'answerName', answer_name,
          'answerStoredPath', answer_stored_path, 'correctScentOptionId', correct_scent_option_id,
          'smellIntensity', smell_intensity, 'isCorrect', is_correct = 1) order by card_sort_order, id)::text,
        sum(smell_intensity)
      from test_result_details group by test_result_id`.execute(db);
    // The per-answer function takes a detail row: it goes before its table.
    await sql`drop trigger kit_answer_tallies_add on test_result_details`.execute(db);
    await sql`drop trigger kit_answer_tallies_remove on test_result_details`.execute(db);
    await sql`drop function kit_tally_answer(test_result_details, bigint)`.execute(db);
    await sql`drop table test_result_details`.execute(db);
    await sql.raw(PG_TALLY_RESULT).execute(db);
    await sql`create function kit_tally_answers(a test_result_answers, sign bigint) returns void language plpgsql as $$
    begin
      insert into kit_answer_tallies as t (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
          passed, answers, intensity_sum)
        select r.test_kit_id, k.org_key, kit_tally_day(r.played_at), (e ->> 'scentCardId')::bigint,
          (e ->> 'scentOptionId')::bigint, (e ->> 'isCorrect')::boolean::int,
          case when r.result_status = 'Pass' then 1 else 0 end, sign * count(*),
          sign * sum((e ->> 'smellIntensity')::bigint)
        from test_results r cross join lateral (values (r.organization_id), (0)) k (org_key)
          cross join json_array_elements(a.answers::json) e
        where r.id = a.test_result_id and k.org_key is not null
        group by 1, 2, 3, 4, 5, 6, 7
        on conflict (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct, passed)
        do update set answers = t.answers + excluded.answers, intensity_sum = t.intensity_sum + excluded.intensity_sum;
    end $$`.execute(db);
    await sql`create or replace function kit_answer_tallies_add() returns trigger language plpgsql as $$
    begin
      perform kit_tally_answers(new, 1);
      return null;
    end $$`.execute(db);
    await sql`create or replace function kit_answer_tallies_remove() returns trigger language plpgsql as $$
    begin
      perform kit_tally_answers(old, -1);
      return null;
    end $$`.execute(db);
    await sql`create trigger kit_answer_tallies_add after insert on test_result_answers
      for each row execute function kit_answer_tallies_add()`.execute(db);
    await sql`create trigger kit_answer_tallies_remove after delete on test_result_answers
      for each row execute function kit_answer_tallies_remove()`.execute(db);
  },
  async down(): Promise<void> {
    // PostgreSQL databases are made by the baseline and the migrations after it, and copied from
    // SQLite by db:copy: none is taken back (as the baseline).
    throw new Error('2026-11-28T1800-answers-row is not reverted on PostgreSQL');
  },
};
