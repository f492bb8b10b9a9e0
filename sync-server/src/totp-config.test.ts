import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, loadTotpKey, parseRequireTotp, TOTP_KEY_FILE } from './config';
import { makeTempDir } from './test/helpers';

describe('REQUIRE_TOTP', () => {
  it('is off by default and takes off, admin or staff in any case', () => {
    expect(parseRequireTotp(undefined)).toBe('off');
    expect(parseRequireTotp('')).toBe('off');
    expect(parseRequireTotp('Admin')).toBe('admin');
    expect(parseRequireTotp(' staff ')).toBe('staff');
    expect(parseRequireTotp('OFF')).toBe('off');
  });
  it.each(['on', 'true', 'all', 'users', 'admins'])('refuses %s at start, saying what to set', (value) => {
    expect(() => parseRequireTotp(value)).toThrow(/REQUIRE_TOTP=.*off, admin .* or staff/);
  });
});

describe('the TOTP key', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = makeTempDir('scentry-totp-key-');
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('without TOTP_KEY: DATA_DIR/totp-key is made 0600 on first start and read after', () => {
    const d = dir();
    const key = loadTotpKey({}, d);
    expect(key).toHaveLength(32);
    const file = path.join(d, TOTP_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadTotpKey({}, d).equals(key)).toBe(true);
    expect(loadConfig({ DATA_DIR: d }).totpKey.equals(key)).toBe(true);
  });

  it('TOTP_KEY as base64, base64url or hex of 32 bytes wins over the file', () => {
    const bytes = randomBytes(32);
    for (const text of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')])
      expect(loadTotpKey({ TOTP_KEY: text }, dir()).equals(bytes)).toBe(true);
  });

  it.each(['short', randomBytes(16).toString('base64'), randomBytes(33).toString('hex'), 'z'.repeat(64)])(
    'refuses TOTP_KEY=%s at start with a clear message',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: dir(), TOTP_KEY: value })).toThrow(/TOTP_KEY must be 32 random bytes/);
    },
  );

  it('refuses a damaged key file rather than making a new key (the stored secrets need the old one)', () => {
    const d = dir();
    writeFileSync(path.join(d, TOTP_KEY_FILE), 'not a key\n');
    expect(() => loadTotpKey({}, d)).toThrow(/is not a TOTP key/);
    expect(readFileSync(path.join(d, TOTP_KEY_FILE), 'utf8')).toBe('not a key\n');
  });
});
