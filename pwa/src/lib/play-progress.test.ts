import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAllProgress,
  clearProgress,
  getActiveGame,
  loadProgress,
  PROGRESS_TTL_MS,
  saveProgress,
  setActiveGame,
} from './play-progress';
import { startNewPlayer } from './player';

const T0 = Date.UTC(2026, 0, 1, 12);
const some = { version: 3, index: 2, choices: [11, 22, null, null, null], intensities: [1, 2, 4, null, null] };

describe('play progress on the device', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per kit, under its normalized code', () => {
    saveProgress({ code: ' Demo1 ', ...some }, T0);
    saveProgress({ code: 'OTHER', ...some, index: 4 }, T0);
    expect(loadProgress('demo1', 3, T0 + 1000)).toEqual({ code: 'demo1', ...some, savedAt: T0 });
    expect(loadProgress('DEMO1', 3, T0)?.index).toBe(2);
    expect(loadProgress('other', 3, T0)?.index).toBe(4);
    expect(loadProgress('nokit', 3, T0)).toBeNull();
  });

  it('expires after 30 minutes, and the expired copy is removed', () => {
    saveProgress({ code: 'DEMO1', ...some }, T0);
    expect(loadProgress('DEMO1', 3, T0 + PROGRESS_TTL_MS)).not.toBeNull();
    expect(loadProgress('DEMO1', 3, T0 + PROGRESS_TTL_MS + 1)).toBeNull();
    // Gone for good, even if the clock went back.
    expect(loadProgress('DEMO1', 3, T0)).toBeNull();
  });

  it('is dropped when the kit changed version', () => {
    saveProgress({ code: 'DEMO1', ...some }, T0);
    expect(loadProgress('DEMO1', 4, T0)).toBeNull();
    expect(loadProgress('DEMO1', 3, T0)).toBeNull();
  });

  it('ignores garbage stored under its key', () => {
    localStorage.setItem('scentryPlay:demo1', '{not json');
    expect(loadProgress('DEMO1', 3, T0)).toBeNull();
    localStorage.setItem('scentryPlay:demo1', JSON.stringify({ code: 'demo1', version: 3, savedAt: T0 }));
    expect(loadProgress('DEMO1', 3, T0)).toBeNull();
  });

  it('is cleared for one kit by Start over, and for every kit by Start Game, leaving other keys', () => {
    saveProgress({ code: 'DEMO1', ...some }, T0);
    saveProgress({ code: 'OTHER', ...some }, T0);
    localStorage.setItem('rowsPerPage', '20');
    clearProgress('demo1');
    expect(loadProgress('DEMO1', 3, T0)).toBeNull();
    expect(loadProgress('OTHER', 3, T0)).not.toBeNull();

    saveProgress({ code: 'DEMO1', ...some }, T0);
    startNewPlayer();
    expect(loadProgress('DEMO1', 3, T0)).toBeNull();
    expect(loadProgress('OTHER', 3, T0)).toBeNull();
    expect(localStorage.getItem('rowsPerPage')).toBe('20');
    clearAllProgress(); // nothing left: no error
  });

  it('names the game on screen for the header back', () => {
    expect(getActiveGame()).toBeNull();
    setActiveGame('demo1');
    expect(getActiveGame()).toBe('demo1');
    setActiveGame(null);
    expect(getActiveGame()).toBeNull();
  });
});
