import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEVICE_TOKEN_MAX } from '@scentry/shared-schema';

/** A device token is not a session: it only lets its device sign in past others' failures. */
export const DEVICE_TOKEN_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

const PREFIX = 'dt1';
// dt1.<user id>.<device id: 16 random bytes, base64url>.<issued at, ms>.<HMAC-SHA256, base64url>.
const FORMAT = /^dt1\.([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** The account a device token is checked against. */
export interface DeviceTokenOwner {
  id: number;
  /** The stored password hash: a new password (change or reset) makes a new hash, voiding every token. */
  passwordHash: string;
}

/**
 * Device tokens (API.md "Staff sign-in"): one per device and account, signed and opaque to the
 * device. Stateless: the signature covers the user id, a random device id, the issue time and the
 * user's password hash (not carried in the token), so a password change or reset voids every
 * token of the user without a table to clean, and other devices' tokens stay valid when one
 * device gets a new one. The key is derived from the JWT secret: instances that share it (they
 * must, for sessions) share device tokens too, and rotating it voids them along with sessions.
 */
export class DeviceTokens {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('scentry device-token key v1').digest();
  }

  /** A new token for the device (its id kept when it had a valid one), issued now (in ms: each one new). */
  issue(owner: DeviceTokenOwner, deviceId: string = randomBytes(16).toString('base64url')): string {
    const body = `${PREFIX}.${owner.id}.${deviceId}.${this.now()}`;
    return `${body}.${this.mac(body, owner.passwordHash).toString('base64url')}`;
  }

  /**
   * The device id of a token valid for this account (signed by us, for this user, under their
   * current password, not expired), else undefined: a foreign, forged, voided or garbled token
   * is simply not one.
   */
  deviceOf(token: string | undefined, owner: DeviceTokenOwner): string | undefined {
    if (!token || token.length > DEVICE_TOKEN_MAX) return undefined;
    const m = FORMAT.exec(token);
    if (!m || Number(m[1]) !== owner.id) return undefined;
    const issuedAt = Number(m[3]);
    const now = this.now();
    // A minute of leeway for a clock step between instances.
    if (issuedAt > now + 60_000 || now - issuedAt > DEVICE_TOKEN_MAX_AGE_MS) return undefined;
    const given = Buffer.from(m[4], 'base64url');
    const expected = this.mac(token.slice(0, token.lastIndexOf('.')), owner.passwordHash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return m[2];
  }

  private mac(body: string, passwordHash: string): Buffer {
    return createHmac('sha256', this.key).update(body).update('\0').update(passwordHash).digest();
  }
}
