import { sql } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import type { PlayedRange, ReportScope } from './reports';

/*
 * The dashboard (issue 24): results counted by status per period, and the kits an organization
 * played. Every count is a range of an index read alone: test_results_status_played
 * (result_status, played_at, id) for every result, test_results_org_report (organization_id,
 * played_at, result_status, ...) for one organization's; no result row is read and none sorted.
 */

/** Passes and fails of each range, in the order given. */
export interface StatusCounts {
  pass: number;
  fail: number;
}

/**
 * Passes and fails of the results in scope played within each range, in one statement: the ranges
 * are a VALUES list and each count a correlated subquery on a range of an index, so a year by week
 * reads the year's index entries once and sorts nothing (a GROUP BY over the results would sort them).
 */
export async function countByRanges(db: Db, scope: ReportScope, ranges: PlayedRange[]): Promise<StatusCounts[]> {
  if (!ranges.length) return [];
  const scopeSql =
    scope.kind === 'all'
      ? sql.raw('')
      : scope.kind === 'none'
        ? sql`organization_id is null and`
        : sql`organization_id = ${scope.organizationId} and`;
  // The index typed: PostgreSQL takes an untyped parameter of VALUES as text, and would order
  // '10' before '2'.
  const values = sql.join(ranges.map((r, i) => sql`(cast(${i} as integer), ${r.from}, ${r.to})`));
  const count = (status: 'Pass' | 'Fail') => sql`(select count(*) from test_results
      where ${scopeSql} result_status = ${status} and played_at >= p.f and played_at < p.t)`;
  // No parallel workers on PostgreSQL (dialect.serialReads): with one range (the dashboard's counts)
  // it plans each count as a parallel index-only scan at 1,000,000 results, and starting two pairs
  // of workers cost more than the counts themselves on a busy 2-core machine (577 ms p50 against
  // 170 ms for the 53 ranges of the weekly trend, whose correlated counts run on one process).
  const { rows } = await dialectOf(db).serialReads(db, (conn) =>
    sql<{ i: number; pass: number; fail: number }>`
    with p(i, f, t) as (values ${values})
    select p.i as i, ${count('Pass')} as pass, ${count('Fail')} as fail from p order by p.i`.execute(conn),
  );
  return rows.map((r) => ({ pass: Number(r.pass), fail: Number(r.fail) }));
}

/**
 * How many kits (a kit counts once, whatever its versions) the organization's results were played
 * on within the range: one probe of test_results_org_kit_played per kit.
 */
export async function countPlayedKits(db: Db, organizationId: number, range: PlayedRange): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from test_kits k
    where exists (select 1 from test_results r
      where r.organization_id = ${organizationId} and r.test_kit_id = k.id
        and r.played_at >= ${range.from} and r.played_at < ${range.to})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
