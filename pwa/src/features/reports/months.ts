import type { PassFailRow } from '@scentry/shared-schema';

export interface MonthBar {
  year: number;
  /** 1–12 */
  month: number;
  label: string;
  pass: number;
  fail: number;
  total: number;
}

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "March 2025". */
export const monthName = (year: number, month: number): string => `${LONG[month - 1]} ${year}`;

/** The most months drawn: a range of decades is still one readable chart. */
export const MONTHS_MAX = 120;

/**
 * Every month from the From day's to the To day's (both YYYY-MM-DD), each with the server's
 * numbers or zeros: an empty month is a gap worth seeing, not a month that vanishes. Labels name
 * the year only when the range spans more than one. Rows outside the range (the server's
 * business) are added where they fall, in order.
 */
export function monthBars(rows: readonly PassFailRow[], from: string, to: string): MonthBar[] {
  const key = (y: number, m: number) => y * 12 + (m - 1);
  const byKey = new Map<number, PassFailRow>();
  for (const r of rows) {
    const k = key(r.year, r.month);
    const had = byKey.get(k);
    byKey.set(
      k,
      had ? { ...had, pass: had.pass + r.pass, fail: had.fail + r.fail, totalCount: had.totalCount + r.totalCount } : r,
    );
  }
  const start = key(Number(from.slice(0, 4)), Number(from.slice(5, 7)));
  let end = key(Number(to.slice(0, 4)), Number(to.slice(5, 7)));
  if (end < start) end = start;
  if (end - start >= MONTHS_MAX) end = start + MONTHS_MAX - 1;
  const keys = new Set<number>(byKey.keys());
  for (let k = start; k <= end; k++) keys.add(k);
  const ordered = [...keys].sort((a, b) => a - b);
  const years = new Set(ordered.map((k) => Math.floor(k / 12)));
  return ordered.map((k) => {
    const year = Math.floor(k / 12);
    const month = (k % 12) + 1;
    const row = byKey.get(k);
    const pass = row?.pass ?? 0;
    const fail = row?.fail ?? 0;
    return {
      year,
      month,
      label: years.size > 1 ? `${SHORT[month - 1]} ’${String(year).slice(2)}` : SHORT[month - 1],
      pass,
      fail,
      // The server's total counts every result of the month (other statuses too, if any).
      total: Math.max(row?.totalCount ?? 0, pass + fail),
    };
  });
}
