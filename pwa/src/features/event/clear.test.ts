import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_KEY, type EventState, getEvent, setEvent } from '../../lib/event-mode';
import { PROGRESS_PREFIX } from '../../lib/play-progress';
import { STORAGE_KEYS } from '../../lib/storage';
import { TEXT_SIZE_KEY } from '../../ui/text-size';
import { clearPlayer, DEVICE_KEYS } from './clear';

const EVENT: EventState = {
  code: 'demo1',
  kitName: 'Demo kit',
  organizationId: 7,
  organizationName: 'Event Clinic',
  pin: { hash: 'aGFzaA==', salt: 'c2FsdA==', iterations: 1000 },
  language: 'es',
  textSize: 125,
  tries: { wrong: 2, lockedUntil: null },
  playerActive: true,
  startedAt: '2026-11-26T02:00:00.000Z',
};

/** What a player leaves on the device during a turn (their names, answers, result, choices). */
const PLAYER_KEYS: Record<string, string> = {
  [STORAGE_KEYS.playerData]: JSON.stringify({ FirstName: 'Ana', LastName: 'Ruiz', Age: 41 }),
  [STORAGE_KEYS.resultData]: JSON.stringify({ testResultId: 'r1', resultStatus: 'Fail' }),
  [`${PROGRESS_PREFIX}demo1`]: JSON.stringify({ code: 'demo1', index: 3 }),
  scentryQuestionnaire: JSON.stringify({ r1: { answers: [1, 2] } }),
  scentryHistory: JSON.stringify([{ id: 'r1' }]),
  scentryHistoryOn: 'true',
  [TEXT_SIZE_KEY]: '150',
  scentryLang: 'en',
  [STORAGE_KEYS.sessionUser]: JSON.stringify({ token: 'left-over' }),
  // Their answer to "Share your location?": each player is asked (never the one before's yes or no).
  scentryLocation: 'allowed',
  someFutureKey: 'a later feature of a player',
};

/** What belongs to the device (and the upload queue's bookkeeping). */
const DEVICE_VALUES: Record<string, string> = {
  scentryDeviceTokens: '{}',
  scentryOrganizations: JSON.stringify({ items: [], fetchedAt: 'x' }),
  scentryLastSync: '2026-11-26T02:10:00.000Z',
  scentryLocalDb: '1',
  scentryPersistAsked: 'x',
};

describe('clearing a player (Next player, the idle reset)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    setEvent(EVENT);
    for (const [k, v] of Object.entries({ ...PLAYER_KEYS, ...DEVICE_VALUES })) localStorage.setItem(k, v);
    sessionStorage.setItem('draft', 'Ana');
  });

  it("removes every key of the player's, keeps the device's and the event's", () => {
    clearPlayer(EVENT);
    for (const key of Object.keys(PLAYER_KEYS)) {
      // Set again, to the event's (below).
      if (key === TEXT_SIZE_KEY || key === 'scentryLang') continue;
      expect(localStorage.getItem(key), key).toBeNull();
    }
    // The app's own setLanguage: the event's language, not the player's.
    expect(localStorage.getItem('scentryLang')).toBe('es');
    for (const [k, v] of Object.entries(DEVICE_VALUES)) expect(localStorage.getItem(k), k).toBe(v);
    expect(sessionStorage.length).toBe(0);
    // Nothing of the player is left anywhere in this site's storage.
    const everything = Object.keys(localStorage)
      .map((k) => `${k}=${localStorage.getItem(k)}`)
      .join('\n');
    expect(everything).not.toMatch(/Ana|Ruiz|r1/);
  });

  it("puts the text size and the language back to the event's", () => {
    const setLanguage = vi.fn();
    clearPlayer(EVENT, setLanguage);
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBe('125');
    expect(document.documentElement.style.fontSize).toBe('125%');
    expect(setLanguage).toHaveBeenCalledWith('es');
  });

  it('ends the turn but keeps the event, its PIN and its tries', () => {
    clearPlayer(EVENT);
    const after = getEvent();
    expect(after?.playerActive).toBe(false);
    expect(after?.pin).toEqual(EVENT.pin);
    expect(after?.tries).toEqual(EVENT.tries);
    expect(after?.organizationId).toBe(7);
  });

  it('never touches the local database, where results, forms and e-mails wait to upload', () => {
    // The queue lives in IndexedDB (offline/db.ts): clearing must not open, delete or write it.
    const indexedDB = { open: vi.fn(), deleteDatabase: vi.fn() };
    vi.stubGlobal('indexedDB', indexedDB);
    try {
      clearPlayer(EVENT);
      expect(indexedDB.open).not.toHaveBeenCalled();
      expect(indexedDB.deleteDatabase).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
    // The database's own marker (there may be uploads waiting) stays.
    expect(localStorage.getItem('scentryLocalDb')).toBe('1');
  });

  it('keeps the event under its key', () => {
    expect(DEVICE_KEYS.has(EVENT_KEY)).toBe(true);
  });
});
