import { LANGUAGE_LOCALES, type Language } from '@scentry/shared-schema';
import {
  formatLocalDate,
  formatLocalDateTime,
  formatLocalTime,
  formatResultDate,
  formatResultTime,
  RESULT_TIME_ZONE,
} from '@scentry/shared-schema/result-document/format';
import { currentLanguage, currentLocale } from './index';

/*
 * Dates, times and numbers on the player's screens, in the active language (Intl): the one set of
 * formats of shared-schema's report/format.ts (the report, e-mails and screens say a date the same
 * way), bound to the player's language. The device's own clock with its zone for the player's
 * moments (DESIGN.md §7); Los Angeles for the official record (/verify, the history chart's axis).
 * A component calls them while rendering after useT(), so it says them again when the player switches.
 */

/** The date on the device's clock: "11/23/2026"; "23/11/2026". */
export const localDate = (iso: string, language: Language = currentLanguage()): string =>
  formatLocalDate(iso, language);

/** The time on the device's clock with its zone: "4:07 PM GMT+1"; "4:07 p.m. GMT+1". */
export const localTime = (iso: string, language: Language = currentLanguage()): string =>
  formatLocalTime(iso, language);

/** Date and time on the device's clock with its zone: "11/23/2026, 4:07 PM GMT+1". */
export const localDateTime = (iso: string, language: Language = currentLanguage()): string =>
  formatLocalDateTime(iso, language);

/** The official record's date, in Los Angeles: "11/23/2026"; "23 de noviembre de 2026". */
export const recordDate = (iso: string, language: Language = currentLanguage()): string =>
  formatResultDate(iso, language);

/** The official record's time, in Los Angeles with its zone: "3:07 PM PST". */
export const recordTime = (iso: string, language: Language = currentLanguage()): string =>
  formatResultTime(iso, language);

/** Month and day in Los Angeles (the history chart's axis): "11/23"; "23/11". */
export const recordMonthDay = (iso: string, language: Language = currentLanguage()): string =>
  new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    timeZone: RESULT_TIME_ZONE,
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** A number with one decimal ("2.4"; "2,4" where the locale says so). */
export const formatDecimal = (n: number): string =>
  new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
