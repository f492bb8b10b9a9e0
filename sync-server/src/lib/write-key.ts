import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A result's write key (API.md "Writing to a result"). The server keeps only a SHA-256 of it: the
 * key is 128+ random bits, so a fast hash is enough (nothing to slow down a guesser of), and the
 * database alone never lets anyone write.
 */
export const hashWriteKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * Whether a write to a result is allowed: always for a result stored without a key (as before the
 * keys); otherwise only with its key, compared in constant time.
 */
export function writeKeyMatches(storedHash: string | null, sent: string | null | undefined): boolean {
  if (storedHash === null) return true;
  if (!sent) return false;
  const a = Buffer.from(hashWriteKey(sent), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether the caller holds the key of a keyed result (a keyless one has no holder). */
export const holdsWriteKey = (storedHash: string | null, sent: string | null | undefined): boolean =>
  storedHash !== null && writeKeyMatches(storedHash, sent);
