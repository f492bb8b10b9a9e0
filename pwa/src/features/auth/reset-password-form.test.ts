import { describe, expect, it } from 'vitest';
import { tokenFromHash } from './reset-password-form';

describe('tokenFromHash', () => {
  it('reads the token of a reset link from the fragment', () => {
    const token = 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB';
    expect(tokenFromHash(`#token=${token}`)).toBe(token);
    expect(tokenFromHash(`token=${token}`)).toBe(token);
  });
  it('gives null for no token, an empty one or one that cannot be a token', () => {
    for (const hash of ['', '#', '#token=', '#other=abc', '#token=a%20b', `#token=${'a'.repeat(129)}`])
      expect(tokenFromHash(hash), hash).toBeNull();
  });
});
