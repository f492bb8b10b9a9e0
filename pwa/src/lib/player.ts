import { STORAGE_KEYS, writeJson } from './storage';

/** Until the medical form asks for real names, a result carries this placeholder (DESIGN.md §5). */
export const PLACEHOLDER_PLAYER = { FirstName: 'Guest', LastName: 'Player' } as const;

/**
 * Start Game (spec §2): clears the stored player and result keys of local storage only — never the
 * results waiting to upload, which live in the local database — and sets the placeholder names.
 */
export function startNewPlayer(): void {
  localStorage.removeItem(STORAGE_KEYS.resultData);
  writeJson(STORAGE_KEYS.playerData, { ...PLACEHOLDER_PLAYER });
}
