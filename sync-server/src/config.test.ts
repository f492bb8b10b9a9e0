import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATES, loadConfig, parseDuration, parseRate, parseThrottles, parseTrustProxy } from './config';
import { makeTempDir } from './test/helpers';

describe('parseDuration', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('45s')).toBe(45);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('8h')).toBe(28800);
    expect(parseDuration(' 2d ')).toBe(172800);
  });
  it('refuses anything else', () => {
    for (const v of ['', 'h', '8x', '-1h', '1.5h', 'eight hours']) expect(() => parseDuration(v), v).toThrow();
  });
});

describe('parseTrustProxy', () => {
  it('is off unless configured', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });
  it('takes a hop count while the server listens on loopback only', () => {
    expect(parseTrustProxy('1', '127.0.0.1')).toBe(1);
    expect(parseTrustProxy(' 2 ', 'localhost')).toBe(2);
    expect(parseTrustProxy('1', '::1')).toBe(1);
  });
  it.each(['0.0.0.0', '::', '10.0.0.11', '192.168.1.5'])('refuses a hop count while it listens on %s', (host) => {
    expect(() => parseTrustProxy('1', host)).toThrow(
      `TRUST_PROXY=1 (a hop count) would let any client that reaches this server on ${host} choose its address: set it to the proxy's address or CIDR range, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8), or listen on 127.0.0.1 (HOST) behind a proxy on this machine`,
    );
  });
  it('refuses a hop count at start when HOST is not loopback (the default 0.0.0.0 included)', () => {
    expect(() => loadConfig({ DATA_DIR: makeTempDir(), TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY=1 \(a hop count\)/);
    expect(loadConfig({ DATA_DIR: makeTempDir(), TRUST_PROXY: '1', HOST: '127.0.0.1' }).trustProxy).toBe(1);
  });
  it('takes addresses and CIDR ranges, comma-separated, IPv4 and IPv6, and named ranges', () => {
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,192.168.0.0/16')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '192.168.0.0/16',
    ]);
    expect(parseTrustProxy('::1, fd00::/8, 2001:DB8::1')).toEqual(['::1', 'fd00::/8', '2001:db8::1']);
    expect(parseTrustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });
  it.each(['true', 'TRUE', 'yes', 'on'])('refuses %s with a sentence saying what to set', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(
      `TRUST_PROXY=${value} would let any client choose its address: set it to the proxy's address or CIDR range, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8)`,
    );
  });
  it.each([
    ['proxy.example', '"proxy.example"'],
    ['127.0.0.1, 10.0.0.0/33', '"10.0.0.0/33"'],
    ['10.0.0.0/8/1', '"10.0.0.0/8/1"'],
    ['::1/129', '"::1/129"'],
    ['127.0.0.1,,10.0.0.1', '(an empty entry)'],
    ['256.0.0.1', '"256.0.0.1"'],
    ['10.0.0.0/', '"10.0.0.0/"'],
    ['*', '"*"'],
  ])('refuses %s, naming the bad entry', (value, named) => {
    expect(() => parseTrustProxy(value)).toThrow(`TRUST_PROXY: ${named} is not an address or a CIDR range`);
  });
  it('refuses an implausible hop count (an address written as a number)', () => {
    expect(() => parseTrustProxy('3232235777', '127.0.0.1')).toThrow(/not a plausible hop count/);
  });
});

describe('loadConfig', () => {
  const dir = makeTempDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve(dir));
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.jwtTtlSeconds).toBe(8 * 3600);
    expect(c.adminEmail).toBe('admin@scentry.local');
    expect(c.adminPassword).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.trustProxy).toBe(false);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept: a second load reads the same one.
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(c.jwtSecret);
  });

  it.each([
    ['x', 1],
    ['short-secret', 12],
    ['é'.repeat(15), 30],
  ])('refuses JWT_SECRET=%s (%i bytes) at start, saying what to set', (secret, bytes) => {
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: secret })).toThrow(
      `JWT_SECRET is ${bytes} bytes: a secret that short can be guessed and every sign-in forged; set at least 32 random bytes (e.g. openssl rand -base64 48)`,
    );
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'é'.repeat(16) }).jwtSecret).toBe('é'.repeat(16));
  });

  it('reads overrides', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      PORT: '8080',
      JWT_SECRET: 'given-secret-of-at-least-32-bytes!',
      JWT_TTL: '30m',
      ADMIN_EMAIL: 'Boss@Example.test',
      SEED_DEMO: 'off',
      PUBLIC_URL: 'https://scentry.example.test/',
    });
    expect(c.port).toBe(8080);
    expect(c.jwtSecret).toBe('given-secret-of-at-least-32-bytes!');
    expect(c.jwtTtlSeconds).toBe(1800);
    expect(c.adminEmail).toBe('boss@example.test');
    expect(c.seedDemo).toBe(false);
    expect(c.publicUrl).toBe('https://scentry.example.test');
  });

  it('stops at start with TRUST_PROXY=true, before making anything', () => {
    const missing = path.join(dir, 'never-made');
    expect(() => loadConfig({ DATA_DIR: missing, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would let any client/,
    );
    expect(existsSync(missing)).toBe(false);
  });

  it('refuses an invalid port', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: '70000' })).toThrow(/PORT/);
  });

  it('caps connections per address at 256, off behind a trusted proxy unless set', () => {
    const dir = makeTempDir();
    expect(loadConfig({ DATA_DIR: dir }).maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1' }).maxConnectionsPerAddress).toBe(0);
    expect(
      loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', MAX_CONNECTIONS_PER_ADDRESS: '64' })
        .maxConnectionsPerAddress,
    ).toBe(64);
    expect(() => loadConfig({ DATA_DIR: dir, MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMITS: 'off' }).throttles).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMIT_READ: '60/30s' }).throttles?.read).toEqual({
      limit: 60,
      windowMs: 30_000,
    });
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT_SUBMIT: 'lots' })).toThrow(/Invalid rate/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('throttle limits that can take the largest request', () => {
  it('does not start with a submit limit below a full push of 100 results', () => {
    expect(() => parseThrottles({ RATE_LIMIT_SUBMIT: '99/1m' })).toThrow(
      'RATE_LIMIT_SUBMIT=99/1m is too small: one POST /api/sync/results/push costs up to 100 (one per document or kit code it carries), so an address could never send it. Set RATE_LIMIT_SUBMIT to at least 100 per window (the default is 120/1m).',
    );
    const dir = makeTempDir();
    expect(() => loadConfig({ DATA_DIR: dir, RATE_LIMIT_SUBMIT: '40/1m' })).toThrow(/at least 100 per window/);
    // Off, the limits are not read at all.
    expect(loadConfig({ DATA_DIR: dir, RATE_LIMIT_SUBMIT: '40/1m', RATE_LIMITS: 'off' }).throttles).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not start with a read limit below a full pull of 50 kit codes', () => {
    expect(() => parseThrottles({ RATE_LIMIT_READ: '49/1m' })).toThrow(
      /RATE_LIMIT_READ=49\/1m is too small: one POST \/api\/sync\/kits\/pull costs up to 50 .* at least 50 per window/,
    );
  });

  it('takes the limits at the largest request, and the defaults hold a full push and a full pull', () => {
    expect(parseThrottles({ RATE_LIMIT_SUBMIT: '100/1m', RATE_LIMIT_READ: '50/10s' })).toEqual({
      submit: { limit: 100, windowMs: 60_000 },
      read: { limit: 50, windowMs: 10_000 },
    });
    expect(parseThrottles({})).toEqual({
      submit: parseRate(DEFAULT_RATES.submit),
      read: parseRate(DEFAULT_RATES.read),
    });
    expect(parseRate(DEFAULT_RATES.submit).limit).toBeGreaterThanOrEqual(100);
    expect(parseRate(DEFAULT_RATES.read).limit).toBeGreaterThanOrEqual(50);
  });
});

describe('with DATABASE_URL: what every server on the database shares is configured, never made', () => {
  const DATABASE_URL = 'postgres://scentry@db.example:5432/scentry';
  const SHARED = {
    JWT_SECRET: 'a-shared-secret-of-enough-length-for-the-test',
    TOTP_KEY: 'ab'.repeat(32),
    PASS_CERT_DIR: '/etc/scentry/pass-certs',
    UPLOADS_DIR: '/mnt/shared/uploads',
  };
  const dirs: string[] = [];
  const dir = () => {
    const d = makeTempDir();
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each(Object.keys(SHARED))('refuses to start without %s, naming it and why, before making anything', (name) => {
    const d = path.join(dir(), 'never-made');
    const env = { DATA_DIR: d, DATABASE_URL, ...SHARED, [name]: '' };
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`^DATABASE_URL is set, so ${name} must be set too: every server on one database must share`),
    );
    expect(existsSync(d)).toBe(false);
  });

  it('names every one missing in one sentence', () => {
    const d = path.join(dir(), 'never-made');
    expect(() => loadConfig({ DATA_DIR: d, DATABASE_URL })).toThrow(
      'DATABASE_URL is set, so JWT_SECRET, TOTP_KEY, PASS_CERT_DIR and UPLOADS_DIR must be set too: every server on one database must share the sign-in secret, the TOTP key, the wallet pass certificates and the uploaded pictures, and nothing of the kind is made per server in DATA_DIR',
    );
    expect(existsSync(d)).toBe(false);
  });

  it('starts with all four given, and writes no secret into DATA_DIR', () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d, DATABASE_URL, ...SHARED });
    expect(c.databaseUrl).toBe(DATABASE_URL);
    expect(c.jwtSecret).toBe(SHARED.JWT_SECRET);
    expect(c.totpKey.equals(Buffer.from(SHARED.TOTP_KEY, 'hex'))).toBe(true);
    expect(c.passCertDir).toBe(SHARED.PASS_CERT_DIR);
    expect(c.uploadsDir).toBe(SHARED.UPLOADS_DIR);
    expect(readdirSync(d)).toEqual([]);
  });

  it('without DATABASE_URL nothing is required: secrets kept in DATA_DIR, uploads in DATA_DIR/uploads', () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.uploadsDir).toBe(path.join(path.resolve(d), 'uploads'));
    expect(c.passCertDir).toBeUndefined();
    expect(readdirSync(d).sort()).toEqual(['jwt-secret', 'totp-key']);
    expect(loadConfig({ DATA_DIR: d, UPLOADS_DIR: 'pictures' }).uploadsDir).toBe(path.resolve('pictures'));
  });
});
