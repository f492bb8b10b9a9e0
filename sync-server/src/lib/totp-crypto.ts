import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// v1.<iv, 12 bytes>.<GCM tag, 16 bytes>.<ciphertext>, each base64url.
const PREFIX = 'v1';

/**
 * A TOTP secret encrypted with AES-256-GCM under the TOTP key (kept outside the database). The
 * user's id is bound in as additional data, so a secret copied onto another user's row does not
 * decrypt there.
 */
export function encryptTotpSecret(key: Buffer, userId: number, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`scentry totp user ${userId}`));
  const ciphertext = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The stored secret in clear; throws when it was not encrypted under this key for this user. */
export function decryptTotpSecret(key: Buffer, userId: number, stored: string): string {
  const [prefix, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (prefix !== PREFIX || !iv || !tag || ciphertext === undefined || rest.length)
    throw new Error('not an encrypted TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`scentry totp user ${userId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
