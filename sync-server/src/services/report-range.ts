import { MSG, RESULTS_MSG } from '@scentry/shared-schema';
import { dayStart, TIME_ZONE } from '../lib/dates';
import { invalid } from '../lib/errors';
import type { PlayedRange } from '../repositories/reports';

/** A calendar day as the request names it (MM/DD/YYYY). */
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** A calendar month of the product's zone, as the instants that bound it within a report's range. */
export interface ChartMonth extends PlayedRange {
  year: number;
  /** 1–12. */
  month: number;
}

/** More months than this are not drawn empty: the chart then spans the months that have results. */
export const CHART_MONTHS_MAX = 120;

export const LAST_INSTANT = '9999-12-31T23:59:59.999Z';
const later = (a: string, b: string) => (Date.parse(a) > Date.parse(b) ? a : b);
export const earlier = (a: string, b: string) => (Date.parse(a) < Date.parse(b) ? a : b);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const usDate = (d: Pick<Day, 'year' | 'month' | 'day'>) => `${pad(d.month)}/${pad(d.day)}/${pad(d.year, 4)}`;

/**
 * A MM/DD/YYYY text (its format already checked) as a day that exists, or a 400. Years before 100
 * are refused too: JavaScript's dates read them as 19xx.
 */
export function parseDay(text: string): Day {
  const [month, day, year] = text.split('/').map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  if (year < 100 || at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) {
    throw invalid(MSG.invalidDate);
  }
  return { year, month, day };
}

export const compareDays = (a: Day, b: Day) => a.year - b.year || a.month - b.month || a.day - b.day;

/**
 * The played-at range of a report: From's day start to the end of To's day, whole days in
 * America/Los_Angeles (DESIGN.md §7). From may not be in the future; To may not be before From
 * (the same day is a one-day report).
 */
export function reportRange(body: { fromDate: string; toDate: string }, now = Date.now()): PlayedRange {
  const from = parseDay(body.fromDate);
  const to = parseDay(body.toDate);
  // The day after 12/31/9999 is no longer written as the stored times are (+010000-...).
  const range = { from: dayStart(usDate(from)), to: earlier(dayStart(usDate(to), 1), LAST_INSTANT) };
  if (Date.parse(range.from) > now) throw invalid(RESULTS_MSG.fromInFuture);
  if (compareDays(to, from) < 0) throw invalid(RESULTS_MSG.toBeforeFrom);
  return range;
}

const zoneMonth = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: 'numeric' });

/** The year and month of the product's zone at an instant. */
export function monthAt(iso: string): { year: number; month: number } {
  const parts = Object.fromEntries(zoneMonth.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month) };
}

const monthIndex = (m: { year: number; month: number }) => m.year * 12 + (m.month - 1);

/**
 * The months of the chart, each bounded by the range: every month from `first` to `last`
 * (year and month of the zone), so a month without results is drawn as zero.
 */
export function chartMonths(
  range: PlayedRange,
  first: { year: number; month: number },
  last: { year: number; month: number },
): ChartMonth[] {
  const months: ChartMonth[] = [];
  for (let i = monthIndex(first); i <= monthIndex(last); i++) {
    const year = Math.floor(i / 12);
    const month = (i % 12) + 1;
    const start = dayStart(usDate({ year, month, day: 1 }));
    const end = dayStart(usDate({ year: Math.floor((i + 1) / 12), month: ((i + 1) % 12) + 1, day: 1 }));
    months.push({
      year,
      month,
      from: later(start, range.from),
      to: earlier(end, range.to),
    });
  }
  return months;
}

/** The first and last month (of the zone) that the range touches. */
export function rangeMonths(range: PlayedRange): {
  first: { year: number; month: number };
  last: { year: number; month: number };
} {
  return { first: monthAt(range.from), last: monthAt(new Date(Date.parse(range.to) - 1).toISOString()) };
}

/** How many months lie from `first` to `last`, both counted. */
export const monthCount = (first: { year: number; month: number }, last: { year: number; month: number }): number =>
  monthIndex(last) - monthIndex(first) + 1;
