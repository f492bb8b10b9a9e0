import { redirect } from '@tanstack/react-router';
import { getSession, isAdmin, isStaff } from './session';

/** Route guards are UX only: the server authorises every call. */
export function requireSignedIn() {
  if (!getSession()) throw redirect({ to: '/admin/login' });
}

/** Admin-only screens send anyone else to the dashboard (spec §6). */
export function requireAdmin() {
  if (!isAdmin(getSession())) throw redirect({ to: '/admin/dashboard' });
}

export function requireStaff() {
  if (!isStaff(getSession())) throw redirect({ to: '/admin/dashboard' });
}
