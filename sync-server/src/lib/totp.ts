import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@scentry/shared-schema';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect by default (API.md "Staff sign-in"). */
const PERIOD_S = 30;
const DIGITS = 6;
/** One step either side: a phone clock off by up to 30 s, or a code typed as it turned. */
const WINDOW = 1;
const ISSUER = 'Scentry';

const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URL an authenticator app reads from the QR code (issuer Scentry, the e-mail as label). */
export const otpauthUrl = (secretBase32: string, email: string): string => totpOf(secretBase32, email).toString();

/** Whether the typed code has the form of a TOTP code (6 digits, spaces ignored). */
export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The time step of a code valid now (±1 step) whose step is later than `lastStep`, else null: a
 * wrong code, or a replay of an accepted one (or of an earlier one) is refused alike.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(secretBase32);
  const current = Math.floor(now / 1000 / PERIOD_S);
  // Every step of the window is tried (not only the first match), latest first, so a code of a
  // later step is not refused because an earlier step happened to give the same digits.
  for (const delta of [WINDOW, 0, -WINDOW].filter((d) => Math.abs(d) <= WINDOW)) {
    const step = current + delta;
    if (lastStep !== null && step <= lastStep) continue;
    const expected = Buffer.from(totp.generate({ timestamp: step * PERIOD_S * 1000 }));
    const given = Buffer.from(token);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

// Recovery codes: 12 characters of an alphabet without look-alikes (0/o, 1/l/i) → 60 bits, typed as
// xxxx-xxxx-xxxx. Hashed with a key derived from the TOTP key, so a copy of the database alone
// cannot be searched for them.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 12;

/** Fresh recovery codes, as shown to the user once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
}

/** A typed recovery code as stored: lower case, without spaces or hyphens. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** The stored form of a recovery code: HMAC-SHA256 under a key derived from the TOTP key. */
export function recoveryCodeHash(totpKey: Buffer, code: string): string {
  const key = createHmac('sha256', totpKey).update('scentry recovery-code key v1').digest();
  return createHmac('sha256', key).update(normalizeRecoveryCode(code)).digest('base64url');
}
