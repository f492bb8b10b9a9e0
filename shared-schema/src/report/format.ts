import { INTENSITY_LABELS } from '../common/enums';

/** Result times are shown in America/Los_Angeles (spec §9), dates as MM/DD/YYYY. */
export const RESULT_TIME_ZONE = 'America/Los_Angeles';

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

/** Intensity 0–5 in words ("Moderate"). */
export const intensityWords = (n: number): string => INTENSITY_LABELS[Math.round(n)] ?? String(n);

/** "4/5": right answers of cards. */
export const scoreText = (right: number, cards: number): string => `${right}/${cards}`;
