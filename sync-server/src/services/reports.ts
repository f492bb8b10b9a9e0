import {
  type ApiData,
  LOCATION_SORT_COLUMNS,
  type LocationReportRow,
  type MapPoint,
  type PassFailRow,
  RESULTS_MSG,
  type ReportRequest,
} from '@scentry/shared-schema';
import type { Db } from '../db/database';
import { invalid } from '../lib/errors';
import {
  countWithStatus,
  type LocationCount,
  locationCounts,
  mapPoints,
  type PlayedRange,
  playedSpan,
  type ReportScope,
} from '../repositories/reports';
import { type ResultScope, resultScope } from '../repositories/results';
import type { Caller } from './caller';
import { CHART_MONTHS_MAX, chartMonths, monthAt, monthCount, rangeMonths, reportRange } from './report-range';

/*
 * Reports (spec §2 Reports, §7): Data Location table, Location Map and Pass/Fail chart, over whole
 * days of America/Los_Angeles. An Admin chooses all data (A), results without an organization
 * (N) or one organization (O); a Client Admin always gets their own organization, whatever the
 * request says.
 */

/** What the map draws at most: the newest located results of the range. */
export const MAP_POINTS_MAX = 100_000;

/** A place that is not known (no position, at sea, or no city near) is shown as this. */
export const UNKNOWN = 'Unknown';

/**
 * Reports (spec §2 Reports, §7): Data Location table, Location Map and Pass/Fail chart, over whole
 * days of America/Los_Angeles. An Admin chooses all data (A), results without an organization
 * (N) or one organization (O); a Client Admin always gets their own organization, whatever the
 * request says.
 */
/** Whose results a report counts, and over which days. */
function reportOf(me: Caller, body: ReportRequest): { scope: ReportScope; range: PlayedRange } {
  const range = reportRange(body);
  const caller = resultScope(me);
  if (!caller.all) {
    // A user outside every organization sees none (-1 matches no row).
    return { range, scope: { kind: 'organization', organizationId: caller.organizationId ?? -1 } };
  }
  const { dataSetType, organizationId } = body;
  if (dataSetType === 'N') return { range, scope: { kind: 'none' } };
  if (dataSetType === 'O') {
    if (!organizationId) throw invalid(RESULTS_MSG.organizationRequired);
    return { range, scope: { kind: 'organization', organizationId } };
  }
  return { range, scope: { kind: 'all' } };
}

/** The Data Location table: results counted by place, sorted and paged. */
export async function dataLocation(
  db: Db,
  me: Caller,
  body: ReportRequest & { pageNumber: number; rowsPerPage: number },
): Promise<ApiData<'getDataLocation'>> {
  const { scope, range } = reportOf(me, body);
  const rows = placeRows(await locationCounts(db, scope, range));
  rows.sort(placeOrder(body.sortColumns));
  const start = (body.pageNumber - 1) * body.rowsPerPage;
  return { list: rows.slice(start, start + body.rowsPerPage), totalCount: rows.length };
}

/**
 * Decimals of a position a caller sees (API.md "Costs, throttles and privacy of places"): 2 (about
 * 1 km) when the caller's organization does not disclose names, so a point cannot lead to a house;
 * else 5 (about a metre: more would only make the reply longer). The Extended export's
 * `latitude,longitude` (a later issue) must round by this rule too.
 */
export function placeDecimals(scope: ResultScope): 2 | 5 {
  return scope.hideNames ? 2 : 5;
}

/** A coordinate rounded to `decimals` places. */
export function roundPlace(value: number, decimals: number): number {
  const k = 10 ** decimals;
  return Math.round(value * k) / k;
}

/** The Location Map: the newest located results of the range. */
export async function locationPoints(db: Db, me: Caller, body: ReportRequest): Promise<MapPoint[]> {
  const { scope, range } = reportOf(me, body);
  const rows = await mapPoints(db, scope, range, MAP_POINTS_MAX);
  const decimals = placeDecimals(resultScope(me));
  return rows.map((r) => ({
    latitude: roundPlace(r.latitude, decimals),
    longitude: roundPlace(r.longitude, decimals),
    resultStatus: r.resultStatus,
  }));
}

/** The Pass/Fail chart: passes and failures per month of the range. */
export async function passFailByMonth(db: Db, me: Caller, body: ReportRequest): Promise<PassFailRow[]> {
  const { scope, range } = reportOf(me, body);
  let { first, last } = rangeMonths(range);
  if (monthCount(first, last) > CHART_MONTHS_MAX) {
    // A range of many years: its empty months at either end are not drawn.
    const span = await playedSpan(db, scope, range);
    if (!span) return [];
    first = monthAt(span.first);
    last = monthAt(span.last);
  }
  const list: PassFailRow[] = [];
  // One count per month and status, each a range of an index: no sort of the results.
  for (const month of chartMonths(range, first, last)) {
    const pass = await countWithStatus(db, scope, month, 'Pass');
    const fail = await countWithStatus(db, scope, month, 'Fail');
    list.push({ month: month.month, year: month.year, totalCount: pass + fail, pass, fail });
  }
  return list;
}

/** The counted places as report rows: what is not known is "Unknown" (and counted as one place). */
function placeRows(counts: LocationCount[]): LocationReportRow[] {
  const rows = new Map<string, LocationReportRow>();
  for (const c of counts) {
    const row = { country: c.country ?? UNKNOWN, state: c.state ?? UNKNOWN, city: c.city ?? UNKNOWN };
    const key = JSON.stringify([row.country, row.state, row.city]);
    const seen = rows.get(key);
    if (seen) {
      seen.pass += c.pass;
      seen.fail += c.fail;
    } else rows.set(key, { ...row, pass: c.pass, fail: c.fail });
  }
  return [...rows.values()];
}

type SortColumn = (typeof LOCATION_SORT_COLUMNS)[number];
const SORT_COLUMN_BY_LOWER = new Map<string, SortColumn>(LOCATION_SORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const compareBy = (column: SortColumn, a: LocationReportRow, b: LocationReportRow): number =>
  column === 'pass' || column === 'fail' ? a[column] - b[column] : collator.compare(a[column], b[column]);

/**
 * The order of the rows: the requested columns (LOCATION_SORT_COLUMNS, any case; unknown ones
 * ignored), then country, state and city ascending, so pages are stable.
 */
function placeOrder(sorts: ReportRequest['sortColumns']): (a: LocationReportRow, b: LocationReportRow) => number {
  const order: { column: SortColumn; sign: number }[] = [];
  for (const s of sorts ?? []) {
    const column = SORT_COLUMN_BY_LOWER.get(s.columnName.toLowerCase());
    if (column && !order.some((o) => o.column === column))
      order.push({ column, sign: s.sortOrder === 'desc' ? -1 : 1 });
  }
  for (const column of ['country', 'state', 'city'] as const) {
    if (!order.some((o) => o.column === column)) order.push({ column, sign: 1 });
  }
  const exact = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a, b) => {
    for (const { column, sign } of order) {
      const d = compareBy(column, a, b);
      if (d) return sign * d;
    }
    // Names equal but for case or accents still come in one order.
    return exact(a.country, b.country) || exact(a.state, b.state) || exact(a.city, b.city);
  };
}
