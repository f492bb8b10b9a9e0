import { z } from 'zod';
import { MSG } from '../common/messages';
import { ROLES } from '../common/roles';
import { emailSchema, newPasswordSchema, passwordSchema, personNameSchema } from '../common/rules';
import { filterText, idList, listRequest } from '../common/schemas';
import { PHONE_MAX, PHONE_MIN, USER_MSG } from './rules';

const optionalPhone = z
  .string()
  .trim()
  .optional()
  .nullable()
  .refine((v) => !v || (v.length >= PHONE_MIN && v.length <= PHONE_MAX && /^[0-9+()\-. ]+$/.test(v)), {
    error: `Phone must be ${PHONE_MIN} to ${PHONE_MAX} digits`,
  });

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

/** `?Id=1,2,3` (DeleteUser). */
export const idListQuery = z.object({
  id: idList('Invalid id', 100),
});
