import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long the second step of a sign-in may take. */
export const TOTP_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes a challenge takes before it dies. */
export const TOTP_CHALLENGE_MAX_ATTEMPTS = 5;

// tc1.<id: 16 random bytes, base64url>.<expires at, ms>.<HMAC-SHA256, base64url>
const FORMAT = /^tc1\.([A-Za-z0-9_-]{22})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * Challenges of the second sign-in step (API.md "Staff sign-in"): signed, so a made-up or altered
 * one is refused before the database is asked; their use and wrong codes are recorded server-side
 * (table totp_challenges) under the id. The key is derived from the JWT secret, like device tokens.
 */
export class TotpChallenges {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    // Read at each call (not a reference kept at construction), so a test's fake clock applies.
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createHmac('sha256', jwtSecret).update('scentry totp-challenge key v1').digest();
  }

  /** A new challenge: its id (the table's key), the token to hand out, and when it expires. */
  issue(): { id: string; challenge: string; expiresAt: number } {
    const id = randomBytes(16).toString('base64url');
    const expiresAt = this.now() + TOTP_CHALLENGE_TTL_MS;
    const body = `tc1.${id}.${expiresAt}`;
    return { id, challenge: `${body}.${this.mac(body).toString('base64url')}`, expiresAt };
  }

  /** The id of a challenge we signed that has not expired, else undefined (forged, altered, late). */
  idOf(challenge: string): string | undefined {
    const m = FORMAT.exec(challenge);
    if (!m) return undefined;
    if (Number(m[2]) <= this.now()) return undefined;
    const given = Buffer.from(m[3], 'base64url');
    const expected = this.mac(challenge.slice(0, challenge.lastIndexOf('.')));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return m[1];
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
