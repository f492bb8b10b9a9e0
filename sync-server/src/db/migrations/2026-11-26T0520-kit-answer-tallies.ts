import { type Kysely, sql } from 'kysely';

/**
 * Kit insights (GetKitInsights, issue 24) at a million results: a kit's answers of a year are more
 * than a million detail rows, too many to add up per request. So they are kept added up:
 *
 * - kit_answer_tallies: per kit, day of America/Los_Angeles, card, option chosen, right or not and
 *   passing or not, how many answers and their intensities' sum; once per organization
 *   (org_key = its id) and once over every result (org_key = 0, results without an organization
 *   included). A year of one kit is then some thousands of rows whatever the number of results.
 * - Triggers keep it: each answer stored adds to its rows (its organization's and every result's); a
 *   result whose kit, organization, play time or status changes (SaveUserMedicalInformation sets
 *   the organization of a result that had none) moves its answers; a deleted answer subtracts.
 *   The writers of results need not know the tally exists. Results themselves are tallied the same
 *   way under card and option 0 (no card or option has id 0): a kit's plays and passes of a range.
 * - The day of America/Los_Angeles in SQL: UTC minus 7 hours from the second Sunday of March at
 *   10:00 UTC to the first Sunday of November at 09:00 UTC (US rule since 2007), else minus 8.
 *   (Results before 2007 would be counted by the current rule: the product has none.)
 * The answers and results already stored are added up once, here.
 */

/** The Los Angeles day (YYYY-MM-DD) of a stored play time (ISO, UTC). */
export const laDay = (t: string) =>
  `date(${t}, case when datetime(${t}) >= datetime(date(substr(${t}, 1, 4) || '-03-01', 'weekday 0', '+7 days'), '+10 hours')
    and datetime(${t}) < datetime(date(substr(${t}, 1, 4) || '-11-01', 'weekday 0'), '+9 hours')
    then '-7 hours' else '-8 hours' end)`;

/**
 * Adds (sign 1) or takes away (sign -1) the answers selected by `where` (over test_results r and
 * test_result_details d) to their rows: the organization's, when the result has one, and every
 * result's.
 */
const tally = (sign: 1 | -1, where: string) =>
  [`r.organization_id`, `0`]
    .map(
      (
        orgKey,
      ) => `INSERT INTO kit_answer_tallies (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
      passed, answers, intensity_sum)
    SELECT r.test_kit_id, ${orgKey}, ${laDay('r.played_at')}, d.scent_card_id, d.scent_option_id, d.is_correct,
      r.result_status = 'Pass', ${sign} * count(*), ${sign} * sum(d.smell_intensity)
    FROM test_results r JOIN test_result_details d ON d.test_result_id = r.id
    WHERE ${where}${orgKey === '0' ? '' : ' AND r.organization_id IS NOT NULL'}
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT DO UPDATE SET answers = answers + excluded.answers, intensity_sum = intensity_sum + excluded.intensity_sum;`,
    )
    .join('\n');

/**
 * The same for results themselves (card and option 0, which no card or option has): a kit's plays
 * and passes of a range come from the tally too, not from counting a year of results.
 */
export const resultTally = (sign: 1 | -1, where: string, from = 'test_results r') =>
  [`r.organization_id`, `0`]
    .map(
      (
        orgKey,
      ) => `INSERT INTO kit_answer_tallies (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
      passed, answers, intensity_sum)
    SELECT r.test_kit_id, ${orgKey}, ${laDay('r.played_at')}, 0, 0, 0, r.result_status = 'Pass', ${sign} * count(*), 0
    FROM ${from}
    WHERE ${where}${orgKey === '0' ? '' : ' AND r.organization_id IS NOT NULL'}
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT DO UPDATE SET answers = answers + excluded.answers;`,
    )
    .join('\n');

export const OLD_RESULT =
  '(SELECT OLD.id AS id, OLD.test_kit_id AS test_kit_id, OLD.organization_id AS organization_id, OLD.played_at AS played_at, OLD.result_status AS result_status) r';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE kit_answer_tallies (
    test_kit_id INTEGER NOT NULL,
    org_key INTEGER NOT NULL,
    day TEXT NOT NULL,
    scent_card_id INTEGER NOT NULL,
    scent_option_id INTEGER NOT NULL,
    is_correct INTEGER NOT NULL,
    passed INTEGER NOT NULL,
    answers INTEGER NOT NULL,
    intensity_sum INTEGER NOT NULL,
    PRIMARY KEY (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct, passed)
  ) WITHOUT ROWID`.execute(db);
  // What is stored already (GROUP BY makes each statement one upsert per row).
  for (const statement of `${tally(1, '1')}\n${resultTally(1, '1')}`.split(';\n').filter((s) => s.trim()))
    await sql.raw(statement.replace(/;$/, '')).execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_add AFTER INSERT ON test_result_details BEGIN
    ${tally(1, 'd.id = NEW.id')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_remove AFTER DELETE ON test_result_details BEGIN
    ${tally(-1, 'd.id = OLD.id')
      // The answer is gone: its values come from OLD, the result's from the table.
      .replaceAll(
        'FROM test_results r JOIN test_result_details d ON d.test_result_id = r.id',
        'FROM test_results r, (SELECT OLD.scent_card_id AS scent_card_id, OLD.scent_option_id AS scent_option_id, OLD.is_correct AS is_correct, OLD.smell_intensity AS smell_intensity) d',
      )
      .replaceAll('d.id = OLD.id', 'r.id = OLD.test_result_id')}
  END`)
    .execute(db);
  // The result's answers leave the rows of what it was (the trigger runs after the update: its old
  // values are put back in a subquery) and join those of what it is.
  const before = tally(-1, 'r.id = NEW.id').replaceAll('FROM test_results r JOIN', `FROM ${OLD_RESULT} JOIN`);
  await sql
    .raw(`CREATE TRIGGER kit_answer_tallies_move AFTER UPDATE OF test_kit_id, organization_id, played_at, result_status
    ON test_results
    WHEN OLD.test_kit_id IS NOT NEW.test_kit_id OR OLD.organization_id IS NOT NEW.organization_id
      OR OLD.played_at IS NOT NEW.played_at OR OLD.result_status IS NOT NEW.result_status
  BEGIN
    ${before}
    ${tally(1, 'r.id = NEW.id')}
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

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER kit_result_tallies_remove`.execute(db);
  await sql`DROP TRIGGER kit_result_tallies_add`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_move`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_remove`.execute(db);
  await sql`DROP TRIGGER kit_answer_tallies_add`.execute(db);
  await sql`DROP TABLE kit_answer_tallies`.execute(db);
}
