import { makeWriteKey, WRITE_KEY_RE } from '@scentry/shared-schema';
import { describe, expect, it } from 'vitest';
import { hashWriteKey, holdsWriteKey, writeKeyMatches } from './write-key';

describe('write keys', () => {
  it('are 128 random bits in base64url, different each time', () => {
    const a = makeWriteKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a).toMatch(WRITE_KEY_RE);
    // 16 bytes, all of them random: over many keys every base64url character shows up.
    const seen = new Set(Array.from({ length: 200 }, makeWriteKey).join(''));
    expect(seen.size).toBeGreaterThan(60);
    expect(makeWriteKey()).not.toBe(a);
    // Drawn from a pool of 256 keys' bytes: across refills no key repeats.
    const many = Array.from({ length: 600 }, makeWriteKey);
    expect(new Set(many).size).toBe(600);
    for (const key of many) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('match only the key whose hash is stored; a keyless result takes any write', () => {
    const key = makeWriteKey();
    const stored = hashWriteKey(key);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(writeKeyMatches(stored, key)).toBe(true);
    expect(writeKeyMatches(stored, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(writeKeyMatches(stored, null)).toBe(false);
    expect(writeKeyMatches(stored, undefined)).toBe(false);
    expect(writeKeyMatches(null, undefined)).toBe(true);
    expect(writeKeyMatches(null, 'anything-at-all-22chars')).toBe(true);
  });

  it('are held only for a keyed result', () => {
    const key = makeWriteKey();
    expect(holdsWriteKey(hashWriteKey(key), key)).toBe(true);
    expect(holdsWriteKey(null, key)).toBe(false);
  });
});
