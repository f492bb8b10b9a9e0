import { z } from 'zod';
import { filterText, listRequest } from './catalogue';
import { MSG } from './messages';
import { ROLES } from './roles';
import { emailSchema, newPasswordSchema, passwordSchema, personNameSchema } from './rules';

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

/** Messages of the user screens and calls the spec leaves unwritten. */
export const USER_MSG = {
  roleRequired: 'Please select a role',
  organizationRequired: 'Please select the organization of a Client Admin',
  unknownRole: 'Please select a role',
  unknownOrganization: 'The organization does not exist',
  emailTaken: 'A user with this e-mail already exists',
  notFound: 'User not found',
  notYourself: 'You cannot delete, deactivate or change the role of your own account',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  passwordReset: 'Password changed successfully',
} as const;

const userFields = {
  id: z.number().int().min(0).default(0),
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  phone: optionalPhone,
  roleId: z.number({ error: USER_MSG.roleRequired }).int().min(1, { error: USER_MSG.roleRequired }),
  organizationId: z.number({ error: MSG.invalidRequest }).int().positive().optional().nullable(),
  isActive: z.boolean().default(true),
};

/** A Client Admin belongs to an organization (API.md: `OrganizationId` required for one). */
const clientAdminHasOrganization = (v: { roleId: number; organizationId?: number | null }) =>
  v.roleId !== ROLES.ClientAdmin || Boolean(v.organizationId);

export const createUserRequest = z
  .object({
    ...userFields,
    password: passwordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsMustMatch, path: ['confirmPassword'] })
  .refine(clientAdminHasOrganization, { error: USER_MSG.organizationRequired, path: ['organizationId'] });
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const updateUserRequest = z
  .object(userFields)
  .refine(clientAdminHasOrganization, { error: USER_MSG.organizationRequired, path: ['organizationId'] });
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const resetPasswordRequest = z
  .object({
    userId: z.number().int().positive().optional(),
    id: z.number().int().positive().optional(),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsMustMatch, path: ['confirmPassword'] })
  .refine((v) => (v.userId ?? v.id) !== undefined, { error: MSG.invalidRequest, path: ['userId'] });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The User list's filter (spec §7): parts of names, e-mail and phone. */
export const userListRequest = listRequest({
  firstName: filterText(),
  lastName: filterText(),
  email: filterText(),
  phone: filterText(),
});
