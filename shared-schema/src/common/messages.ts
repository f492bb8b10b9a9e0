/**
 * Every user-facing message, in one place. Texts quoted by the spec (§5, §8) are kept exactly as
 * written there, spelling included; the others are ours, written where the spec is silent.
 */
export const MSG = {
  // spec §8 validation messages
  emailRequired: 'Please enter email!',
  emailInvalid: 'Please enter valid email!',
  passwordRequiredLogin: 'Please enter password!',
  passwordRequired: 'Password is required',
  newPasswordRequired: 'New Password is required',
  passwordsMustMatch: 'New Password and Confirm Password must be same',
  passwordPattern: 'Must contain one uppercase, atleast 8 characters, one lowercase, one special character',
  nameRequired: 'Please enter name',
  specialCharacters: 'Special characters are not allowed',

  // ours (spec silent)
  currentPasswordRequired: 'Current Password is required',
  confirmPasswordRequired: 'Confirm Password is required',
  nameTooLong: 'Name allowed upto 25 characters',
  emailTooLong: 'Email allowed upto 254 characters',
  loginFailed: 'Invalid email or password.',
  userInactive: 'Your account is inactive. Please contact your administrator.',
  organizationInactive: 'Your organization is inactive. Please contact your administrator.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  loginSuccess: 'Login successfully',
  passwordChanged: 'Password changed successfully',
  wrongCurrentPassword: 'Current password is incorrect',
  samePassword: 'New password must differ from the current password',
  notYourAccount: 'You can only change your own password',
  unauthorized: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  passwordTooLong: 'Password allowed upto 128 characters',
  invalidDate: 'Please enter a date as MM/DD/YYYY',
  filterTooLong: 'Search text is too long',
  tooManySortColumns: 'Too many sort columns',
  requestTimeout: 'The request took too long to arrive',
  headersTooLarge: 'The request headers are too large',
  bodyTooDeep: 'The request body is nested too deeply',
  tooManyRequests: 'Too many requests from this network. Please wait a moment and try again.',
  serverError: 'Something went wrong. Please try again!',
  /** API.md: the database does not answer, or a write while the disk is full or read-only. */
  serviceUnavailable: 'Service unavailable',

  otherSessionsEnded: 'You were signed out everywhere else',
  // Password reset by link (issue 25; the expired-or-used message is pinned by API.md)
  resetLinkRequested:
    'If an active account uses this e-mail, a link to reset its password is on its way. It works for one hour.',
  resetLinkExpired: 'This link has expired or was already used',
  resetDone: 'Your password was reset. Sign in with your new password.',
  resetLinkSent: 'A reset link was sent to the user',
  resetLinkUserInactive: 'This user is inactive: activate the account before sending a reset link',
  tooManyResetRequests: 'Too many reset requests. Please wait a while and try again.',
  // two-step sign-in (TOTP, issue 25); the first three are pinned by API.md
  totpRequired: 'Enter the code from your authenticator app',
  totpSetupRequired: 'Set up two-step sign-in first',
  totpCodeRequired: 'Enter the 6-digit code or a recovery code',
  totpCodeWrong: 'That code is not correct. Check your authenticator app and try again.',
  totpChallengeExpired: 'This sign-in has expired. Please sign in again.',
  totpAlreadyOn: 'Two-step sign-in is already on',
  totpNotOn: 'Two-step sign-in is not on for this account',
  totpNotStarted: 'Start the set-up again: no set-up is in progress',
  totpSetupStarted: 'Scan the QR code, then enter a code to turn two-step sign-in on',
  totpEnabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  totpDisabled: 'Two-step sign-in is off',
  totpCleared: "The user's two-step sign-in was cleared and their sessions ended",
  totpRecoveryCodesRenewed: 'New recovery codes made; the old ones no longer work',
  wrongPassword: 'Password is incorrect',
  totpClearOwn: 'Turn off your own two-step sign-in from your menu: it asks for your password and a code',
} as const;

export type MessageKey = keyof typeof MSG;
