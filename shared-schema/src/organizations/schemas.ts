import { z } from 'zod';
import { CLIENT_TYPES } from '../common/enums';
import { MSG } from '../common/messages';
import { emailSchema, passwordSchema, personNameSchema, requiredString } from '../common/rules';
import { filterText, listRequest } from '../common/schemas';
import { PHONE_MAX, PHONE_MIN } from '../users/rules';
import { ORG_CODE_MAX, ORG_MSG, ORG_NAME_MAX, ORG_TEXT_MAX } from './rules';

const PHONE_RE = /^[0-9+()\-. ]+$/;
// A host with a dot, optionally with a scheme and a path: "clinic.example", "https://clinic.example/x".
const WEBSITE_RE = /^(https?:\/\/)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d+)?(\/\S*)?$/;

const phone = requiredString(ORG_MSG.phoneRequired).refine(
  (v) => v.length >= PHONE_MIN && v.length <= PHONE_MAX && PHONE_RE.test(v),
  { error: ORG_MSG.phoneInvalid },
);
const optionalPhone = z
  .string({ error: MSG.invalidRequest })
  .trim()
  .max(PHONE_MAX, { error: ORG_MSG.phoneInvalid })
  .refine((v) => !v || (v.length >= PHONE_MIN && PHONE_RE.test(v)), { error: ORG_MSG.phoneInvalid })
  .optional()
  .nullable();

/** The organization section and its Client Admin (spec §3 "Organization with its user"). */
const organizationFields = {
  organizationId: z.number({ error: MSG.invalidRequest }).int().min(0).default(0),
  clientType: z.enum(CLIENT_TYPES, { error: ORG_MSG.clientTypeRequired }),
  organizationName: requiredString(ORG_MSG.nameRequired).max(ORG_NAME_MAX, { error: ORG_MSG.nameTooLong }),
  organizationCode: requiredString(ORG_MSG.codeRequired).max(ORG_CODE_MAX, { error: ORG_MSG.codeTooLong }),
  organizationWebsite: requiredString(ORG_MSG.websiteRequired)
    .max(ORG_TEXT_MAX, { error: ORG_MSG.textTooLong })
    .refine((v) => WEBSITE_RE.test(v), { error: ORG_MSG.websiteInvalid }),
  organizationAddress: requiredString(ORG_MSG.addressRequired).max(ORG_TEXT_MAX, { error: ORG_MSG.textTooLong }),
  organizationEmail: emailSchema,
  organizationPhone: phone,
  organizationIsActive: z.boolean({ error: MSG.invalidRequest }).default(true),
  discloseUserDetails: z.boolean({ error: MSG.invalidRequest }).default(true),
  userFirstName: personNameSchema,
  userLastName: personNameSchema,
  userEmail: emailSchema,
  userPhone: optionalPhone,
};

export const createOrganizationRequest = z
  .object({
    ...organizationFields,
    password: passwordSchema,
    confirmPassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MSG.passwordsMustMatch, path: ['confirmPassword'] });
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequest>;

/** An edit sends no password (the Admin resets it with ResetPassword). */
export const editOrganizationRequest = z.object(organizationFields);
export type EditOrganizationRequest = z.infer<typeof editOrganizationRequest>;

/** The Client list's filter (spec §7), plus one text matched against all of them (the search box). */
export const organizationListRequest = listRequest({
  name: filterText(),
  contactPerson: filterText(),
  email: filterText(),
  phone: filterText(),
  website: filterText(),
  address: filterText(),
  searchText: filterText(),
});
