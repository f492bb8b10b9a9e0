import { describe, expect, it } from 'vitest';
import { clock } from '../test/clock';
import { DEVICE_TOKEN_MAX_AGE_MS, DeviceTokens } from './device-token';

const owner = { id: 7, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' };

describe('DeviceTokens', () => {
  it('checks its own token for the same account and password, keeping the device id on renewal', () => {
    const tokens = new DeviceTokens('secret-a');
    const token = tokens.issue(owner);
    const device = tokens.deviceOf(token, owner);
    expect(device).toMatch(/^[\w-]{22}$/);
    expect(tokens.deviceOf(tokens.issue(owner, device), owner)).toBe(device);
    // Another device gets another id.
    expect(tokens.deviceOf(tokens.issue(owner), owner)).not.toBe(device);
  });

  it('refuses another account, another password, another secret, and any change to the token', () => {
    const tokens = new DeviceTokens('secret-a');
    const token = tokens.issue(owner);
    expect(tokens.deviceOf(token, { ...owner, id: 8 })).toBeUndefined();
    expect(tokens.deviceOf(token, { ...owner, passwordHash: `${owner.passwordHash}x` })).toBeUndefined();
    expect(new DeviceTokens('secret-b').deviceOf(token, owner)).toBeUndefined();
    const parts = token.split('.');
    parts[2] = `${parts[2].slice(0, -1)}${parts[2].endsWith('A') ? 'B' : 'A'}`;
    expect(tokens.deviceOf(parts.join('.'), owner)).toBeUndefined();
    for (const junk of [undefined, '', 'dt1', `${token}.`, ` ${token}`, token.replace('dt1', 'dt2')])
      expect(tokens.deviceOf(junk, owner)).toBeUndefined();
  });

  it('expires a year after it was issued, and refuses one issued in the future', () => {
    const c = clock(1_800_000_000_000);
    const tokens = new DeviceTokens('secret-a', c.now);
    const token = tokens.issue(owner);
    c.advance(DEVICE_TOKEN_MAX_AGE_MS);
    expect(tokens.deviceOf(token, owner)).toBeDefined();
    c.advance(1);
    expect(tokens.deviceOf(token, owner)).toBeUndefined();
    const early = new DeviceTokens('secret-a', () => c.now() + 10 * 60_000).issue(owner);
    expect(tokens.deviceOf(early, owner)).toBeUndefined();
  });
});
