import { RESULTS_MSG, TREND_PERIODS_MAX, type TrendGroup } from '@scentry/shared-schema';
import { dayStart } from '../lib/dates';
import { invalid } from '../lib/errors';
import type { PlayedRange } from '../repositories/reports';
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

/**
 * How many days apart two changes of the zone's offset are at least (US rules: about 127 days of
 * standard time between about 238 of daylight time; 119 in 1974–75): two days this close with the
 * same offset at their midnights have it on every day between.
 */
const STEADY_DAYS = 45;

/**
 * startOf for many days from `first` to `last`, asking the time zone (Intl, slow: a year of days
 * asked one by one costs more than counting them) only every STEADY_DAYS days and around its
 * changes; between, the offset at midnight is the same, and the day's start is plain arithmetic.
 */
function dayStarts(first: number, last: number): (n: number) => string {
  const offsetOf = (n: number) => n * DAY_MS - Date.parse(startOf(n));
  // Runs of days with one offset, in day order.
  const runs: { from: number; to: number; offset: number }[] = [];
  const cover = (a: number, b: number, oa: number, ob: number) => {
    if (oa === ob) runs.push({ from: a, to: b, offset: oa });
    else if (b - a === 1) runs.push({ from: a, to: a, offset: oa }, { from: b, to: b, offset: ob });
    else {
      const m = Math.floor((a + b) / 2);
      const om = offsetOf(m);
      cover(a, m, oa, om);
      cover(m, b, om, ob);
    }
  };
  let a = first;
  let oa = offsetOf(a);
  if (first === last) runs.push({ from: a, to: a, offset: oa });
  while (a < last) {
    const b = Math.min(a + STEADY_DAYS, last);
    const ob = offsetOf(b);
    cover(a, b, oa, ob);
    a = b;
    oa = ob;
  }
  return (n) => {
    if (dayOf(n).year > 9999) return LAST_INSTANT;
    let lo = 0;
    let hi = runs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid].from <= n) lo = mid;
      else hi = mid - 1;
    }
    const run = runs[lo];
    return n >= run.from && n <= run.to ? new Date(n * DAY_MS - run.offset).toISOString() : startOf(n);
  };
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
  const startOfDay = dayStarts(from, to + 1);
  // Each bound is computed once: a period's end is the next one's start.
  let start = periodStart(from, groupBy);
  let startInstant = startOfDay(from);
  while (start <= to) {
    const next = nextStart(start, groupBy);
    const endInstant = startOfDay(Math.min(next, to + 1));
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
