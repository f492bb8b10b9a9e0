import { RESULT_TIME_ZONE } from '@scentry/shared-schema/report';
import { currentLocale } from './index';

/*
 * Dates and times on the player's screens, through Intl in the active language's locale
 * (currentLocale(): en-US, es-US). Formats are made per call: cheap, and a language switch or a
 * time zone set later (tests) always counts. A component calls them while rendering after useT(),
 * so it says them again in the new language when the player switches.
 */

const format = (iso: string, options: Intl.DateTimeFormatOptions, locale = currentLocale()) =>
  new Intl.DateTimeFormat(locale, options).format(new Date(iso));

/** A short date and time on the device's own clock ("11/26/26, 3:07 PM"; "26/11/26, 3:07 p. m."). */
export const localDateTime = (iso: string, locale?: string): string =>
  format(iso, { dateStyle: 'short', timeStyle: 'short' }, locale);

/** The date on the device's own clock, as the player's screens give it (MM/DD/YYYY in English). */
export const localDate = (iso: string, locale?: string): string =>
  format(iso, { month: '2-digit', day: '2-digit', year: 'numeric' }, locale);

/** The time on the device's own clock with its zone ("4:07 PM GMT+1"). */
export const localTime = (iso: string, locale?: string): string =>
  format(iso, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, locale);

/** The official record's date, in Los Angeles (spec §9), as formatResultDate in English. */
export const recordDate = (iso: string, locale?: string): string =>
  format(iso, { timeZone: RESULT_TIME_ZONE, month: '2-digit', day: '2-digit', year: 'numeric' }, locale);

/** The official record's time, in Los Angeles with its zone, as formatResultTime in English. */
export const recordTime = (iso: string, locale?: string): string =>
  format(iso, { timeZone: RESULT_TIME_ZONE, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, locale);

/** Month and day in Los Angeles (the history chart's axis). */
export const recordMonthDay = (iso: string, locale?: string): string =>
  format(iso, { timeZone: RESULT_TIME_ZONE, month: '2-digit', day: '2-digit' }, locale);
