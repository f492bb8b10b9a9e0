import { post, type RouteInfo } from '../common/route';

/** Staff sign-in and their own password. */
export const AUTH_ROUTES = {
  authenticate: post('/api/User/Authenticate', 'public'),
  changePassword: post('/api/User/ChangePassword', 'auth'),
  // --- #25 sessions ---
  endOtherSessions: post('/api/User/EndOtherSessions', 'auth'),

  // Password reset by link (issue 25): the two public steps, and the Admin's link.
  forgotPassword: post('/api/User/ForgotPassword', 'public'),
  resetPasswordWithToken: post('/api/User/ResetPasswordWithToken', 'public'),
  sendResetLink: post('/api/User/SendResetLink', 'admin'),
} as const satisfies Record<string, RouteInfo>;
