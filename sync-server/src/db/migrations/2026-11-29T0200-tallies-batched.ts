import { type Kysely, type Migration, sql } from 'kysely';
import { laDay, OLD_RESULT, resultTally } from './2026-11-26T0520-kit-answer-tallies';
import { MOVE_WHEN, tallyAnswers } from './2026-11-28T1800-answers-row';

/**
 * SQLite's kit tallies (kit_answer_tallies, migration 2026-11-26T0520) take stored results 64 at a
 * time (issues 42 and 44), as the names index does (2026-11-28T1810). Tallying each result as it
 * came was some 14 small upserts in its transaction (its answers and itself, once for its
 * organization and once over every result): about a quarter of SaveTestResult. Now:
 *
 * - a stored result's rowid goes into kit_tallies_pending (a one-integer row);
 * - when a result's answers are stored and 64 or more results are pending, a row is inserted into
 *   kit_tallies_flushes, whose trigger tallies every pending result (answers and result, grouped:
 *   a few rows of one kit's day) and empties both tables, in that result's transaction;
 * - the readers of the tallies (repositories/kit-insights.ts) flush first, through the same
 *   kit_tallies_flushes insert (db/dialect.ts flushTallies), so what they read counts every result;
 * - a pending result that moves (the medical form gives it its organization) or is deleted touches
 *   no tally: it is tallied as it is when flushed, or leaves the pending list.
 *
 * PostgreSQL's tallies (its kit_tally_result function) are unchanged.
 */
const BATCH = 64;

// The pending results drive the tally: CROSS JOIN pins that order (without it SQLite's planner
// scanned every result or every answers row for each batch).
const PENDING = 'kit_tallies_pending p CROSS JOIN test_results r ON r.rowid = p.rid';
/**
 * The pending results' answers added to their rows, grouped (a batch of one kit's day is a few
 * rows, not 640 upserts). Each result's day is worked out once (the subquery's LIMIT keeps SQLite
 * from folding it into the join, which would work it out again for every answer), and each answers
 * row is read once (CROSS JOIN keeps the organization's second pass innermost).
 */
const FLUSH_ANSWERS = `INSERT INTO kit_answer_tallies (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
      passed, answers, intensity_sum)
    SELECT r.test_kit_id, CASE k.o WHEN 0 THEN 0 ELSE r.organization_id END, r.day,
      json_extract(a.value, '$.scentCardId'), json_extract(a.value, '$.scentOptionId'),
      json_extract(a.value, '$.isCorrect'), r.passed, count(*), sum(json_extract(a.value, '$.smellIntensity'))
    FROM (SELECT r.id, r.test_kit_id, r.organization_id, r.result_status = 'Pass' AS passed, ${laDay('r.played_at')} AS day
        FROM ${PENDING} LIMIT -1) r
      CROSS JOIN test_result_answers ta CROSS JOIN json_each(ta.answers) a CROSS JOIN (SELECT 0 AS o UNION ALL SELECT 1) k
    WHERE ta.test_result_id = r.id AND (k.o = 0 OR r.organization_id IS NOT NULL)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT DO UPDATE SET answers = answers + excluded.answers, intensity_sum = intensity_sum + excluded.intensity_sum;`;

const notPending = (rowid: string) => `NOT EXISTS (SELECT 1 FROM kit_tallies_pending WHERE rid = ${rowid})`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE kit_tallies_pending (rid INTEGER PRIMARY KEY)`.execute(db);
  await sql`CREATE TABLE kit_tallies_flushes (n INTEGER)`.execute(db);
  await sql`DROP TRIGGER kit_result_tallies_add`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_add`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_remove`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_move`.execute(db);
  await sql`DROP TRIGGER kit_result_tallies_remove`.execute(db);
  await sql`CREATE TRIGGER kit_tallies_pending_add AFTER INSERT ON test_results BEGIN
    INSERT INTO kit_tallies_pending (rid) VALUES (NEW.rowid);
  END`.execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_tallies_batch AFTER INSERT ON test_result_answers
    WHEN (SELECT count(*) FROM kit_tallies_pending) >= ${BATCH}
  BEGIN
    INSERT INTO kit_tallies_flushes (n) VALUES (1);
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_tallies_flush AFTER INSERT ON kit_tallies_flushes BEGIN
    ${FLUSH_ANSWERS}
    ${resultTally(1, '1', PENDING)}
    DELETE FROM kit_tallies_pending;
    DELETE FROM kit_tallies_flushes;
  END`)
    .execute(db);
  // A pending result's answers, moves and deletion touch no tally.
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_remove AFTER DELETE ON test_result_answers
    WHEN NOT EXISTS (SELECT 1 FROM ${PENDING} WHERE r.id = OLD.test_result_id)
  BEGIN
    ${tallyAnswers(-1, 'test_results r', '(SELECT OLD.answers AS answers)', 'r.id = OLD.test_result_id')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_move ${MOVE_WHEN.replace(/\bWHEN\b/, 'WHEN (')}) AND ${notPending('NEW.rowid')}
  BEGIN
    ${tallyAnswers(-1, OLD_RESULT, 'test_result_answers', 'ta.test_result_id = NEW.id')}
    ${tallyAnswers(1, 'test_results r', 'test_result_answers', 'r.id = NEW.id AND ta.test_result_id = NEW.id')}
    ${resultTally(-1, '1', OLD_RESULT)}
    ${resultTally(1, 'r.id = NEW.id')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_result_tallies_remove AFTER DELETE ON test_results BEGIN
    ${resultTally(-1, notPending('OLD.rowid'), OLD_RESULT)}
    DELETE FROM kit_tallies_pending WHERE rid = OLD.rowid;
  END`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO kit_tallies_flushes (n) VALUES (1)`.execute(db);
  for (const trigger of [
    'kit_tallies_pending_add',
    'kit_tallies_batch',
    'kit_tallies_flush',
    'kit_answer_tallies_remove',
    'kit_answer_tallies_move',
    'kit_result_tallies_remove',
  ])
    await sql.raw(`DROP TRIGGER ${trigger}`).execute(db);
  await sql`DROP TABLE kit_tallies_flushes`.execute(db);
  await sql`DROP TABLE kit_tallies_pending`.execute(db);
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
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_move ${MOVE_WHEN}
  BEGIN
    ${tallyAnswers(-1, OLD_RESULT, 'test_result_answers', 'ta.test_result_id = NEW.id')}
    ${tallyAnswers(1, 'test_results r', 'test_result_answers', 'r.id = NEW.id AND ta.test_result_id = NEW.id')}
    ${resultTally(-1, '1', OLD_RESULT)}
    ${resultTally(1, 'r.id = NEW.id')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_result_tallies_add AFTER INSERT ON test_results BEGIN
    ${resultTally(1, 'r.id = NEW.id')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_result_tallies_remove AFTER DELETE ON test_results BEGIN
    ${resultTally(-1, '1', OLD_RESULT)}
  END`)
    .execute(db);
}

/** PostgreSQL tallies each result as it is stored (kit_tally_result): nothing to do there. */
export const postgres: Migration = { up: async () => {}, down: async () => {} };
