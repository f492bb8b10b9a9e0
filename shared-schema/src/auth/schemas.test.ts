import { describe, expect, it } from 'vitest';
import { parseRequest } from '../common/bind';
import { MSG } from '../common/messages';
import { authenticateRequest, changePasswordRequest, DEVICE_TOKEN_MAX } from './schemas';

describe('authenticateRequest', () => {
  it('checks only presence of the password (older accounts may predate the rule)', () => {
    expect(parseRequest(authenticateRequest, { Email: 'a@b.co', Password: 'x' }).ok).toBe(true);
  });
  it('binds DeviceToken in any case and ignores anything that cannot be one (never an error)', () => {
    const base = { Email: 'a@b.co', Password: 'x' };
    expect(parseRequest(authenticateRequest, { ...base, devicetoken: 'dt1.abc' })).toMatchObject({
      ok: true,
      data: { deviceToken: 'dt1.abc' },
    });
    for (const junk of [5, null, {}, ['x'], 'x'.repeat(DEVICE_TOKEN_MAX + 1)]) {
      const r = parseRequest(authenticateRequest, { ...base, DeviceToken: junk });
      expect(r).toEqual({ ok: true, data: { email: 'a@b.co', password: 'x', deviceToken: undefined } });
    }
  });
  it.each([
    [{}, MSG.emailRequired],
    [{ Email: 'a@b.co' }, MSG.passwordRequiredLogin],
    [{ Email: 'bad', Password: 'x' }, MSG.emailInvalid],
    [{ Email: 5, Password: 'x' }, MSG.emailRequired],
  ])('%j → %s', (input, message) => {
    const r = parseRequest(authenticateRequest, input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe(message);
  });
});

describe('changePasswordRequest', () => {
  const valid = { id: 3, oldPassword: 'Old-pass1', newPassword: 'New-pass1', confirmPassword: 'New-pass1' };
  it('accepts a valid request', () => {
    expect(parseRequest(changePasswordRequest, valid)).toEqual({ ok: true, data: valid });
  });
  it('refuses an id sent as a string: wrong types are never coerced', () => {
    const r = parseRequest(changePasswordRequest, { ...valid, id: '3' });
    expect(r).toMatchObject({ ok: false, message: MSG.invalidRequest });
  });
  it.each([
    ['missing current', { ...valid, oldPassword: undefined }, MSG.currentPasswordRequired],
    ['missing new', { ...valid, newPassword: undefined }, MSG.newPasswordRequired],
    ['weak new', { ...valid, newPassword: 'newpass1', confirmPassword: 'newpass1' }, MSG.passwordPattern],
    ['missing confirm', { ...valid, confirmPassword: undefined }, MSG.confirmPasswordRequired],
    ['mismatch', { ...valid, confirmPassword: 'New-pass2' }, MSG.passwordsMustMatch],
    ['no id', { ...valid, id: undefined }, MSG.invalidRequest],
  ])('%s', (_, input, message) => {
    const r = parseRequest(changePasswordRequest, input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe(message);
  });
});
