import { roleAllows, type SessionUser } from '@scentry/shared-schema';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

export type { SessionUser };

export const getSession = (): SessionUser | null => {
  const s = readJson<SessionUser>(STORAGE_KEYS.sessionUser);
  return s && typeof s.token === 'string' && s.token ? s : null;
};

export function setSession(user: SessionUser): void {
  writeJson(STORAGE_KEYS.sessionUser, user);
  sessionStorage.removeItem(EXPIRED_KEY);
}

export const clearSession = (): void => localStorage.removeItem(STORAGE_KEYS.sessionUser);

/** The screens' role checks: the API's access rules (shared-schema), as the server applies them. */
export const isStaff = (s: SessionUser | null): boolean => Boolean(s) && roleAllows('staff', s?.roleName);
export const isAdmin = (s: SessionUser | null): boolean => Boolean(s) && roleAllows('admin', s?.roleName);

const EXPIRED_KEY = 'sessionExpired';

/**
 * Remembered for the login page, which tells the user why they are there until they sign in again
 * (read, not consumed: the page may mount more than once while the router settles).
 */
export const markSessionExpired = (): void => sessionStorage.setItem(EXPIRED_KEY, '1');

export const wasSessionExpired = (): boolean => sessionStorage.getItem(EXPIRED_KEY) === '1';
