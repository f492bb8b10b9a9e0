import { z } from 'zod';
import { MSG } from './messages';
import { emailSchema, newPasswordSchema, personNameSchema } from './rules';

export const PHONE_MIN = 7;
export const PHONE_MAX = 17;

const optionalPhone = z
  .string()
  .trim()
  .optional()
  .nullable()
  .refine((v) => !v || (v.length >= PHONE_MIN && v.length <= PHONE_MAX && /^[0-9+()\-. ]+$/.test(v)), {
    error: `Phone must be ${PHONE_MIN} to ${PHONE_MAX} digits`,
  });

/** A user as the admin screens list and edit it. Never carries a password or its hash. */
export interface UserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  organizationId: number | null;
  organizationName: string | null;
  role: string;
  roleId: number;
  isActive: boolean;
  hasPassword: boolean;
}

const userFields = {
  id: z.number().int().min(0).default(0),
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: optionalPhone,
  roleId: z.number({ error: 'Please select a role' }).int().min(1, { error: 'Please select a role' }),
  organizationId: z.number().int().positive().optional().nullable(),
  isActive: z.boolean().default(true),
};

export const createUserRequest = z
  .object({
    ...userFields,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsMustMatch, path: ['confirmPassword'] });

export const updateUserRequest = z.object(userFields);

export const resetPasswordRequest = z
  .object({
    userId: z.number().int().positive().optional(),
    id: z.number().int().positive().optional(),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsMustMatch, path: ['confirmPassword'] })
  .refine((v) => (v.userId ?? v.id) !== undefined, { error: MSG.invalidRequest, path: ['userId'] });
