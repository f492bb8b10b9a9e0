/**
 * The local-storage keys the spec names (§3): the session user, the player's data ("safePassData"),
 * the result id ("testResultData") and the chosen rows per page.
 */
export const STORAGE_KEYS = {
  sessionUser: 'user',
  playerData: 'safePassData',
  resultData: 'testResultData',
  rowsPerPage: 'rowsPerPage',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}
