import { RESULTS_MSG, TREND_PERIODS_MAX, type TrendGroup } from '@scentry/shared-schema';

/*
 * The dashboard's period (issue 24), kept in the URL: all time (the spec's default, no key), this
 * month, the last 3 months, this year, or custom From/To days; and the trend's grouping when the
 * user changed it. Days are YYYY-MM-DD of America/Los_Angeles, as the results list's URL holds
 * them, so a card links to the list with the same `from`/`to`. Parsed without zod (route chunk).
 */

export const PERIODS = [
  { value: 'all', label: 'All time' },
  { value: 'month', label: 'This month' },
  { value: 'quarter', label: 'Last 3 months' },
  { value: 'year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type PeriodKind = (typeof PERIODS)[number]['value'];

export const GROUPS: { value: TrendGroup; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

export interface DashboardSearch {
  /** Absent: all time. */
  period?: Exclude<PeriodKind, 'all'>;
  /** Custom days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** The trend's grouping, when chosen rather than picked from the period. */
  group?: TrendGroup;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD, or null. */
export function isoDay(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = ISO_DAY.exec(v);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return real && y >= 1900 && y <= 9999 ? v : null;
}

/** The dashboard's URL state: unknown or broken values fall back to all time and the picked grouping. */
export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const out: DashboardSearch = {};
  const period = PERIODS.find((p) => p.value === raw.period && p.value !== 'all')?.value;
  if (period && period !== 'all') out.period = period;
  if (out.period === 'custom') {
    const from = isoDay(raw.from);
    const to = isoDay(raw.to);
    if (from) out.from = from;
    if (to) out.to = to;
  }
  const group = GROUPS.find((g) => g.value === raw.group)?.value;
  if (group) out.group = group;
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Today in America/Los_Angeles as YYYY-MM-DD. */
export function laToday(now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The same day `months` months earlier (the month's last day when it has fewer days). */
function monthsBefore(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoOf(year, month, Math.min(d, last));
}

/** What the period covers: its days (open where absent), or why it cannot be shown yet. */
export type PeriodRange = { ok: true; from?: string; to?: string } | { ok: false; message: string };

/**
 * The days of the chosen period. This month: its first day to today; the last 3 months: the same
 * day three months ago to today; this year: 1 January to today; custom: both days, To not before
 * From; all time: open at both ends.
 */
export function periodRange(search: DashboardSearch, today: string): PeriodRange {
  switch (search.period) {
    case undefined:
      return { ok: true };
    case 'month':
      return { ok: true, from: `${today.slice(0, 8)}01`, to: today };
    case 'quarter':
      return { ok: true, from: monthsBefore(today, 3), to: today };
    case 'year':
      return { ok: true, from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'custom':
      if (!search.from || !search.to) return { ok: false, message: 'Choose a From and a To day.' };
      if (search.to < search.from) return { ok: false, message: RESULTS_MSG.toBeforeFrom };
      return { ok: true, from: search.from, to: search.to };
  }
}

/** YYYY-MM-DD → MM/DD/YYYY (the API's days). */
export const usDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** How many periods a grouping makes of the days from `from` to `to` (both counted). */
export function periodCount(from: string, to: string, group: TrendGroup): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (group === 'day') return b - a + 1;
  if (group === 'week') {
    const monday = (n: number) => n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7);
    return (monday(b) - monday(a)) / 7 + 1;
  }
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1
  );
}

/** The grouping the period gets unless one is chosen: days up to two months, weeks up to a year, else months. */
export function autoGroup(from: string, to: string): TrendGroup {
  const days = periodCount(from, to, 'day');
  if (days <= 62) return 'day';
  if (days <= 371) return 'week';
  return 'month';
}

/** Whether the server draws this many periods (API.md caps a trend at TREND_PERIODS_MAX). */
export const groupFits = (from: string, to: string, group: TrendGroup): boolean =>
  periodCount(from, to, group) <= TREND_PERIODS_MAX;

/** The results list's URL for the period (and a status): the list's own `from`, `to` and `status` keys. */
export function resultListSearch(
  range: { from?: string; to?: string },
  status?: 'Pass' | 'Fail',
): { from?: string; to?: string; status?: 'Pass' | 'Fail' } {
  const search: { from?: string; to?: string; status?: 'Pass' | 'Fail' } = {};
  if (range.from) search.from = range.from;
  if (range.to) search.to = range.to;
  if (status) search.status = status;
  return search;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A period as people read it: "Mar 8, 2026", "Week of Mar 2, 2026", "March 2026". */
export function periodLabel(period: string, group: TrendGroup, short = false): string {
  const y = period.slice(0, 4);
  const m = MONTHS[Number(period.slice(5, 7)) - 1];
  const d = Number(period.slice(8, 10));
  if (group === 'month') return short ? `${m} ’${y.slice(2)}` : `${m} ${y}`;
  if (short) return `${m} ${d}`;
  return group === 'week' ? `Week of ${m} ${d}, ${y}` : `${m} ${d}, ${y}`;
}
