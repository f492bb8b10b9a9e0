/** The organization screens' limits and messages, zod-free. */
import { PHONE_MAX, PHONE_MIN } from '../users/rules';

export const ORG_NAME_MAX = 100;
export const ORG_CODE_MAX = 200;
export const ORG_TEXT_MAX = 500;

/** Messages of the organization screens and calls the spec leaves unwritten. */
export const ORG_MSG = {
  clientTypeRequired: 'Please select a client type',
  nameRequired: 'Please enter organization name',
  nameTooLong: `Organization name allowed upto ${ORG_NAME_MAX} characters`,
  codeRequired: 'Please enter organization code',
  codeTooLong: `Organization code allowed upto ${ORG_CODE_MAX} characters`,
  addressRequired: 'Please enter address',
  websiteRequired: 'Please enter website',
  websiteInvalid: 'Please enter valid website',
  phoneRequired: 'Please enter phone number',
  phoneInvalid: `Phone must be ${PHONE_MIN} to ${PHONE_MAX} digits`,
  textTooLong: `Allowed upto ${ORG_TEXT_MAX} characters`,
  notFound: 'Organization not found',
  created: 'Organization created successfully',
  updated: 'Organization updated successfully',
  deleted: 'Organization deleted successfully',
} as const;
