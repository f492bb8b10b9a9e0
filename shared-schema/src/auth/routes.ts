import { post, type RouteInfo } from '../common/route';

/** Staff sign-in and their own password. */
export const AUTH_ROUTES = {
  authenticate: post('/api/User/Authenticate', 'public'),
  changePassword: post('/api/User/ChangePassword', 'auth'),
  endOtherSessions: post('/api/User/EndOtherSessions', 'auth'),

  // Password reset by link (issue 25): the two public steps, and the Admin's link.
  forgotPassword: post('/api/User/ForgotPassword', 'public'),
  resetPasswordWithToken: post('/api/User/ResetPasswordWithToken', 'public'),
  sendResetLink: post('/api/User/SendResetLink', 'admin'),
  // two-step sign-in (TOTP, issue 25)
  verifyTotp: post('/api/User/VerifyTotp', 'public'),
  totpSetup: post('/api/User/TotpSetup', 'auth'),
  totpEnable: post('/api/User/TotpEnable', 'auth'),
  totpDisable: post('/api/User/TotpDisable', 'auth'),
  totpRecoveryCodes: post('/api/User/TotpRecoveryCodes', 'auth'),
  totpClear: post('/api/User/TotpClear', 'admin'),
} as const satisfies Record<string, RouteInfo>;
