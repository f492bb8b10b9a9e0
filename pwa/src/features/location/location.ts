import { isEventOn } from '../../lib/event-mode';

/**
 * The player's location, asked once per device, with its reason, on a step of its own right after
 * the last card (DESIGN.md §7): never on a card, never before card 1. Play otherwise reads a
 * position only when it can do so without a browser prompt.
 *
 * In event mode (one tablet, a queue of players) the answer is each player's: Next player clears it
 * (`features/event/clear.ts`), and the browser's permission, which belongs to the tablet, neither
 * skips the question nor lets a position be read for a player who did not say yes.
 *
 * The decision lives in local storage (outside event mode, the device's answer):
 * - 'allowed'     the player tapped Allow (the browser prompt then appeared on the location step);
 * - 'declined'    "Not now", or the browser's prompt was refused: never asked again;
 * - 'unsupported' a browser without geolocation, told so once.
 */
export const LOCATION_KEY = 'scentryLocation';

export type LocationDecision = 'allowed' | 'declined' | 'unsupported';

/** What the device should be shown about location: the question, the one-time unsupported notice, or nothing. */
export type LocationNotice = 'ask' | 'unsupported' | null;

export interface Position {
  latitude: number;
  longitude: number;
}

/** How long the result waits for a position once the browser may give it (the prompt's time not counted). */
export const LOCATION_WAIT_MS = 5000;

export function locationDecision(): LocationDecision | null {
  const v = localStorage.getItem(LOCATION_KEY);
  return v === 'allowed' || v === 'declined' || v === 'unsupported' ? v : null;
}

function remember(decision: LocationDecision): void {
  localStorage.setItem(LOCATION_KEY, decision);
}

export const geolocationSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;

/** The browser's permission state, or null where the Permissions API cannot tell (never prompts). */
async function permissionState(): Promise<PermissionState | null> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' as PermissionName });
    return status?.state ?? null;
  } catch {
    return null;
  }
}

/**
 * What the device should be shown about location after play: the question ('ask'), the one-time
 * unsupported message, or nothing. A browser that already granted or refused location to this site
 * has answered: no question.
 */
export async function locationNotice(): Promise<LocationNotice> {
  const decision = locationDecision();
  if (!geolocationSupported()) return decision === 'unsupported' ? null : 'unsupported';
  if (decision) return null;
  const state = await permissionState();
  // In event mode a grant was an earlier player's yes; a refusal leaves nothing to ask.
  if (state === 'granted') return isEventOn() ? 'ask' : null;
  return state === 'denied' ? null : 'ask';
}

/** The unsupported notice has been shown: never again on this device. */
export const noteUnsupportedShown = (): void => remember('unsupported');

/** "Not now": remembered, never asked again on this device. */
export const declineLocation = (): void => remember('declined');

let known: Position | null = null;

/**
 * The last position read on this page, null if none: what a result saved now carries. In event
 * mode only for a player who allowed it (the one read may be an earlier player's).
 */
export const knownPosition = (): Position | null => (isEventOn() && locationDecision() !== 'allowed' ? null : known);

/**
 * Reads the position. The Geolocation API's `timeout` counts from the moment the browser may give
 * it, not while its permission prompt is open: the result waits `timeout` at most after a yes.
 */
function read(timeout = 20_000): Promise<Position | null> {
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => {
        known = { latitude: p.coords.latitude, longitude: p.coords.longitude };
        resolve(known);
      },
      (err) => {
        if (err.code === err.PERMISSION_DENIED) remember('declined');
        resolve(null);
      },
      { maximumAge: 10 * 60_000, timeout, enableHighAccuracy: false },
    );
  });
}

/**
 * "Allow location": the one call that may bring up the browser's prompt, made only from the step
 * that explains why. Remembers the choice (a refusal in the browser's prompt counts as "Not now").
 * Resolves with the position, or null when refused, unavailable or not there within `waitMs`.
 */
export function allowLocation(waitMs = LOCATION_WAIT_MS): Promise<Position | null> {
  if (!geolocationSupported()) return Promise.resolve(null);
  remember('allowed');
  return read(waitMs);
}

/**
 * Whether a position can be read with no chance of a prompt: the player allowed it on this device
 * and the browser still grants it (where the browser can say), or the browser grants it to this site
 * and the player never said "Not now".
 */
export async function mayReadSilently(): Promise<boolean> {
  if (!geolocationSupported()) return false;
  const decision = locationDecision();
  if (decision === 'declined') return false;
  // In event mode the browser's grant may be an earlier player's: this player's own yes is needed.
  if (isEventOn() && decision !== 'allowed') return false;
  const state = await permissionState();
  if (state === null) return decision === 'allowed';
  return state === 'granted';
}

/** Reads the position in the background when that cannot prompt; never holds anything up. */
export async function refreshPositionSilently(): Promise<Position | null> {
  if (!(await mayReadSilently())) return null;
  return read();
}

/** For tests: forgets the position read on this page. */
export const forgetKnownPosition = (): void => {
  known = null;
};
