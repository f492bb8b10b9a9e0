import { z } from 'zod';

/** How many recovery codes a user gets at once. */
export const RECOVERY_CODE_COUNT = 10;

/** `data` of Authenticate's 400 Warning for a TOTP account after a correct password. */
export const totpChallengeData = z.object({ totpRequired: z.literal(true), challenge: z.string() });
export type TotpChallengeData = z.output<typeof totpChallengeData>;

/** `data` of the 403 a REQUIRE_TOTP user gets before setting TOTP up. */
export const totpSetupRequiredData = z.object({ totpSetupRequired: z.literal(true) });

/** `data` of TotpSetup: the new secret (base32) to scan or type, not yet on. */
export const totpSetupReply = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export type TotpSetupReply = z.output<typeof totpSetupReply>;

/** `data` of TotpEnable and TotpRecoveryCodes: shown once, never again. */
export const recoveryCodesReply = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesReply = z.output<typeof recoveryCodesReply>;
