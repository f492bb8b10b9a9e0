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
