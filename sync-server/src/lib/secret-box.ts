import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// v1.<iv, 12 bytes>.<GCM tag, 16 bytes>.<ciphertext>, each base64url.
const PREFIX = 'v1';

/**
 * A secret kept in the database (a user's TOTP secret, a webhook's signing secret) encrypted with
 * AES-256-GCM under the server's secret key (TOTP_KEY or DATA_DIR/totp-key, never in the
 * database). What it belongs to is bound in as additional data (`owner`), so a secret copied onto
 * another row does not decrypt there.
 */
export function sealSecret(key: Buffer, owner: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The stored secret in clear; throws when it was not sealed under this key for this owner. */
export function openSecret(key: Buffer, owner: string, stored: string): string {
  const [prefix, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (prefix !== PREFIX || !iv || !tag || ciphertext === undefined || rest.length)
    throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whose TOTP secret: a user's (the additional data of their sealed secret). */
export const totpOwner = (userId: number) => `scentry totp user ${userId}`;
/** Whose signing secret: a webhook endpoint's. */
export const webhookOwner = (webhookId: number) => `scentry webhook ${webhookId}`;
