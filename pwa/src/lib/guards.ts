import { redirect } from '@tanstack/react-router';
import { getSession, isAdmin, isStaff, needsTotpSetup } from './session';

/** Route guards are UX only: the server authorises every call. */
export function requireSignedIn() {
  if (!getSession()) throw redirect({ to: '/admin/login' });
}

/** A session REQUIRE_TOTP holds back goes to the two-step set-up first (the server refuses the rest). */
export function requireTotpDone(pathname: string) {
  if (needsTotpSetup() && pathname !== '/admin/two-step') throw redirect({ to: '/admin/two-step' });
}

/** Admin-only screens send anyone else to the dashboard (spec §6). */
export function requireAdmin() {
  if (!isAdmin(getSession())) throw redirect({ to: '/admin/dashboard' });
}

export function requireStaff() {
  if (!isStaff(getSession())) throw redirect({ to: '/admin/dashboard' });
}
