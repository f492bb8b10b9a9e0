import { RESULTS_MSG } from '@scentry/shared-schema';
import { describe, expect, it } from 'vitest';
import {
  autoGroup,
  groupFits,
  laToday,
  periodCount,
  periodLabel,
  periodRange,
  resultListSearch,
  validateDashboardSearch,
} from './period';

describe('the dashboard period', () => {
  it('reads the URL, dropping what is unknown or broken (all time by default)', () => {
    expect(validateDashboardSearch({})).toEqual({});
    expect(validateDashboardSearch({ period: 'all' })).toEqual({});
    expect(validateDashboardSearch({ period: 'decade', group: 'year' })).toEqual({});
    expect(validateDashboardSearch({ period: 'month', group: 'week', from: '2026-01-01' })).toEqual({
      period: 'month',
      group: 'week',
    });
    expect(validateDashboardSearch({ period: 'custom', from: '2026-02-30', to: '2026-03-08' })).toEqual({
      period: 'custom',
      to: '2026-03-08',
    });
  });

  it('turns each choice into its days, today included', () => {
    const today = '2026-05-31';
    expect(periodRange({}, today)).toEqual({ ok: true });
    expect(periodRange({ period: 'month' }, today)).toEqual({ ok: true, from: '2026-05-01', to: today });
    // Three months before 05-31 is 02-28 (February has no 31st).
    expect(periodRange({ period: 'quarter' }, today)).toEqual({ ok: true, from: '2026-02-28', to: today });
    expect(periodRange({ period: 'quarter' }, '2026-01-15')).toEqual({
      ok: true,
      from: '2025-10-15',
      to: '2026-01-15',
    });
    expect(periodRange({ period: 'year' }, today)).toEqual({ ok: true, from: '2026-01-01', to: today });
    expect(periodRange({ period: 'custom', from: '2026-03-01', to: '2026-03-08' }, today)).toEqual({
      ok: true,
      from: '2026-03-01',
      to: '2026-03-08',
    });
    expect(periodRange({ period: 'custom', from: '2026-03-09', to: '2026-03-08' }, today)).toEqual({
      ok: false,
      message: RESULTS_MSG.toBeforeFrom,
    });
    expect(periodRange({ period: 'custom', from: '2026-03-09' }, today).ok).toBe(false);
  });

  it('picks days, weeks or months from the length, and counts periods as the server does', () => {
    expect(autoGroup('2026-05-01', '2026-05-31')).toBe('day');
    expect(autoGroup('2026-02-28', '2026-05-31')).toBe('week');
    expect(autoGroup('2026-01-01', '2026-12-31')).toBe('week');
    expect(autoGroup('2024-01-01', '2026-05-31')).toBe('month');
    expect(periodCount('2026-03-01', '2026-03-15', 'week')).toBe(3); // Sun 03-01 is in the week of Mon 02-23
    expect(periodCount('2026-01-01', '2026-12-31', 'week')).toBe(53);
    expect(periodCount('2025-11-15', '2026-02-01', 'month')).toBe(4);
    expect(groupFits('2024-01-01', '2026-12-31', 'day')).toBe(true); // 1,096 days
    expect(groupFits('2023-01-01', '2026-12-31', 'day')).toBe(false);
  });

  it('links to the results list with its own keys', () => {
    expect(resultListSearch({ from: '2026-03-01', to: '2026-03-08' }, 'Fail')).toEqual({
      from: '2026-03-01',
      to: '2026-03-08',
      status: 'Fail',
    });
    expect(resultListSearch({})).toEqual({});
  });

  it('says periods and today as Los Angeles does', () => {
    expect(periodLabel('2026-03-02', 'week')).toBe('Week of Mar 2, 2026');
    expect(periodLabel('2026-03-01', 'month')).toBe('Mar 2026');
    expect(periodLabel('2026-03-08', 'day', true)).toBe('Mar 8');
    // 07:30 UTC on 03-09 is 00:30 PDT on 03-09; 06:30 UTC is 23:30 PDT on 03-08.
    expect(laToday(new Date('2026-03-09T07:30:00Z'))).toBe('2026-03-09');
    expect(laToday(new Date('2026-03-09T06:30:00Z'))).toBe('2026-03-08');
  });
});
