import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { signInReplySchema } from './replies';
import { AUTH_ROUTES } from './routes';
import {
  authenticateRequest,
  changePasswordRequest,
  forgotPasswordRequest,
  resetPasswordWithTokenRequest,
  sendResetLinkRequest,
} from './schemas';
import { recoveryCodesReply, totpChallengeData, totpSetupReply } from './totp-replies';
import {
  totpClearRequest,
  totpConfirmRequest,
  totpEnableRequest,
  totpSetupRequest,
  verifyTotpRequest,
} from './totp-schemas';

export const AUTH_CONTRACT = defineContract(AUTH_ROUTES, {
  authenticate: {
    summary: 'Sign in (staff): a bearer token and the session user',
    body: authenticateRequest,
    data: signInReplySchema,
    // A TOTP account's correct password: the challenge of the second step (400 Warning).
    refusalData: totpChallengeData,
  },
  changePassword: {
    summary: "Change the signed-in user's own password",
    body: changePasswordRequest,
    data: z.null(),
  },
  endOtherSessions: {
    summary:
      'End every other session of the signed-in user: their other tokens answer 401 from now on, the calling one keeps working. No body (one sent is ignored)',
    data: z.null(),
  },
  // Password reset by link (issue 25).
  forgotPassword: {
    summary:
      'Ask for a password reset link by e-mail: the same reply whatever the e-mail; throttled per e-mail and per address',
    body: forgotPasswordRequest,
    data: z.null(),
  },
  resetPasswordWithToken: {
    summary: "Set a new password with a reset link's token (one use, one hour); every session of the user ends",
    body: resetPasswordWithTokenRequest,
    data: z.null(),
  },
  sendResetLink: {
    summary: 'E-mail a user a password reset link (400 Warning for an inactive user)',
    body: sendResetLinkRequest,
    data: z.null(),
  },
  // two-step sign-in (TOTP, issue 25)
  verifyTotp: {
    summary: 'Second step of a sign-in: the challenge and a TOTP or recovery code',
    body: verifyTotpRequest,
    data: signInReplySchema,
  },
  totpSetup: {
    summary: 'Start setting up two-step sign-in: a new secret and its QR code',
    body: totpSetupRequest,
    data: totpSetupReply,
  },
  totpEnable: {
    summary: 'Turn two-step sign-in on with a code of the new secret; the recovery codes, once',
    body: totpEnableRequest,
    data: recoveryCodesReply,
  },
  totpDisable: {
    summary: 'Turn two-step sign-in off (password and a code)',
    body: totpConfirmRequest,
    data: z.null(),
  },
  totpRecoveryCodes: {
    summary: 'New recovery codes (password and a code); the old ones stop working',
    body: totpConfirmRequest,
    data: recoveryCodesReply,
  },
  totpClear: {
    summary: "Clear a user's two-step sign-in and end their sessions (lost phone)",
    body: totpClearRequest,
    data: z.null(),
  },
});
