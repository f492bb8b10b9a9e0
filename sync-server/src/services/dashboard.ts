import type {
  TestResultCounts,
  TestResultCountsRequest,
  TestResultTrendRequest,
  TrendPoint,
} from '@scentry/shared-schema';
import type { Db } from '../db/database';
import { countByRanges, countPlayedKits } from '../repositories/dashboard';
import { countLiveKits } from '../repositories/kits';
import type { ReportScope } from '../repositories/reports';
import { resultScope } from '../repositories/results';
import type { Caller } from './caller';
import { LAST_INSTANT } from './report-range';
import { optionalDayRange, trendPeriods } from './trend-periods';

/*
 * The dashboard (spec §2 /admin/dashboard; issue 24): the four counts of a period and the trend.
 * Scoped as the results list: an Admin sees every organization (or the one they name), a Client
 * Admin only their own, whatever the request names.
 */

/** Whose results: the caller's scope first, then an Admin's choice of organization. */
function scopeOf(me: Caller, organizationId?: number | null): ReportScope {
  const caller = resultScope(me);
  // A user outside every organization sees none (-1 matches no row).
  if (!caller.all) return { kind: 'organization', organizationId: caller.organizationId ?? -1 };
  return organizationId ? { kind: 'organization', organizationId } : { kind: 'all' };
}

/**
 * The dashboard's four counts over a period (default: all time). `testKitCount` is the kits in the
 * system for an Admin (live kits, as ever: the period does not change it), and for anyone scoped to
 * an organization the kits their organization's results were played on within the period.
 */
export async function resultCounts(db: Db, me: Caller, body: TestResultCountsRequest): Promise<TestResultCounts> {
  const days = optionalDayRange(body);
  const range = { from: days.from ?? '', to: days.to ?? LAST_INSTANT };
  const scope = scopeOf(me);
  const [counts] = await countByRanges(db, scope, [range]);
  const testKitCount =
    scope.kind === 'organization' ? await countPlayedKits(db, scope.organizationId, range) : await countLiveKits(db);
  return {
    totalTestCount: counts.pass + counts.fail,
    passCount: counts.pass,
    failCount: counts.fail,
    testKitCount,
  };
}

/** GetTestResultTrend: plays, passes and fails per period of the range (API.md's exact rules). */
export async function resultTrend(db: Db, me: Caller, body: TestResultTrendRequest): Promise<TrendPoint[]> {
  const periods = trendPeriods(body.fromDate, body.toDate, body.groupBy);
  const counts = await countByRanges(db, scopeOf(me, body.organizationId), periods);
  return periods.map((p, i) => ({
    period: p.period,
    total: counts[i].pass + counts[i].fail,
    pass: counts[i].pass,
    fail: counts[i].fail,
  }));
}
