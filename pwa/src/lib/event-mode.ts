import { isLanguage, kitCode, type Language } from '@scentry/shared-schema';
import { useSyncExternalStore } from 'react';

/**
 * Event mode (issue #23): one tablet, one kit, a queue of players. Its state lives on the device
 * only, under one key. Kept in lib/ (small, no feature imported) because the router's guard, the
 * player's frame and the end of a play (finishPlay reads the event's organization) all read it;
 * the screens, the PIN and the clearing are in features/event.
 */
export const EVENT_KEY = 'scentryEvent';

/** How many wrong PINs in a row lock the end of the event, and for how long. */
export const PIN_TRIES = 5;
export const PIN_LOCK_MS = 60_000;

export interface PinRecord {
  /** PBKDF2-SHA-256 of the PIN, base64. The PIN itself is never stored. */
  hash: string;
  /** Random, base64. */
  salt: string;
  iterations: number;
}

export interface PinTries {
  /** Wrong PINs in a row since the last right one or the last lock. */
  wrong: number;
  /** Until when (ms since the epoch) the PIN is not asked for, after PIN_TRIES wrong ones. */
  lockedUntil: number | null;
}

export interface EventState {
  /** The kit's code, normalized (kitCode). */
  code: string;
  kitName: string;
  /** The organization the event's results belong to; null: none. */
  organizationId: number | null;
  organizationName: string | null;
  pin: PinRecord;
  /** What each new player starts with. */
  language: Language;
  textSize: number;
  tries: PinTries;
  /** A player has pressed Start and is not cleared yet (their screens may show). */
  playerActive: boolean;
  startedAt: string;
  /** Event set-up's "Tablet name" (API.md "Devices": the device's reports name it); older events have none. */
  tabletName?: string | null;
}

function isEventState(v: unknown): v is EventState {
  const e = v as EventState;
  return (
    !!e &&
    typeof e.code === 'string' &&
    e.code !== '' &&
    typeof e.kitName === 'string' &&
    !!e.pin &&
    typeof e.pin.hash === 'string' &&
    typeof e.pin.salt === 'string' &&
    typeof e.pin.iterations === 'number'
  );
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: EventState | null = null;

/** The event on this device, or null when event mode is off. */
export function getEvent(): EventState | null {
  let raw: string | null = null;
  try {
    raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(EVENT_KEY);
  } catch {
    raw = null;
  }
  // The same object while the stored text is the same (useSyncExternalStore needs a stable value).
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cached = isEventState(parsed)
      ? {
          ...parsed,
          organizationId: typeof parsed.organizationId === 'number' ? parsed.organizationId : null,
          language: isLanguage(parsed.language) ? parsed.language : 'en',
          tries: parsed.tries ?? { wrong: 0, lockedUntil: null },
          playerActive: parsed.playerActive === true,
        }
      : null;
  } catch {
    cached = null;
  }
  return cached;
}

export const isEventOn = (): boolean => getEvent() !== null;

const notify = () => {
  for (const l of listeners) l();
};

export function setEvent(state: EventState): void {
  localStorage.setItem(EVENT_KEY, JSON.stringify(state));
  notify();
}

/** Changes fields of the event on (nothing when it is off). */
export function updateEvent(patch: Partial<EventState>): EventState | null {
  const current = getEvent();
  if (!current) return null;
  const next = { ...current, ...patch };
  setEvent(next);
  return next;
}

export function endEvent(): void {
  localStorage.removeItem(EVENT_KEY);
  notify();
}

export function useEvent(): EventState | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getEvent,
    getEvent,
  );
}

/**
 * The organization a result belongs to when its player chose none: the event's (null when event
 * mode is off or the event has none).
 */
export const eventOrganizationId = (): number | null => getEvent()?.organizationId ?? null;

/** The address of the event's start screen. */
export const eventStartPath = (code: string): string => `/event/${encodeURIComponent(code)}`;

/** The screens of one player after Start (besides the event's kit, below). */
const PLAYER_PATHS = [
  '/pass',
  '/fail',
  '/result',
  '/summary',
  '/addorganizationpage',
  '/additionalquestion',
  '/additionalquestiondetails',
  '/usermedicationquestion',
];

export type EventRoute =
  /** Show the address asked for. */
  | { kind: 'stay' }
  /** Show another address instead (history entry replaced). */
  | { kind: 'go'; href: string }
  /** The player is gone (clear them from the device), then the start screen. */
  | { kind: 'clear'; href: string };

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * What an address shows while event mode is on: with no player, the event's start screen, whatever
 * was asked for; during a player's turn, their screens (card 1 of the event's kit, the screens
 * after play, the forms, the legal texts), and anything else (the start, /home, /admin/…, the
 * history, an unknown address) ends their turn. The start screen itself always ends it: nothing
 * of one player is left for the next. The staff sign-in is only on the start screen (a forgotten PIN).
 */
export function eventRoute(event: EventState, pathname: string): EventRoute {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const start = eventStartPath(event.code);
  const eventMatch = /^\/event\/([^/]+)$/.exec(path);
  if (eventMatch) {
    if (kitCode(decoded(eventMatch[1])) !== event.code)
      return { kind: event.playerActive ? 'clear' : 'go', href: start };
    return event.playerActive ? { kind: 'clear', href: start } : { kind: 'stay' };
  }
  if (!event.playerActive) return { kind: 'go', href: start };
  const scent = /^\/scent\/([^/]+)$/.exec(path);
  if (scent) {
    return kitCode(decoded(scent[1])) === event.code
      ? { kind: 'stay' }
      : { kind: 'go', href: `/scent/${encodeURIComponent(event.code)}` };
  }
  // The scanner (reached from the provider choice's Next): the event's kit needs no scan.
  if (path === '/scanqrcode' || path === '/camera')
    return { kind: 'go', href: `/scent/${encodeURIComponent(event.code)}` };
  if (PLAYER_PATHS.includes(path) || /^\/legal\/[^/]+$/.test(path)) return { kind: 'stay' };
  return { kind: 'clear', href: start };
}
