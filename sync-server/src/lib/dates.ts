/** The product's time zone: dates in filters mean whole days there (DESIGN.md §7). */
export const TIME_ZONE = 'America/Los_Angeles';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far the zone's clock is ahead of UTC at an instant (negative in America), in ms. */
function zoneOffset(at: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The UTC instant (ISO) at which a MM/DD/YYYY day begins in the product's zone; `days` later with an offset. */
export function dayStart(mmddyyyy: string, days = 0): string {
  const [m, d, y] = mmddyyyy.split('/').map(Number);
  const midnightAsUtc = Date.UTC(y, m - 1, d + days);
  // Twice: the offset at the guess can differ from the offset at the answer across a DST change.
  let at = midnightAsUtc - zoneOffset(midnightAsUtc);
  at = midnightAsUtc - zoneOffset(at);
  return new Date(at).toISOString();
}
