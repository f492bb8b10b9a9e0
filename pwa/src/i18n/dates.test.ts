import { formatResultDate, formatResultTime } from '@scentry/shared-schema/result-document';
import { describe, expect, it } from 'vitest';
import { formatDecimal, localDate, localDateTime, recordDate, recordMonthDay, recordTime } from './dates';

const AT = '2026-11-23T23:07:00Z'; // 3:07 PM on the 23rd in Los Angeles

describe("dates on the player's screens", () => {
  it('in English, as the record has always given them', () => {
    expect(recordDate(AT, 'en')).toBe(formatResultDate(AT));
    expect(recordDate(AT, 'en')).toBe('11/23/2026');
    expect(recordTime(AT, 'en')).toBe(formatResultTime(AT));
    expect(recordMonthDay(AT, 'en')).toBe('11/23');
  });

  it('in Spanish, as the Spanish report says them, in the same zone', () => {
    expect(recordDate(AT, 'es')).toBe('23 de noviembre de 2026');
    expect(recordMonthDay(AT, 'es')).toBe('23/11');
    expect(recordTime(AT, 'es')).toMatch(/^3:07\sp\.\s?m\.\s/);
    expect(localDate(AT, 'es')).not.toBe(localDate(AT, 'en'));
    expect(localDateTime(AT, 'es')).not.toBe(localDateTime(AT, 'en'));
  });

  it('in the active language when none is given (English in unit tests)', () => {
    expect(recordDate(AT)).toBe(recordDate(AT, 'en'));
    expect(formatDecimal(2.44)).toBe('2.4');
  });
});
