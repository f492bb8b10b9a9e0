import { post, type RouteInfo } from '../common/route';

/** Staff sign-in and their own password. */
export const AUTH_ROUTES = {
  authenticate: post('/api/User/Authenticate', 'public'),
  changePassword: post('/api/User/ChangePassword', 'auth'),
  // --- #25 sessions ---
  endOtherSessions: post('/api/User/EndOtherSessions', 'auth'),
} as const satisfies Record<string, RouteInfo>;
