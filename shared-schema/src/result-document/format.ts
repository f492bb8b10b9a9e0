import { INTENSITY_LABELS } from '../common/enums';
import type { Translate } from '../i18n/catalogue';
import { LANGUAGE_LOCALES, type Language } from '../i18n/languages';
import { INTENSITY_KEYS } from '../i18n/values';

/**
 * The official record (the report, e-mails, the admin) gives times in America/Los_Angeles (spec §9)
 * and says so (the `report.time` label, "Pacific Time" / "hora del Pacífico"): dates as MM/DD/YYYY
 * in English, "23 de noviembre de 2026" in Spanish (a month in words cannot be misread either
 * way round). Players' own screens show their device's clock with its zone (formatLocalDate/Time;
 * DESIGN.md §7). Every date goes through `Intl` in the language asked (English by default: the
 * admin back office, file names).
 */
export const RESULT_TIME_ZONE = 'America/Los_Angeles';

const recordDate: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { month: '2-digit', day: '2-digit', year: 'numeric' },
  es: { day: 'numeric', month: 'long', year: 'numeric' },
};
const localDate: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit', year: 'numeric' };
const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

// Made on first use and kept, per language (and for the device's clock, per zone: a zone set later counts).
const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], options);
    formats.set(key, f);
  }
  return f;
}
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "11/23/2026" / "23 de noviembre de 2026" in Los Angeles. */
export const formatResultDate = (iso: string, language: Language = 'en'): string =>
  format(`record-date-${language}`, language, { ...recordDate[language], timeZone: RESULT_TIME_ZONE }).format(
    new Date(iso),
  );
/** "3:07 PM PST" / "3:07 p.m. PST" in Los Angeles. */
export const formatResultTime = (iso: string, language: Language = 'en'): string =>
  format(`record-time-${language}`, language, { ...time, timeZone: RESULT_TIME_ZONE }).format(new Date(iso));

/** "11/23/2026" / "23/11/2026" on the device's own clock (players' screens). */
export const formatLocalDate = (iso: string, language: Language = 'en'): string =>
  format(`local-date-${language}-${deviceZone()}`, language, localDate).format(new Date(iso));
/** "4:07 PM GMT+1", "3:07 PM PST" ("3:07 p.m. PST"): the device's own clock with its zone (players' screens). */
export const formatLocalTime = (iso: string, language: Language = 'en'): string =>
  format(`local-time-${language}-${deviceZone()}`, language, time).format(new Date(iso));
/** "11/23/2026, 4:07 PM GMT+1" on the device's own clock. */
export const formatLocalDateTime = (iso: string, language: Language = 'en'): string =>
  `${formatLocalDate(iso, language)}, ${formatLocalTime(iso, language)}`;

/** Intensity 0–5 in words ("Moderate"; "Moderada" with a Spanish `t`); English without `t` (the admin). */
export const intensityWords = (n: number, t?: Translate): string => {
  const i = Math.round(n);
  if (i < 0 || i >= INTENSITY_KEYS.length) return String(n);
  return t ? t(INTENSITY_KEYS[i]) : INTENSITY_LABELS[i];
};

/** "4/5": right answers of cards. */
export const scoreText = (right: number, cards: number): string => `${right}/${cards}`;
