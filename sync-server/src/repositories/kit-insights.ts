import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { PlayedRange } from './reports';

/*
 * Kit insights (API.md GetKitInsights): one kit's results of a range (every version) and their
 * answers, by card, option, right or wrong, passing or not and month, read from
 * kit_answer_tallies (migration 2026-11-26T0520-kit-answer-tallies), which holds them added up
 * per day: what is read is a few rows per day whatever the number of results.
 */

/** Whose results: every organization's (null) or one organization's. */
export interface InsightScope {
  organizationId: number | null;
}

/** The tally's rows of the scope: every result's (0), or one organization's (none matches -1). */
const orgKey = (scope: InsightScope): number =>
  scope.organizationId === null ? 0 : scope.organizationId > 0 ? scope.organizationId : -1;

function where(kitId: number, scope: InsightScope, range: PlayedRange): RawBuilder<SqlBool> {
  const conds = [
    sql<SqlBool>`r.test_kit_id = ${kitId}`,
    sql<SqlBool>`r.played_at >= ${range.from}`,
    sql<SqlBool>`r.played_at < ${range.to}`,
  ];
  if (scope.organizationId !== null) conds.push(sql<SqlBool>`r.organization_id = ${scope.organizationId}`);
  return sql<SqlBool>`${sql.join(conds, sql` and `)}`;
}

/** How many results of the kit in scope over the days (as answerTallies), and how many passed. */
export async function kitPlays(
  db: Db,
  kitId: number,
  scope: InsightScope,
  days: { first: string; last: string },
): Promise<{ plays: number; passes: number }> {
  await dialectOf(db).flushTallies(db);
  // The results' own rows of the tally: card 0.
  const { rows } = await sql<{ plays: number | null; passes: number | null }>`
    select sum(answers) as plays, sum(case when passed = 1 then answers else 0 end) as passes
    from kit_answer_tallies
    where test_kit_id = ${kitId} and org_key = ${orgKey(scope)} and day >= ${days.first} and day <= ${days.last}
      and scent_card_id = 0`.execute(db);
  return { plays: Number(rows[0]?.plays ?? 0), passes: Number(rows[0]?.passes ?? 0) };
}

/** The first and last play time of the kit's results in scope and range; null when there are none. */
export async function kitPlayedSpan(
  db: Db,
  kitId: number,
  scope: InsightScope,
  range: PlayedRange,
): Promise<{ first: string; last: string } | null> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    select min(r.played_at) as first, max(r.played_at) as last
    from test_results r where ${where(kitId, scope, range)}`.execute(db);
  const row = rows[0];
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/** Answers added up: one row per card, chosen option, right or not, passing or not, and month. */
export interface AnswerTally {
  scentCardId: number;
  scentOptionId: number;
  correct: boolean;
  passed: boolean;
  /** The month of America/Los_Angeles, YYYY-MM. */
  month: string;
  count: number;
  intensitySum: number;
}

/**
 * The answers of the kit's results in scope over whole days of America/Los_Angeles (YYYY-MM-DD,
 * both included), added up by month. Read from kit_answer_tallies (kept by triggers, see migration
 * 2026-11-26T0520-kit-answer-tallies): a few rows per day, not one per answer.
 */
export async function answerTallies(
  db: Db,
  kitId: number,
  scope: InsightScope,
  days: { first: string; last: string },
): Promise<AnswerTally[]> {
  await dialectOf(db).flushTallies(db);
  const { rows } = await sql<{
    scentCardId: number;
    scentOptionId: number;
    correct: number;
    passed: number;
    month: string;
    count: number;
    intensitySum: number;
  }>`
    select scent_card_id as "scentCardId", scent_option_id as "scentOptionId", is_correct as correct, passed,
      substr(day, 1, 7) as month, sum(answers) as count, sum(intensity_sum) as "intensitySum"
    from kit_answer_tallies
    where test_kit_id = ${kitId} and org_key = ${orgKey(scope)} and day >= ${days.first} and day <= ${days.last}
      and scent_card_id > 0
    group by 1, 2, 3, 4, 5
    having sum(answers) > 0`.execute(db);
  return rows.map((r) => ({
    scentCardId: Number(r.scentCardId),
    scentOptionId: Number(r.scentOptionId),
    correct: Number(r.correct) === 1,
    passed: Number(r.passed) === 1,
    month: r.month,
    count: Number(r.count),
    intensitySum: Number(r.intensitySum),
  }));
}

/** Cards by id, deleted ones too (a card no longer in the kit still has its name and order). */
export async function cardsById(
  db: Db,
  ids: number[],
): Promise<{ id: number; name: string; sortOrder: number; testKitId: number }[]> {
  if (!ids.length) return [];
  return db.selectFrom('scentCards').select(['id', 'name', 'sortOrder', 'testKitId']).where('id', 'in', ids).execute();
}

/** Scent option titles by id, deleted ones too. */
export async function optionTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('scentOptions').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}
