import { CARDS_PER_KIT } from '@scentry/shared-schema';
import type { StoredResult } from './player';
import { readJson, writeJson } from './storage';

/**
 * The player's own history on this device, for players who retest (/chart). Kept only when the
 * player opts in: off by default, so a phone shared at an event shows nobody's earlier results.
 */
export const HISTORY_KEY = 'scentryHistory';
/** Whether the player chose "Keep my results on this phone". */
export const HISTORY_ON_KEY = 'scentryHistoryOn';
/** Older entries drop off beyond this many. */
export const HISTORY_MAX = 200;

export interface HistoryEntry {
  id: string;
  playedAt: string;
  kitName: string;
  rightAnswerCount: number;
  cardCount: number;
  resultStatus: 'Pass' | 'Fail';
}

export const isHistoryOn = (): boolean => readJson<boolean>(HISTORY_ON_KEY) === true;

/**
 * Turns keeping on or off. Turning it off also deletes the kept results (the screens ask first),
 * so that "off" always means nothing of the player's stays on the phone.
 */
export function setHistoryOn(on: boolean): void {
  if (on) {
    writeJson(HISTORY_ON_KEY, true);
  } else {
    localStorage.removeItem(HISTORY_ON_KEY);
    localStorage.removeItem(HISTORY_KEY);
  }
}

function isEntry(e: unknown): e is HistoryEntry {
  const x = e as HistoryEntry;
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.id === 'string' &&
    typeof x.playedAt === 'string' &&
    !Number.isNaN(Date.parse(x.playedAt)) &&
    typeof x.rightAnswerCount === 'number' &&
    typeof x.cardCount === 'number' &&
    (x.resultStatus === 'Pass' || x.resultStatus === 'Fail')
  );
}

const byNewest = (a: HistoryEntry, b: HistoryEntry) => Date.parse(b.playedAt) - Date.parse(a.playedAt);

/** The kept results, newest first (empty when keeping is off). */
export function list(): HistoryEntry[] {
  if (!isHistoryOn()) return [];
  const raw = readJson<unknown>(HISTORY_KEY);
  return Array.isArray(raw) ? raw.filter(isEntry).sort(byNewest) : [];
}

/**
 * Keeps a finished play when the player opted in; does nothing otherwise. Recording the same
 * result twice keeps it once (the result page may record the result it shows).
 */
export function record(result: StoredResult): void {
  if (!isHistoryOn()) return;
  const entry: HistoryEntry = {
    id: result.testResultId,
    playedAt: result.playedAt,
    kitName: result.kitName,
    rightAnswerCount: result.rightAnswerCount,
    cardCount: result.cards?.length || CARDS_PER_KIT,
    resultStatus: result.resultStatus,
  };
  const kept = [entry, ...list().filter((e) => e.id !== entry.id)].sort(byNewest).slice(0, HISTORY_MAX);
  try {
    writeJson(HISTORY_KEY, kept);
  } catch {
    // A full storage must never break the end of a play: the history is a convenience.
  }
}
