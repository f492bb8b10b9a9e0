import { currentLocale } from './index';

/*
 * Dates and numbers on the player's screens after play, in the active language's locale (Intl).
 * Times are the device's own clock with its zone (DESIGN.md §7); the report and e-mails keep
 * Pacific Time (shared-schema/report/format.ts).
 */

/** "11/23/2026, 4:07 PM GMT+1" (en-US), "23/11/2026, 4:07 p. m. GMT+1" (es-US), on the device's clock. */
export function formatLocalDateTime(iso: string, locale: string = currentLocale()): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A number with one decimal ("2.4"), as the locale writes it. */
export function formatDecimal(n: number, locale: string = currentLocale()): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

/** A whole number ("4") as the locale writes it. */
export const formatCount = (n: number, locale: string = currentLocale()): string =>
  new Intl.NumberFormat(locale).format(n);
