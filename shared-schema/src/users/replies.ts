import { z } from 'zod';
import { ROLE_NAME_LIST } from '../common/roles';

export const roleSchema = z.object({ id: z.number().int(), name: z.string() });

/** A user as the admin screens list and edit it. Never a password or its hash: only that one is set. */
export const userRowSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  role: z.enum(ROLE_NAME_LIST),
  roleId: z.number().int(),
  isActive: z.boolean(),
  hasPassword: z.boolean(),
  /** Two-step sign-in (TOTP) is on for this user. */
  totpEnabled: z.boolean(),
});
export type UserRow = z.output<typeof userRowSchema>;

export const userIdData = z.object({ id: z.number().int() });
