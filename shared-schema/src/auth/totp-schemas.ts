import { z } from 'zod';
import { MSG } from '../common/messages';
import { givenPassword } from '../common/rules';

/** Longer than any challenge the server makes; a longer string is not one. */
export const TOTP_CHALLENGE_MAX = 200;
/** Longer than any code (6 digits, or a recovery code with its hyphens and spaces). */
export const TOTP_CODE_MAX = 40;

/** A TOTP code (6 digits) or a recovery code: what the user typed, read by the server. */
const codeSchema = z
  .string({ error: MSG.totpCodeRequired })
  .trim()
  .min(1, { error: MSG.totpCodeRequired })
  .max(TOTP_CODE_MAX, { error: MSG.totpCodeWrong });

/** The second step of a sign-in (API.md "Staff sign-in"): the challenge and a code. */
export const verifyTotpRequest = z.object({
  // A challenge of another form is simply not one: the server answers it as expired.
  challenge: z
    .string({ error: MSG.totpChallengeExpired })
    .min(1, { error: MSG.totpChallengeExpired })
    .max(TOTP_CHALLENGE_MAX, { error: MSG.totpChallengeExpired }),
  code: codeSchema,
});
export type VerifyTotpRequest = z.infer<typeof verifyTotpRequest>;

export const totpSetupRequest = z.object({ password: givenPassword(MSG.passwordRequiredLogin) });
export type TotpSetupRequest = z.infer<typeof totpSetupRequest>;

export const totpEnableRequest = z.object({ code: codeSchema });
export type TotpEnableRequest = z.infer<typeof totpEnableRequest>;

/** Turning TOTP off, or renewing the recovery codes: the password and a code (a recovery code counts). */
export const totpConfirmRequest = z.object({ password: givenPassword(MSG.passwordRequiredLogin), code: codeSchema });
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequest>;

export const totpClearRequest = z.object({ userId: z.number({ error: MSG.invalidRequest }).int().positive() });
export type TotpClearRequest = z.infer<typeof totpClearRequest>;
