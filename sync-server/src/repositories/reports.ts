import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The reports (spec §2 Reports, §3 report, chart and map rows): SQL shaped for a million results
 * a year, each query read from one index alone (see migration 2026-11-23T0710-report-indexes).
 */

/**
 * Whose results a report counts: every result, those without an organization, or one
 * organization's. A Client Admin's is always their own organization (decided by the caller).
 */
export type ReportScope = { kind: 'all' } | { kind: 'none' } | { kind: 'organization'; organizationId: number };

/** A half-open range of instants (ISO, UTC): played at or after `from` and before `to`. */
export interface PlayedRange {
  from: string;
  to: string;
}

/** The scope as a condition on test_results; null for every result. */
function scopeCondition(scope: ReportScope): RawBuilder<SqlBool> | null {
  if (scope.kind === 'none') return sql<SqlBool>`organization_id is null`;
  if (scope.kind === 'organization') return sql<SqlBool>`organization_id = ${scope.organizationId}`;
  return null;
}

const and = (conds: (RawBuilder<SqlBool> | null)[]): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.join(
    conds.filter((c): c is RawBuilder<SqlBool> => c !== null),
    sql` and `,
  )}`;

export interface LocationCount {
  country: string | null;
  state: string | null;
  city: string | null;
  pass: number;
  fail: number;
}

/**
 * Pass and fail counts per place (country, state, city as stored; null where unknown) of the
 * results in scope and range. The conditions sit inside the sums, not in a WHERE: so the database
 * walks the location index in group order and never sorts the results, where a WHERE on
 * played_at would draw it to the played_at index and a sort of every result in range. The
 * status is tested first, so each row meets the range test once rather than twice.
 */
export async function locationCounts(db: Db, scope: ReportScope, range: PlayedRange): Promise<LocationCount[]> {
  const counted = and([scopeCondition(scope), sql<SqlBool>`played_at >= ${range.from}`, sql`played_at < ${range.to}`]);
  const { rows } = await sql<LocationCount>`
    select country, state, city, pass, fail from (
      select country, state, city,
        sum(case when result_status = 'Pass' and ${counted} then 1 else 0 end) as pass,
        sum(case when result_status = 'Fail' and ${counted} then 1 else 0 end) as fail
      from test_results
      group by country, state, city
    ) places
    where pass > 0 or fail > 0`.execute(db);
  return rows.map((r) => ({ ...r, pass: Number(r.pass), fail: Number(r.fail) }));
}

export interface MapPointRow {
  latitude: number;
  longitude: number;
  resultStatus: string;
}

/** The located results in scope and range, newest first, at most `limit`. */
export async function mapPoints(db: Db, scope: ReportScope, range: PlayedRange, limit: number): Promise<MapPointRow[]> {
  const where = and([
    scopeCondition(scope),
    sql<SqlBool>`played_at >= ${range.from}`,
    sql<SqlBool>`played_at < ${range.to}`,
    // The map index holds located results only: this condition is what lets it be used.
    sql<SqlBool>`latitude is not null`,
    sql<SqlBool>`longitude is not null`,
  ]);
  const { rows } = await sql<MapPointRow>`
    select latitude, longitude, result_status as "resultStatus" from test_results
    where ${where}
    order by played_at desc
    limit ${limit}`.execute(db);
  return rows;
}

/** How many results in scope and range have the status (counted in the index alone). */
export async function countWithStatus(
  db: Db,
  scope: ReportScope,
  range: PlayedRange,
  resultStatus: 'Pass' | 'Fail',
): Promise<number> {
  const where = and([
    scopeCondition(scope),
    sql<SqlBool>`result_status = ${resultStatus}`,
    sql<SqlBool>`played_at >= ${range.from}`,
    sql<SqlBool>`played_at < ${range.to}`,
  ]);
  const { rows } = await sql<{ n: number }>`select count(*) as n from test_results where ${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The first and last play time of the results in scope and range; null when there are none. */
export async function playedSpan(
  db: Db,
  scope: ReportScope,
  range: PlayedRange,
): Promise<{ first: string; last: string } | null> {
  const where = and([scopeCondition(scope), sql<SqlBool>`played_at >= ${range.from}`, sql`played_at < ${range.to}`]);
  // Two lookups at the ends of an index, rather than one min/max pass over the range.
  const end = async (order: 'asc' | 'desc') => {
    const { rows } = await sql<{ playedAt: string }>`select played_at as "playedAt" from test_results
      where ${where} order by played_at ${sql.raw(order)} limit 1`.execute(db);
    return rows[0]?.playedAt;
  };
  const first = await end('asc');
  if (!first) return null;
  return { first, last: (await end('desc')) ?? first };
}
