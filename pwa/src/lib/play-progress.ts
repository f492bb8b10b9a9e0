import { kitCode } from '@scentry/shared-schema';
import { useSyncExternalStore } from 'react';

/**
 * A play in progress, kept on the device per kit so a reload or an accidental back resumes the same
 * card. Short-lived on purpose: a shared tablet's next player must never inherit it, so it is
 * cleared by Start Game, by saving the result, by "Start over", and ignored (and removed) after
 * PROGRESS_TTL_MS or when the kit changed version.
 */
export const PROGRESS_PREFIX = 'scentryPlay:';
export const PROGRESS_TTL_MS = 30 * 60_000;

export interface PlayProgress {
  /** The kit's code, normalized (kitCode). */
  code: string;
  version: number;
  /** The card shown, 0-based in card order. */
  index: number;
  /** Per card (card order): the option chosen, null until chosen. */
  choices: (number | null)[];
  /** Per card (card order): the intensity rated, null until rated. */
  intensities: (number | null)[];
  /** When it was last changed (ms since the epoch). */
  savedAt: number;
}

const keyOf = (code: string) => PROGRESS_PREFIX + kitCode(code);

/** The kit's progress, or null when there is none, it expired, or it belongs to another version. */
export function loadProgress(code: string, version: number, now = Date.now()): PlayProgress | null {
  const key = keyOf(code);
  let p: PlayProgress | null = null;
  try {
    p = JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    p = null;
  }
  if (!p) return null;
  const valid =
    p.code === kitCode(code) &&
    p.version === version &&
    typeof p.savedAt === 'number' &&
    now - p.savedAt <= PROGRESS_TTL_MS &&
    p.savedAt <= now + 60_000 &&
    Number.isInteger(p.index) &&
    Array.isArray(p.choices) &&
    Array.isArray(p.intensities);
  if (!valid) {
    localStorage.removeItem(key);
    return null;
  }
  return p;
}

export function saveProgress(p: Omit<PlayProgress, 'savedAt' | 'code'> & { code: string }, now = Date.now()): void {
  const value: PlayProgress = { ...p, code: kitCode(p.code), savedAt: now };
  try {
    localStorage.setItem(keyOf(p.code), JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): play goes on, only the resume is lost.
  }
}

export function clearProgress(code: string): void {
  localStorage.removeItem(keyOf(code));
}

/** Every kit's progress (Start Game: a new player starts from nothing). */
export function clearAllProgress(): void {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith(PROGRESS_PREFIX)) keys.push(k);
  }
  for (const k of keys) localStorage.removeItem(k);
}

/**
 * The game on screen with answers that leaving would throw away (its kit code), for the header's
 * back, which asks first. Set by the play screen; null otherwise.
 */
let activeGame: string | null = null;
const listeners = new Set<() => void>();

export function setActiveGame(code: string | null): void {
  if (activeGame === code) return;
  activeGame = code;
  for (const l of listeners) l();
}

export const getActiveGame = (): string | null => activeGame;

export function useActiveGame(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getActiveGame,
    getActiveGame,
  );
}
