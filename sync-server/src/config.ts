import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_EMAIL_RECIPIENTS_PER_ADDRESS,
  DEFAULT_EMAILS_PER_RESULT,
  LARGEST_COSTS,
  ROUTES,
  type RoleName,
  roleAllows,
  type ThrottleName,
} from '@scentry/shared-schema';
import { PACKAGE_ROOT } from './package-root';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  /** JWT_SECRET, else DATA_DIR/jwt-secret made on first start; required with DATABASE_URL. */
  jwtSecret: string;
  /** Token lifetime in seconds. */
  jwtTtlSeconds: number;
  adminEmail: string;
  /** Unset: the bootstrap generates one and prints it once. */
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** EMAILS_PER_RESULT: different recipients one result's report (or questionnaire) may be e-mailed to. */
  emailsPerResult: number;
  /** EMAIL_RECIPIENTS_PER_ADDRESS: different recipients one client address may e-mail a day; 0 = no cap. */
  emailRecipientsPerAddress: number;
  /** Unset: a development chain in DATA_DIR/pass-certs (SQLite only: required with DATABASE_URL). */
  passCertDir: string | undefined;
  /** Wallet pass type identifier (PASS_TYPE_ID): must match the signer certificate's. */
  passTypeId: string;
  /** Apple developer team (PASS_TEAM_ID) that owns the pass type. */
  passTeamId: string;
  /** Passphrase of PASS_CERT_DIR/signerKey.pem when it is encrypted (PASS_KEY_PASSPHRASE). */
  passKeyPassphrase: string | undefined;
  mapTileUrl: string;
  seedDemo: boolean;
  tlsCert: string | undefined;
  tlsKey: string | undefined;
  /** Directory of the built PWA; absent in route tests. */
  pwaDist: string | undefined;
  logLevel: string;
  /**
   * Whose X-Forwarded-For to believe (Fastify's `trustProxy`): off by default, since a client could
   * otherwise pick its own address and dodge the limits. Behind a reverse proxy TRUST_PROXY names
   * the proxy's addresses or CIDR ranges, or a hop count while HOST is loopback; never `true` (see parseTrustProxy).
   */
  trustProxy: TrustProxy;
  /** A request must arrive whole within this (a body trickled byte by byte is cut off). */
  requestTimeoutMs: number;
  /**
   * SHUTDOWN_GRACE_S: on SIGTERM/SIGINT the instance drains this long (serving as usual, health 503,
   * `Connection: close`) before it stops accepting; longer than the proxy's health interval plus
   * time-out (docs/deployment.md); 0 = stop at once.
   */
  shutdownGraceSeconds: number;
  /** METRICS_TOKEN: `/metrics` answers the bearer of this token (401 without it); unset: 404. */
  metricsToken: string | undefined;
  /** METRICS_PORT: `/metrics` also served, without a token, on 127.0.0.1 at this port; unset: not. */
  metricsPort: number | undefined;
  /**
   * WEBHOOK_TEST_RECEIVER: the one `http://127.0.0.1:<port>/<path>` URL a webhook may have besides
   * public `https://` addresses (tests and demos; not for production); null when unset.
   */
  webhookTestReceiver: string | null;
  /** Open connections one address may hold; 0 = no cap. */
  maxConnectionsPerAddress: number;
  /** Per-address throttles of the public endpoints; null when RATE_LIMITS=off. */
  throttles: Record<ThrottleName, Rate> | null;
  /** REQUIRE_TOTP: whose accounts must have two-step sign-in before doing anything else. */
  requireTotp: RequireTotp;
  /** The key TOTP secrets are encrypted with (TOTP_KEY, else DATA_DIR/totp-key; required with DATABASE_URL): 32 bytes, never in the DB. */
  totpKey: Buffer;
  /** DATABASE_URL (postgres://…): PostgreSQL; unset: SQLite in DATA_DIR/scentry.db. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL: connections to PostgreSQL this instance may hold (default 10). */
  databasePool: number;
  /**
   * UPLOADS_DIR: where uploaded pictures are kept (default DATA_DIR/uploads). With DATABASE_URL it
   * must be set: a folder every instance mounts, so each serves every picture.
   */
  uploadsDir: string;
}

/**
 * The built PWA beside this package in the repository (pwa/dist): what `node sync-server/dist/server.mjs`
 * serves when PWA_DIST is unset. Applied by the server's entry (server.ts), not by loadConfig, so
 * route tests keep running without a PWA.
 */
export const DEFAULT_PWA_DIST = path.join(PACKAGE_ROOT, '..', 'pwa', 'dist');

export interface Rate {
  limit: number;
  windowMs: number;
}

/** "120/1m": at most 120 requests per minute (windows as parseDuration reads them). */
export function parseRate(value: string): Rate {
  const m = /^(\d+)\s*\/\s*(.+)$/.exec(value.trim());
  if (!m) throw new Error(`Invalid rate: ${value} (expected e.g. 120/1m)`);
  const rate = { limit: Number(m[1]), windowMs: parseDuration(m[2]) * 1000 };
  if (rate.limit < 1 || rate.windowMs < 1000) throw new Error(`Invalid rate: ${value}`);
  return rate;
}

/**
 * Default throttles, per address (an event's players may all share one), counted in work: `submit`
 * 120 documents a minute (a result, form or e-mail each; a push of 100 results takes 100), `read`
 * 300 kit codes asked or lookups a minute (a pull of 50 codes takes 50). Each bucket starts full,
 * so an address may send up to twice that in its first minute. Enumerating kit codes or flooding
 * results is cut to the rate; a large event behind one address needs a higher RATE_LIMIT_SUBMIT.
 */
export const DEFAULT_RATES: Record<ThrottleName, string> = { submit: '120/1m', read: '300/1m' };

const RATE_VARIABLES: Record<ThrottleName, string> = { submit: 'RATE_LIMIT_SUBMIT', read: 'RATE_LIMIT_READ' };

/**
 * The throttles' rates. A request costs one token per document or kit code it carries, so a limit
 * below the largest request (a push of 100 results, a pull of 50 codes) would refuse that request
 * forever: the server does not start with one.
 */
export function parseThrottles(env: NodeJS.ProcessEnv): Record<ThrottleName, Rate> {
  const rates = {} as Record<ThrottleName, Rate>;
  for (const name of Object.keys(RATE_VARIABLES) as ThrottleName[]) {
    const variable = RATE_VARIABLES[name];
    const value = env[variable] || DEFAULT_RATES[name];
    rates[name] = parseRate(value);
    const { cost, endpoint } = LARGEST_COSTS[name];
    if (rates[name].limit < cost) {
      const { method, path } = ROUTES[endpoint];
      throw new Error(
        `${variable}=${value} is too small: one ${method} ${path} costs up to ${cost} (one per document or kit code it carries), so an address could never send it. Set ${variable} to at least ${cost} per window (the default is ${DEFAULT_RATES[name]}).`,
      );
    }
  }
  return rates;
}

/** A whole number ≥ 0 from the environment, or the default. */
function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid ${name}: ${value}`);
  return n;
}

function atLeastOne(n: number, name: string): number {
  if (n < 1) throw new Error(`Invalid ${name}: ${n} (at least 1)`);
  return n;
}

/** MAIL_FROM when unset: fine for the outbox, but mail servers refuse or bin a `.local` sender. */
export const DEFAULT_MAIL_FROM = 'Scentry <no-reply@scentry.local>';

/** "8h", "30m", "45s", "2d" or plain seconds. */
export function parseDuration(value: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!m) throw new Error(`Invalid duration: ${value}`);
  const n = Number(m[1]);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return n * unit;
}

const flag = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : !/^(0|false|no|off)$/i.test(v);

/** Whom to believe about the client's address: nobody, a number of hops, or these proxies. */
export type TrustProxy = false | number | string[];

/** Ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one TRUST_PROXY entry is an IP address, a CIDR range (address/prefix) or a named range. */
function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false`/`no`/`off` or `0` → off; a whole number → that many proxy hops;
 * otherwise the proxies' addresses or CIDR ranges, comma-separated (`loopback`, `linklocal`,
 * `uniquelocal` name their ranges). `true` is refused: it would believe any client's
 * X-Forwarded-For, letting everyone choose their own address past every per-address limit. A
 * configuration the server cannot honour stops it at start with a sentence saying what to set.
 */
/** A loopback listening address (HOST): nothing but this machine can connect, so a hop count is safe. */
export const isLoopbackHost = (host: string): boolean =>
  /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i.test(host.trim().replace(/^\[(.*)\]$/, '$1'));

const SET_THE_PROXY = "set it to the proxy's address or CIDR range, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8)";

/**
 * TRUST_PROXY: the proxy's addresses or CIDR ranges; a hop count only while the server listens on
 * a loopback address (`host`), since otherwise any client reaching it directly would pick its own
 * address by X-Forwarded-For and every per-address limit would fall (API.md).
 */
export function parseTrustProxy(value: string | undefined, host = '127.0.0.1'): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || /^(false|no|off)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) {
    throw new Error(`TRUST_PROXY=${v} would let any client choose its address: ${SET_THE_PROXY}`);
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 100) throw new Error(`TRUST_PROXY=${v} is not a plausible hop count: ${SET_THE_PROXY}`);
    if (hops === 0) return false;
    if (!isLoopbackHost(host)) {
      throw new Error(
        `TRUST_PROXY=${v} (a hop count) would let any client that reaches this server on ${host} choose its address: ${SET_THE_PROXY}, or listen on 127.0.0.1 (HOST) behind a proxy on this machine`,
      );
    }
    return hops;
  }
  const entries = v.split(',').map((e) => e.trim().toLowerCase());
  const bad = entries.filter((e) => !isProxyEntry(e));
  if (bad.length) {
    const what = bad.map((e) => (e === '' ? '(an empty entry)' : `"${e}"`)).join(', ');
    throw new Error(`TRUST_PROXY: ${what} is not an address or a CIDR range: ${SET_THE_PROXY}`);
  }
  return entries;
}

/** WEBHOOK_TEST_RECEIVER: exactly `http://127.0.0.1:<port>/<path>` when set. */
function webhookTestReceiverOf(value: string | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  const url = URL.canParse(v) ? new URL(v) : null;
  if (url?.protocol !== 'http:' || url.hostname !== '127.0.0.1' || !url.port || url.username || url.password)
    throw new Error(`WEBHOOK_TEST_RECEIVER must be http://127.0.0.1:<port>/<path> (tests and demos only): ${v}`);
  return url.href;
}

/** METRICS_TOKEN: at least 16 characters when set (it is all that guards the figures). */
function metricsTokenOf(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.length < 16)
    throw new Error(`METRICS_TOKEN is ${v.length} characters: set at least 16 random ones (e.g. openssl rand -hex 24)`);
  return v;
}

function portOf(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`Invalid ${name}: ${value}`);
  return n;
}

/** The shortest JWT_SECRET taken (bytes of UTF-8): a shorter one could be guessed, and every token forged. */
export const JWT_SECRET_MIN_BYTES = 32;

/** JWT_SECRET when set (at least 32 bytes), else the one kept in DATA_DIR. */
function jwtSecretOf(value: string | undefined, dataDir: string): string {
  if (!value) return persistentSecret(dataDir, 'jwt-secret');
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < JWT_SECRET_MIN_BYTES) {
    throw new Error(
      `JWT_SECRET is ${bytes} bytes: a secret that short can be guessed and every sign-in forged; set at least ${JWT_SECRET_MIN_BYTES} random bytes (e.g. openssl rand -base64 48)`,
    );
  }
  return value;
}

/** A secret kept under DATA_DIR so that tokens survive restarts without configuration. */
function persistentSecret(dataDir: string, file: string): string {
  const p = path.join(dataDir, file);
  if (existsSync(p)) return readFileSync(p, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(p, `${secret}\n`, { mode: 0o600 });
  chmodSync(p, 0o600);
  return secret;
}

/** Who must set up two-step sign-in: nobody, Admins, or all staff (Admins and Client Admins). */
export type RequireTotp = 'off' | 'admin' | 'staff';

/** REQUIRE_TOTP: unset → off; anything but off, admin or staff stops the server at start. */
export function parseRequireTotp(value: string | undefined): RequireTotp {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return 'off';
  if (v === 'off' || v === 'admin' || v === 'staff') return v;
  throw new Error(
    `REQUIRE_TOTP=${value} is not a choice: set it to off, admin (Admins) or staff (Admins and Client Admins)`,
  );
}

/** Whether REQUIRE_TOTP covers a role: `admin` the Admins, `staff` the staff roles (Admin, Client Admin: roleAllows). */
export function totpRequiredFor(requireTotp: RequireTotp, role: RoleName): boolean {
  if (requireTotp === 'admin') return role === 'Admin';
  // The API's own staff roles (Admin, Client Admin): role User opens no results or medical answers.
  if (requireTotp === 'staff') return roleAllows('staff', role);
  return false;
}

/** The file under DATA_DIR holding the TOTP key when TOTP_KEY is not set. */
export const TOTP_KEY_FILE = 'totp-key';

/** 32 bytes from 64 hexadecimal digits or base64 (or base64url) of 32 bytes; undefined otherwise. */
function keyBytes(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) {
    const bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes;
  }
  return undefined;
}

/**
 * The key that encrypts TOTP secrets, kept outside the database so a copy of the database alone
 * reveals no secret: TOTP_KEY (32 bytes as base64 or 64 hex digits), else DATA_DIR/totp-key, made
 * 0600 on first start. A key of another form stops the server with a sentence saying what to set.
 */
export function loadTotpKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  const given = env.TOTP_KEY?.trim();
  if (given) {
    const key = keyBytes(given);
    if (!key)
      throw new Error(
        'TOTP_KEY must be 32 random bytes as base64 (44 characters) or 64 hexadecimal digits, e.g. from `openssl rand -base64 32`',
      );
    return key;
  }
  const p = path.join(dataDir, TOTP_KEY_FILE);
  if (existsSync(p)) {
    const key = keyBytes(readFileSync(p, 'utf8'));
    if (!key)
      throw new Error(
        `${p} is not a TOTP key (32 bytes as base64): restore it from the backup, or set TOTP_KEY (two-step sign-in of every account must then be set up again)`,
      );
    return key;
  }
  const key = randomBytes(32);
  writeFileSync(p, `${key.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(p, 0o600);
  return key;
}

/**
 * DATABASE_URL: unset or empty → SQLite; `postgres://` or `postgresql://` → PostgreSQL, the URL
 * handed to `pg` as it is (its `sslmode`, `sslrootcert`… and the PGSSL* variables apply). Any other
 * scheme stops the server with a sentence saying what to set.
 */
export function parseDatabaseUrl(value: string | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (v === '') return undefined;
  if (!/^postgres(ql)?:\/\//i.test(v))
    throw new Error(
      'DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database), or unset for SQLite in DATA_DIR',
    );
  return v;
}

/**
 * What every server on one PostgreSQL database must share, and so must be configured when
 * DATABASE_URL is set: made per instance (a secret or chain in DATA_DIR, the uploads under it),
 * each would differ from the others' — a session or device token signed by one refused by the
 * next, a TOTP secret unreadable, a picture missing — and the load balancer would show it at random.
 */
const SHARED_WITH_DATABASE_URL = [
  { name: 'JWT_SECRET', what: 'the sign-in secret', how: 'e.g. `openssl rand -base64 48`' },
  { name: 'TOTP_KEY', what: 'the TOTP key', how: 'e.g. `openssl rand -base64 32`' },
  { name: 'PASS_CERT_DIR', what: 'the wallet pass certificates', how: 'the Apple pass certificates' },
  { name: 'UPLOADS_DIR', what: 'the uploaded pictures', how: 'a folder every server mounts' },
] as const;

/** English list: "a", "a and b", "a, b and c". */
const listed = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * With DATABASE_URL, several servers may run on the one database: what they must share is given
 * by configuration and never made per instance; one unset stops the start with a sentence naming
 * it. (Keeping the secrets in the database instead was the alternative: configuration keeps them
 * out of database dumps and replicas, and says plainly which secret every instance holds.)
 */
export function requireSharedSettings(env: NodeJS.ProcessEnv): void {
  if (!parseDatabaseUrl(env.DATABASE_URL)) return;
  const missing = SHARED_WITH_DATABASE_URL.filter((m) => !env[m.name]?.trim());
  if (!missing.length) return;
  const names = listed(missing.map((m) => m.name));
  const whats = listed(missing.map((m) => m.what));
  const hows = missing.map((m) => `${m.name}: ${m.how}`).join('; ');
  throw new Error(
    `DATABASE_URL is set, so ${names} must be set too: every server on one database must share ${whats}, and nothing of the kind is made per server in DATA_DIR (${hows})`,
  );
}

/** Longer than Caddy's documented health_interval (2 s) plus health_timeout (2 s), and nginx's upstream keepalive_timeout (4 s). */
export const DEFAULT_SHUTDOWN_GRACE_S = 6;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, env.HOST || '0.0.0.0');
  // Before anything is made in DATA_DIR.
  requireSharedSettings(env);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  // Only the server's own user may read its data: the directory 0700 when it makes it.
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
  }
  const tls = Boolean(env.TLS_CERT && env.TLS_KEY);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    publicUrl: (env.PUBLIC_URL || `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/+$/, ''),
    jwtSecret: jwtSecretOf(env.JWT_SECRET, dataDir),
    jwtTtlSeconds: parseDuration(env.JWT_TTL || '8h'),
    adminEmail: (env.ADMIN_EMAIL || 'admin@scentry.local').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    emailsPerResult: atLeastOne(
      count(env.EMAILS_PER_RESULT, DEFAULT_EMAILS_PER_RESULT, 'EMAILS_PER_RESULT'),
      'EMAILS_PER_RESULT',
    ),
    emailRecipientsPerAddress: count(
      env.EMAIL_RECIPIENTS_PER_ADDRESS,
      DEFAULT_EMAIL_RECIPIENTS_PER_ADDRESS,
      'EMAIL_RECIPIENTS_PER_ADDRESS',
    ),
    passCertDir: env.PASS_CERT_DIR || undefined,
    passTypeId: env.PASS_TYPE_ID || 'pass.local.scentry',
    passTeamId: env.PASS_TEAM_ID || 'SCENTRYDEV',
    passKeyPassphrase: env.PASS_KEY_PASSPHRASE || undefined,
    mapTileUrl: env.MAP_TILE_URL || '',
    seedDemo: flag(env.SEED_DEMO, true),
    tlsCert: env.TLS_CERT || undefined,
    tlsKey: env.TLS_KEY || undefined,
    pwaDist: env.PWA_DIST,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy,
    requestTimeoutMs: parseDuration(env.REQUEST_TIMEOUT || '60s') * 1000,
    shutdownGraceSeconds: count(env.SHUTDOWN_GRACE_S, DEFAULT_SHUTDOWN_GRACE_S, 'SHUTDOWN_GRACE_S'),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT ? portOf(env.METRICS_PORT, 'METRICS_PORT') : undefined,
    webhookTestReceiver: webhookTestReceiverOf(env.WEBHOOK_TEST_RECEIVER),
    // Behind a trusted proxy every connection comes from the proxy: no cap unless one is set.
    maxConnectionsPerAddress: count(
      env.MAX_CONNECTIONS_PER_ADDRESS,
      trustProxy === false ? 256 : 0,
      'MAX_CONNECTIONS_PER_ADDRESS',
    ),
    throttles: flag(env.RATE_LIMITS, true) ? parseThrottles(env) : null,
    requireTotp: parseRequireTotp(env.REQUIRE_TOTP),
    totpKey: loadTotpKey(env, dataDir),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    databasePool: atLeastOne(count(env.DATABASE_POOL, 10, 'DATABASE_POOL'), 'DATABASE_POOL'),
    uploadsDir: path.resolve(env.UPLOADS_DIR?.trim() || path.join(dataDir, 'uploads')),
  };
}
