import { z } from 'zod';
import { ROLE_NAME_LIST } from '../common/roles';

/** `data` of a successful sign-in; the PWA stores it as the session user (spec §3). */
export const sessionUserSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  roleName: z.enum(ROLE_NAME_LIST),
  firstName: z.string(),
  lastName: z.string(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  discloseUserDetails: z.boolean(),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

/**
 * `data` of a successful Authenticate: the session user and a new device token for this device
 * and account, kept by the device across sign-outs and sent with its next sign-in.
 */
export const signInReplySchema = sessionUserSchema.extend({
  deviceToken: z.string(),
  /** REQUIRE_TOTP covers this user and they have no TOTP yet: set it up before anything else. */
  totpSetupRequired: z.boolean(),
});
export type SignInReply = z.output<typeof signInReplySchema>;
