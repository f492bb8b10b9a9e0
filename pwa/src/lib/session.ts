import { roleAllows, type SessionUser as SignedInUser } from '@scentry/shared-schema';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * The signed-in user as kept on this device. `totpSetupRequired` comes from the sign-in (REQUIRE_TOTP
 * covers them and they have no two-step sign-in yet); `totpEnabled` is what this device knows of
 * their two-step sign-in: on when the sign-in took a code, then changed by their own set-up and
 * turning off (an Admin's clear ends the session, so it cannot go stale that way).
 */
export type SessionUser = SignedInUser & { totpSetupRequired?: boolean; totpEnabled?: boolean };

export const getSession = (): SessionUser | null => {
  const s = readJson<SessionUser>(STORAGE_KEYS.sessionUser);
  return s && typeof s.token === 'string' && s.token ? s : null;
};

export function setSession(user: SessionUser): void {
  writeJson(STORAGE_KEYS.sessionUser, user);
  sessionStorage.removeItem(EXPIRED_KEY);
}

export const clearSession = (): void => localStorage.removeItem(STORAGE_KEYS.sessionUser);

/** Changes what the session knows of the user's two-step sign-in (set up, turned off, required). */
export function updateSessionTotp(change: { totpSetupRequired?: boolean; totpEnabled?: boolean }): void {
  const s = getSession();
  if (s) writeJson(STORAGE_KEYS.sessionUser, { ...s, ...change });
}

/** Whether the session must set up two-step sign-in before anything else (REQUIRE_TOTP). */
export const needsTotpSetup = (s: SessionUser | null = getSession()): boolean => Boolean(s?.totpSetupRequired);

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
