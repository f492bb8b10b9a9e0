import { z } from 'zod';
import { MSG } from '../common/messages';
import { emailSchema, givenPassword, newPasswordSchema } from '../common/rules';

/** Longer than any device token the server makes; a longer string is not one. */
export const DEVICE_TOKEN_MAX = 200;

export const authenticateRequest = z.object({
  email: emailSchema,
  // Sign-in checks presence only: older accounts may predate the current password rule.
  password: givenPassword(MSG.passwordRequiredLogin),
  /**
   * The device token a previous sign-in of this account returned on this device (API.md "Staff
   * sign-in"). Anything that is not one (a wrong type, too long, forged, voided) is ignored, never
   * an error: the sign-in then goes by the ordinary limits.
   */
  deviceToken: z.string().max(DEVICE_TOKEN_MAX).optional().catch(undefined),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequest>;

export const changePasswordRequest = z
  .object({
    id: z.number({ error: MSG.invalidRequest }).int().positive(),
    oldPassword: givenPassword(MSG.currentPasswordRequired),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: MSG.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

// Password reset by link (issue 25, API.md "Staff sign-in").

/** Longer than any reset token the server makes (43 characters); a longer string is not one. */
export const RESET_TOKEN_MAX = 128;

/** ForgotPassword: the e-mail asked for (any well-formed address gets the same answer). */
export const forgotPasswordRequest = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/**
 * ResetPasswordWithToken: the link's token and the new password under spec §5's rules and
 * messages (as ChangePassword's). A missing or malformed token is told as an expired link: to the
 * person holding it, that is what it is.
 */
export const resetPasswordWithTokenRequest = z
  .object({
    token: z
      .string({ error: MSG.resetLinkExpired })
      .min(1, { error: MSG.resetLinkExpired })
      .max(RESET_TOKEN_MAX, { error: MSG.resetLinkExpired }),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsMustMatch, path: ['confirmPassword'] });
export type ResetPasswordWithTokenRequest = z.infer<typeof resetPasswordWithTokenRequest>;

/** SendResetLink (admin): whose link. */
export const sendResetLinkRequest = z.object({
  userId: z.number({ error: MSG.invalidRequest }).int().positive({ error: MSG.invalidRequest }),
});
export type SendResetLinkRequest = z.infer<typeof sendResetLinkRequest>;
