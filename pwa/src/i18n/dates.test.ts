import { formatResultDate, formatResultTime } from '@scentry/shared-schema/report';
import { describe, expect, it } from 'vitest';
import { localDate, localDateTime, recordDate, recordMonthDay, recordTime } from './dates';

const AT = '2026-11-23T23:07:00Z'; // 3:07 PM on the 23rd in Los Angeles

describe("dates on the player's screens", () => {
  it('in English, as the record has always given them', () => {
    expect(recordDate(AT, 'en-US')).toBe(formatResultDate(AT));
    expect(recordTime(AT, 'en-US')).toBe(formatResultTime(AT));
    expect(recordMonthDay(AT, 'en-US')).toBe('11/23');
  });

  it('in Spanish, day before month, in the same zone', () => {
    expect(recordDate(AT, 'es-US')).toBe('23/11/2026');
    expect(recordMonthDay(AT, 'es-US')).toBe('23/11');
    expect(recordTime(AT, 'es-US')).toMatch(/^3:07\sp\.\s?m\.\s/);
    expect(localDate(AT, 'es-US')).not.toBe(localDate(AT, 'en-US'));
    expect(localDateTime(AT, 'es-US')).not.toBe(localDateTime(AT, 'en-US'));
  });

  it('in the active language when none is given (English in unit tests)', () => {
    expect(recordDate(AT)).toBe(recordDate(AT, 'en-US'));
  });
});
