import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database';
import type { PlayedRange } from './reports';

/*
 * Kit insights (API.md GetKitInsights): one kit's results of a range, every version, and their
 * answers added up by card, option, right or wrong, passing or not and month. Read from
 * test_results_kit_report and test_result_details_answers alone (migration
 * 2026-11-26T0500-kit-insights-indexes): the table rows are never visited, and what comes back is
 * a few rows per card and month whatever the number of results.
 */

/** Whose results: every organization's (null) or one organization's. */
export interface InsightScope {
  organizationId: number | null;
}

function where(kitId: number, scope: InsightScope, range: PlayedRange): RawBuilder<SqlBool> {
  const conds = [
    sql<SqlBool>`r.test_kit_id = ${kitId}`,
    sql<SqlBool>`r.played_at >= ${range.from}`,
    sql<SqlBool>`r.played_at < ${range.to}`,
  ];
  if (scope.organizationId !== null) conds.push(sql<SqlBool>`r.organization_id = ${scope.organizationId}`);
  return sql<SqlBool>`${sql.join(conds, sql` and `)}`;
}

/** How many results of the kit in scope and range, and how many of them passed. */
export async function kitPlays(
  db: Db,
  kitId: number,
  scope: InsightScope,
  range: PlayedRange,
): Promise<{ plays: number; passes: number }> {
  const { rows } = await sql<{ plays: number; passes: number | null }>`
    select count(*) as plays, sum(case when r.result_status = 'Pass' then 1 else 0 end) as passes
    from test_results r where ${where(kitId, scope, range)}`.execute(db);
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
  /** Index into the months given. */
  month: number;
  count: number;
  intensitySum: number;
}

/**
 * The answers of the kit's results in scope and range, added up. `months` are consecutive
 * half-open ranges covering `range` (their ends are where each next one starts); an answer is
 * counted in the month its result was played in.
 */
export async function answerTallies(
  db: Db,
  kitId: number,
  scope: InsightScope,
  range: PlayedRange,
  months: PlayedRange[],
): Promise<AnswerTally[]> {
  // The month as a comparison chain on the play time (ISO text sorts as time): the months of
  // America/Los_Angeles have no SQL expression, and one pass beats a query per month.
  // (One month needs no chain: a CASE must have a WHEN.)
  const monthOf =
    months.length > 1
      ? sql`case ${sql.join(
          months.slice(0, -1).map((m, i) => sql`when r.played_at < ${m.to} then ${i}`),
          sql` `,
        )} else ${months.length - 1} end`
      : sql`0`;
  const { rows } = await sql<{
    scentCardId: number;
    scentOptionId: number;
    correct: number;
    passed: number;
    month: number;
    count: number;
    intensitySum: number;
  }>`
    select d.scent_card_id as "scentCardId", d.scent_option_id as "scentOptionId", d.is_correct as correct,
      case when r.result_status = 'Pass' then 1 else 0 end as passed, ${monthOf} as month,
      count(*) as count, sum(d.smell_intensity) as "intensitySum"
    from test_results r
    join test_result_details d on d.test_result_id = r.id
    where ${where(kitId, scope, range)}
    group by 1, 2, 3, 4, 5`.execute(db);
  return rows.map((r) => ({
    scentCardId: Number(r.scentCardId),
    scentOptionId: Number(r.scentOptionId),
    correct: Number(r.correct) === 1,
    passed: Number(r.passed) === 1,
    month: Number(r.month),
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
