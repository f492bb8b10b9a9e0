import { beforeEach, describe, expect, it } from 'vitest';
import { startNewPlayer } from './player';
import { STORAGE_KEYS } from './storage';

describe('Start Game', () => {
  beforeEach(() => localStorage.clear());

  it('clears the player and result keys, keeps everything else, and sets the placeholder', () => {
    localStorage.setItem(STORAGE_KEYS.playerData, JSON.stringify({ FirstName: 'Ann', LastName: 'Lee', Age: 40 }));
    localStorage.setItem(STORAGE_KEYS.resultData, JSON.stringify({ testResultId: 'abc' }));
    localStorage.setItem(STORAGE_KEYS.sessionUser, JSON.stringify({ token: 't' }));
    localStorage.setItem(STORAGE_KEYS.rowsPerPage, '20');
    startNewPlayer();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.playerData) ?? 'null')).toEqual({
      FirstName: 'Guest',
      LastName: 'Player',
    });
    expect(localStorage.getItem(STORAGE_KEYS.resultData)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionUser)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.rowsPerPage)).toBe('20');
  });
});
