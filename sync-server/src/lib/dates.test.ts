import { describe, expect, it } from 'vitest';
import { dayStart } from './dates';

describe('dayStart (America/Los_Angeles)', () => {
  it('gives the UTC instant of local midnight, in winter and summer time', () => {
    expect(dayStart('01/15/2026')).toBe('2026-01-15T08:00:00.000Z');
    expect(dayStart('07/04/2026')).toBe('2026-07-04T07:00:00.000Z');
    expect(dayStart('07/04/2026', 1)).toBe('2026-07-05T07:00:00.000Z');
    // The day the clocks go forward (March 8, 2026) starts in winter time.
    expect(dayStart('03/08/2026')).toBe('2026-03-08T08:00:00.000Z');
    expect(dayStart('03/08/2026', 1)).toBe('2026-03-09T07:00:00.000Z');
  });
});
