import { describe, expect, it } from 'vitest';
import { MONTHS_MAX, monthBars, monthName } from './months';
import { groupOf } from './point-groups';

const row = (year: number, month: number, pass: number, fail: number) => ({
  year,
  month,
  pass,
  fail,
  totalCount: pass + fail,
});

describe('the chart’s months', () => {
  it('are every month of the range, empty ones as zeros', () => {
    const bars = monthBars([row(2025, 3, 4, 1), row(2025, 1, 2, 0)], '2025-01-01', '2025-12-31');
    expect(bars).toHaveLength(12);
    expect(bars.map((b) => b.label)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(bars[0]).toMatchObject({ month: 1, pass: 2, fail: 0, total: 2 });
    expect(bars[1]).toMatchObject({ month: 2, pass: 0, fail: 0, total: 0 });
    expect(bars[2]).toMatchObject({ month: 3, pass: 4, fail: 1, total: 5 });
  });

  it('name the year when the range spans two', () => {
    const bars = monthBars([row(2026, 1, 1, 1)], '2025-11-15', '2026-01-10');
    expect(bars.map((b) => b.label)).toEqual(['Nov ’25', 'Dec ’25', 'Jan ’26']);
    expect(bars[2]).toMatchObject({ year: 2026, month: 1, total: 2 });
  });

  it('keep rows the server sends outside the range, and add up repeated months', () => {
    const bars = monthBars([row(2025, 5, 1, 0), row(2025, 5, 0, 2), row(2024, 12, 3, 0)], '2025-05-01', '2025-05-31');
    expect(bars.map((b) => [b.year, b.month, b.pass, b.fail])).toEqual([
      [2024, 12, 3, 0],
      [2025, 5, 1, 2],
    ]);
  });

  it('stop at ten years', () => {
    expect(monthBars([], '1990-01-01', '2025-12-31')).toHaveLength(MONTHS_MAX);
  });

  it('are named in full in the table', () => {
    expect(monthName(2025, 9)).toBe('September 2025');
  });
});

describe('the map’s colours', () => {
  it('are pass green, fail red, anything else blue (spec §4)', () => {
    expect(groupOf('Pass')).toBe('pass');
    expect(groupOf('FAIL')).toBe('fail');
    expect(groupOf('Pending')).toBe('other');
    expect(groupOf('')).toBe('other');
  });
});
