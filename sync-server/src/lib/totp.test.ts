import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, totpOwner } from './secret-box';
import { acceptedStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp';

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at,
  });

describe('TOTP codes (RFC 6238, SHA-1, 30 s, 6 digits, ±1 step)', () => {
  const secret = newTotpSecret();
  const t0 = 1_800_000_000_000 - (1_800_000_000_000 % 30_000);
  const step = t0 / 30_000;

  it('matches the RFC 6238 SHA-1 test vector', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); 6 digits: 287082.
    const rfc = new Secret({ buffer: new Uint8Array(Buffer.from('12345678901234567890')).buffer }).base32;
    expect(acceptedStep(rfc, '287082', null, 59_000)).toBe(1);
  });
  it('accepts the previous, current and next step, not two away', () => {
    expect(acceptedStep(secret, codeAt(secret, t0 - 30_000), null, t0)).toBe(step - 1);
    expect(acceptedStep(secret, codeAt(secret, t0), null, t0)).toBe(step);
    expect(acceptedStep(secret, codeAt(secret, t0 + 30_000), null, t0)).toBe(step + 1);
    expect(acceptedStep(secret, codeAt(secret, t0 - 60_000), null, t0)).toBeNull();
    expect(acceptedStep(secret, codeAt(secret, t0 + 60_000), null, t0)).toBeNull();
  });
  it('refuses a step not later than the last accepted one', () => {
    expect(acceptedStep(secret, codeAt(secret, t0), step, t0)).toBeNull();
    expect(acceptedStep(secret, codeAt(secret, t0 - 30_000), step - 1, t0)).toBeNull();
    expect(acceptedStep(secret, codeAt(secret, t0), step - 1, t0)).toBe(step);
  });
  it('refuses what is not 6 digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef']) expect(acceptedStep(secret, code, null, t0)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are 10 distinct codes of 60 bits, hashed under the key (case and hyphens ignored)', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const key = randomBytes(32);
    expect(recoveryCodeHash(key, codes[0])).toBe(recoveryCodeHash(key, codes[0].toUpperCase().replace(/-/g, '')));
    expect(recoveryCodeHash(key, codes[0])).not.toBe(recoveryCodeHash(randomBytes(32), codes[0]));
  });
});

describe('secrets at rest', () => {
  it('decrypt only with the same key and for the same user', () => {
    const key = randomBytes(32);
    const stored = sealSecret(key, totpOwner(7), 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, totpOwner(7), stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(key, totpOwner(8), stored)).toThrow();
    expect(() => openSecret(randomBytes(32), totpOwner(7), stored)).toThrow();
    expect(() => openSecret(key, totpOwner(7), 'garbage')).toThrow();
  });
});
