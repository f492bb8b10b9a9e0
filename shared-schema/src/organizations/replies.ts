import { z } from 'zod';

/** What anyone may read of an organization (the player's result page shows its provider). */
export const organizationPublicSchema = z.object({
  id: z.number().int(),
  organizationName: z.string(),
  organizationAddress: z.string().nullable(),
  organizationPhone: z.string().nullable(),
});

/** The whole record, in EditOrganization's field names, for an Admin. Never a password. */
export const organizationRecordSchema = z.object({
  organizationId: z.number().int(),
  clientType: z.string(),
  organizationName: z.string(),
  organizationCode: z.string().nullable(),
  organizationWebsite: z.string().nullable(),
  organizationAddress: z.string().nullable(),
  organizationEmail: z.string().nullable(),
  organizationPhone: z.string().nullable(),
  organizationIsActive: z.boolean(),
  discloseUserDetails: z.boolean(),
  id: z.number().int().nullable(),
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  userEmail: z.string().nullable(),
  userPhone: z.string().nullable(),
  userIsActive: z.boolean().nullable(),
});
export type OrganizationRecord = z.output<typeof organizationRecordSchema>;

/** A row of the Client list: the password column only says whether one is set (DESIGN.md §7). */
export const organizationRowSchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  clientType: z.string(),
  organizationContactPerson: z.string().nullable(),
  userEmail: z.string().nullable(),
  userId: z.number().int().nullable(),
  hasPassword: z.boolean(),
  organizationIsActive: z.boolean(),
});
export type OrganizationRow = z.output<typeof organizationRowSchema>;

export const organizationIdData = z.object({ organizationId: z.number().int(), userId: z.number().int().nullable() });
