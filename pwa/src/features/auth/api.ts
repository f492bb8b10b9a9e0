import type {
  AuthenticateRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResetPasswordWithTokenRequest,
} from '@scentry/shared-schema';
import { call } from '../../lib/call';

export const authenticate = (body: AuthenticateRequest) => call('authenticate', { body });

export const changePassword = (body: ChangePasswordRequest) => call('changePassword', { body });

// --- #25 sessions --- no body: the server ends every session of the caller but this one.
export const endOtherSessions = () => call('endOtherSessions');
// Password reset by link (issue 25): both public; the token travels only in the request body.
export const forgotPassword = (body: ForgotPasswordRequest) => call('forgotPassword', { body });

export const resetPasswordWithToken = (body: ResetPasswordWithTokenRequest) => call('resetPasswordWithToken', { body });
