import { z } from 'zod';
import { MSG } from '../common/messages';
import { emailSchema, givenPassword, newPasswordSchema } from '../common/rules';

export const authenticateRequest = z.object({
  email: emailSchema,
  // Sign-in checks presence only: older accounts may predate the current password rule.
  password: givenPassword(MSG.passwordRequiredLogin),
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
