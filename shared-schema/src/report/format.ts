import { INTENSITY_LABELS } from '../common/enums';

/**
 * The official record (the report, e-mails, the admin) gives times in America/Los_Angeles (spec §9),
 * dates as MM/DD/YYYY, and says so (RESULT_TIME_ZONE_NAME). Players' own screens show their
 * device's clock with its zone (formatLocalDate/Time; DESIGN.md §7).
 */
export const RESULT_TIME_ZONE = 'America/Los_Angeles';
/** How the record names its zone. */
export const RESULT_TIME_ZONE_NAME = 'Pacific Time';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: RESULT_TIME_ZONE,
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: RESULT_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** MM/DD/YYYY in Los Angeles. */
export const formatResultDate = (iso: string): string => dateFormat.format(new Date(iso));
/** "3:07 PM PST" in Los Angeles. */
export const formatResultTime = (iso: string): string => timeFormat.format(new Date(iso));

// The device's own zone: no timeZone given. Made on first use, so a zone set later (tests) counts.
let localFormats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; zone: string } | null = null;
function local() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (localFormats?.zone !== zone) {
    localFormats = {
      zone,
      date: new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }),
      time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
    };
  }
  return localFormats;
}

/** MM/DD/YYYY on the device's own clock (players' screens). */
export const formatLocalDate = (iso: string): string => local().date.format(new Date(iso));
/** "4:07 PM GMT+1", "3:07 PM PST": the device's own clock with its zone (players' screens). */
export const formatLocalTime = (iso: string): string => local().time.format(new Date(iso));
/** "11/23/2026, 4:07 PM GMT+1" on the device's own clock. */
export const formatLocalDateTime = (iso: string): string => `${formatLocalDate(iso)}, ${formatLocalTime(iso)}`;

/** Intensity 0–5 in words ("Moderate"). */
export const intensityWords = (n: number): string => INTENSITY_LABELS[Math.round(n)] ?? String(n);

/** "4/5": right answers of cards. */
export const scoreText = (right: number, cards: number): string => `${right}/${cards}`;
