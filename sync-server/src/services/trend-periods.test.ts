import { describe, expect, it } from 'vitest';
import { dayStart } from '../lib/dates';
import { trendPeriods } from './trend-periods';

const pad = (n: number) => String(n).padStart(2, '0');
const localTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

describe('trendPeriods', () => {
  // The zone is asked only now and then (dayStarts); each bound must still be the day's own start.
  it.each([
    ['01/01/2024', '12/31/2026', 'day'], // today's rules, three years
    ['01/01/1973', '12/31/1975', 'day'], // daylight time from January 1974, February 1975
    ['06/01/1942', '06/01/1945', 'day'], // war time all year
    ['01/01/1883', '12/31/1885', 'week'], // the change from local mean time (1883-11-18)
    ['01/01/1900', '12/31/1990', 'month'],
    ['01/02/9997', '12/31/9999', 'day'], // up to the last day a stored time can hold
  ] as const)('from %s to %s by %s: every bound is a Los Angeles midnight, as dayStart gives it', (from, to, group) => {
    const periods = trendPeriods(from, to, group);
    expect(periods.length).toBeGreaterThan(30);
    for (const [i, p] of periods.entries()) {
      if (i > 0) expect(p.from).toBe(periods[i - 1].to);
      if (p.to !== '9999-12-31T23:59:59.999Z') expect(localTime.format(new Date(p.to))).toBe('00:00:00');
      if (group === 'day') {
        const [y, m, d] = p.period.split('-').map(Number);
        expect(p.from).toBe(dayStart(`${pad(m)}/${pad(d)}/${y}`));
      }
    }
  });
});
