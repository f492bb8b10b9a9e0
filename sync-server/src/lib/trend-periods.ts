import { RESULTS_MSG, TREND_PERIODS_MAX, type TrendGroup } from '@scentry/shared-schema';
import type { PlayedRange } from '../repositories/reports';
import { dayStart } from './dates';
import { invalid } from './errors';
import { compareDays, type Day, earlier, LAST_INSTANT, parseDay, usDate } from './report-range';

/*
 * The dashboard's periods (API.md "Reports: trend and kit insights"): whole days, weeks (Monday
 * first) and months of America/Los_Angeles. Calendar arithmetic is done on day numbers (days
 * since 1970-01-01 as a calendar, no time zone); only the bounds become instants, through
 * dayStart, which knows the zone's daylight-saving changes.
 */

const DAY_MS = 86_400_000;

/** A calendar day as a number of days since 1970-01-01. */
const dayNumber = (d: Day): number => Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;

function dayOf(n: number): Day {
  const at = new Date(n * DAY_MS);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

const isoDay = (d: Day): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The instant a day begins in the product's zone; past year 9999 the last instant stored times can hold. */
function startOf(n: number): string {
  const d = dayOf(n);
  return d.year > 9999 ? LAST_INSTANT : earlier(dayStart(usDate(d)), LAST_INSTANT);
}

/** The first day of the period holding day `n`. */
function periodStart(n: number, groupBy: TrendGroup): number {
  if (groupBy === 'day') return n;
  if (groupBy === 'week') return n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7); // Monday
  const d = dayOf(n);
  return dayNumber({ year: d.year, month: d.month, day: 1 });
}

/** The first day of the period after the one starting on day `start`. */
function nextStart(start: number, groupBy: TrendGroup): number {
  if (groupBy === 'day') return start + 1;
  if (groupBy === 'week') return start + 7;
  const d = dayOf(start);
  return Date.UTC(d.year, d.month, 1) / DAY_MS;
}

function periodCount(from: number, to: number, groupBy: TrendGroup): number {
  if (groupBy === 'day') return to - from + 1;
  if (groupBy === 'week') return (periodStart(to, 'week') - periodStart(from, 'week')) / 7 + 1;
  const a = dayOf(from);
  const b = dayOf(to);
  return (b.year - a.year) * 12 + (b.month - a.month) + 1;
}

/** One period of a trend: its first calendar day (YYYY-MM-DD) and the instants it counts within the range. */
export interface TrendPeriod extends PlayedRange {
  period: string;
}

/**
 * Every period overlapping [fromDate, toDate] (MM/DD/YYYY, both counted), in order, each counting
 * only its days inside the range; `period` is the period's first day even when that is before
 * fromDate. A bad day, To before From, or more than TREND_PERIODS_MAX periods: a 400.
 */
export function trendPeriods(fromDate: string, toDate: string, groupBy: TrendGroup): TrendPeriod[] {
  const fromDay = parseDay(fromDate);
  const toDay = parseDay(toDate);
  if (compareDays(toDay, fromDay) < 0) throw invalid(RESULTS_MSG.toBeforeFrom);
  const from = dayNumber(fromDay);
  const to = dayNumber(toDay);
  if (periodCount(from, to, groupBy) > TREND_PERIODS_MAX) throw invalid(RESULTS_MSG.trendTooManyPeriods);

  const periods: TrendPeriod[] = [];
  // Each bound is computed once: a period's end is the next one's start.
  let start = periodStart(from, groupBy);
  let startInstant = startOf(from);
  while (start <= to) {
    const next = nextStart(start, groupBy);
    const endInstant = startOf(Math.min(next, to + 1));
    periods.push({ period: isoDay(dayOf(start)), from: startInstant, to: endInstant });
    start = next;
    startInstant = endInstant;
  }
  return periods;
}

/**
 * An optional period of whole days (MM/DD/YYYY; absent or empty: open at that end) as instants:
 * null where open. A day that does not exist, or To before From: a 400 with the list's messages.
 */
export function optionalDayRange(body: { fromDate?: string | null; toDate?: string | null }): {
  from: string | null;
  to: string | null;
} {
  const fromDay = body.fromDate ? parseDay(body.fromDate) : null;
  const toDay = body.toDate ? parseDay(body.toDate) : null;
  if (fromDay && toDay && compareDays(toDay, fromDay) < 0) throw invalid(RESULTS_MSG.toBeforeFrom);
  return {
    from: fromDay ? startOf(dayNumber(fromDay)) : null,
    to: toDay ? startOf(dayNumber(toDay) + 1) : null,
  };
}
