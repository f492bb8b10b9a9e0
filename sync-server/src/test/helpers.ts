import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type Envelope, ROLES, type RoleName } from '@scentry/shared-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { openPostgres } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Resolver } from '../lib/outbound';
import { hashPassword } from '../lib/password';
import { insertUser } from '../repositories/users';
import { loadPassSigner } from '../services/pass-certs';
import { makeTestDatabase, testDatabasePool, testDatabaseUrl, testTemplate } from './postgres';
import { migratedTemplateName } from './postgres-setup';

export const TEST_ADMIN_EMAIL = 'root@scentry.test';
export const TEST_ADMIN_PASSWORD = 'Root-Passw0rd!';

export interface TestAppOptions {
  /** Environment overrides; a key set to `undefined` is removed (e.g. `ADMIN_PASSWORD: undefined`). */
  env?: Record<string, string | undefined>;
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** Reuse an existing DATA_DIR (it is then left in place by cleanup). */
  dataDir?: string;
  /** Level of the captured logger; `info` by default. */
  logLevel?: string;
  /** How webhook hosts resolve (never the network's resolver in a test that saves an endpoint). */
  webhookResolver?: Resolver;
  /** The webhook worker's clock (ms). */
  webhookClock?: () => number;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Everything the app logged so far, one JSON line per entry. */
  logs(): string;
  /** Closes the app and removes the temp DATA_DIR it made. */
  cleanup(): Promise<void>;
}

/** A fresh temp directory under the OS temp dir. */
export const makeTempDir = (prefix = 'scentry-test-'): string => mkdtempSync(path.join(os.tmpdir(), prefix));

// One way to a PostgreSQL database in tests: ./postgres.ts (re-exported here for the test files
// that read the run's server from the helpers).
export { testDatabaseUrl } from './postgres';

/** The database of each DATA_DIR a test app made on PostgreSQL: an app reusing the dir reuses it. */
const pgDatabaseOf = new Map<string, string>();

/**
 * The run's migrated template on PostgreSQL: built once per run (open, migrate to latest, close),
 * however many test files ask at once, then only copied, so an app starts without migrating.
 */
export function migratedTemplate(): Promise<string> {
  const runId = inject('TEST_RUN_ID') || `pid${process.ppid}`;
  return testTemplate(migratedTemplateName(runId), async (url) => {
    const db = openPostgres(url, 1);
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  });
}

/**
 * With DATABASE_URL the server refuses to start without JWT_SECRET, TOTP_KEY, PASS_CERT_DIR and
 * UPLOADS_DIR (config.ts requireSharedSettings). A test app on PostgreSQL gets what the test did
 * not name: the secrets derived from the database's URL (apps on one database share them, as
 * instances must; an app started again on its DATA_DIR finds its tokens valid), the development
 * pass chain made in DATA_DIR/pass-certs as a server without DATABASE_URL makes it, and the uploads
 * in DATA_DIR/uploads, so the tests see the layout they see on SQLite.
 */
function sharedSettingsFor(env: Record<string, string>, given: Record<string, string | undefined>, dataDir: string) {
  const url = env.DATABASE_URL;
  const derived = (use: string) => createHash('sha256').update(`scentry test ${use}|${url}`).digest();
  if (!('JWT_SECRET' in given)) env.JWT_SECRET = derived('jwt').toString('base64url');
  if (!('TOTP_KEY' in given)) env.TOTP_KEY = derived('totp').toString('hex');
  if (!('UPLOADS_DIR' in given)) env.UPLOADS_DIR = path.join(dataDir, 'uploads');
  if (!('PASS_CERT_DIR' in given)) {
    env.PASS_CERT_DIR = loadPassSigner({
      dataDir,
      passCertDir: undefined,
      passTypeId: env.PASS_TYPE_ID || 'pass.local.scentry',
      passTeamId: env.PASS_TEAM_ID || 'SCENTRYDEV',
      passKeyPassphrase: undefined,
    }).dir;
  }
}

/**
 * Builds the real app on a real SQLite file in a temp DATA_DIR (or, with TEST_DATABASE_URL, on a
 * fresh PostgreSQL database of its own, dropped by cleanup), its logger writing into memory so
 * tests can read what was logged.
 */
export async function makeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDir = !options.dataDir;
  const dataDir = options.dataDir ?? makeTempDir();
  const env: Record<string, string> = {};
  const merged: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    SEED_DEMO: '0',
    ...options.env,
  };
  for (const [k, v] of Object.entries(merged)) if (v !== undefined) env[k] = v;

  // On PostgreSQL unless the test chose its database itself: a copy of the run's migrated template.
  let dropDatabase: (() => Promise<void>) | undefined;
  if (testDatabaseUrl() && !('DATABASE_URL' in (options.env ?? {}))) {
    const reused = pgDatabaseOf.get(dataDir);
    if (reused) env.DATABASE_URL = reused;
    else {
      const database = await makeTestDatabase({ template: await migratedTemplate() });
      env.DATABASE_URL = database.url;
      pgDatabaseOf.set(dataDir, database.url);
      // The database lives as its DATA_DIR does: dropped with a temp dir made here; kept with a
      // dir the test gave (a later app on that dir finds its data, as on SQLite) until the
      // throw-away cluster goes.
      if (ownsDir)
        dropDatabase = async () => {
          pgDatabaseOf.delete(dataDir);
          await database.drop();
        };
    }
    // Small: 2 workers × the apps a file has open × this stay inside the cluster's 50 connections.
    env.DATABASE_POOL ??= testDatabasePool();
  }
  if (env.DATABASE_URL) sharedSettingsFor(env, options.env ?? {}, dataDir);

  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const config = loadConfig(env);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      logger: { level: options.logLevel ?? 'info', stream },
      extraRoutes: options.extraRoutes,
      webhookResolver: options.webhookResolver,
      webhookClock: options.webhookClock,
    });
  } catch (err) {
    if (ownsDir) rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
    throw err;
  }
  return {
    app,
    config,
    dataDir,
    logs: () => chunks.join(''),
    async cleanup() {
      await app.close();
      if (ownsDir) rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase?.();
    },
  };
}

/** What a use* helper returns before its beforeAll has run: a getter that says so instead. */
function built<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is made in beforeAll: use it inside a test or a later hook`);
  return value;
}

/**
 * One app for the calling describe block (or file): built before its tests (makeTestApp), closed and
 * its DATA_DIR removed after them. The returned object reads the app built, so a test uses it as
 * it would the TestApp itself.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await makeTestApp(options);
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  return {
    get app() {
      return built(t, 'the test app').app;
    },
    get config() {
      return built(t, 'the test app').config;
    },
    get dataDir() {
      return built(t, 'the test app').dataDir;
    },
    logs: () => built(t, 'the test app').logs(),
    cleanup: () => built(t, 'the test app').cleanup(),
  };
}

/** One user of each role in the app of `t` (createFixtureUsers), made before the block's tests. */
export function useFixtures(t: TestApp): Fixtures {
  let f: Fixtures | undefined;
  beforeAll(async () => {
    f = await createFixtureUsers(t.app);
  });
  return {
    get organizationId() {
      return built(f, 'the fixture users').organizationId;
    },
    get admin() {
      return built(f, 'the fixture users').admin;
    },
    get clientAdmin() {
      return built(f, 'the fixture users').clientAdmin;
    },
    get user() {
      return built(f, 'the fixture users').user;
    },
  };
}

export interface FixtureUser {
  id: number;
  email: string;
  password: string;
  roleName: RoleName;
  organizationId: number | null;
}

const ROLE_IDS: Record<RoleName, number> = {
  Admin: ROLES.Admin,
  'Client Admin': ROLES.ClientAdmin,
  User: ROLES.User,
};

let userSeq = 0;

/** Inserts a user straight into the DB (bypassing the API) with an argon2id hash of `password`. */
export async function createUser(
  app: FastifyInstance,
  options: {
    roleName: RoleName;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    organizationId?: number | null;
    isActive?: boolean;
  },
): Promise<FixtureUser> {
  userSeq += 1;
  const email = options.email ?? `user${userSeq}.${options.roleName.replace(' ', '').toLowerCase()}@scentry.test`;
  const password = options.password ?? `Fixture-Pw${userSeq}!`;
  const id = await insertUser(app.db, {
    firstName: options.firstName ?? 'Fixture',
    lastName: options.lastName ?? options.roleName.replace(' ', ''),
    email,
    passwordHash: await hashPassword(password),
    roleId: ROLE_IDS[options.roleName],
    organizationId: options.organizationId ?? null,
    isActive: options.isActive,
  });
  return {
    id,
    email: email.toLowerCase(),
    password,
    roleName: options.roleName,
    organizationId: options.organizationId ?? null,
  };
}

/** Inserts an organization row; active and disclosing by default. */
export async function createOrganization(
  app: FastifyInstance,
  options: { name?: string; isActive?: boolean; discloseUserDetails?: boolean } = {},
): Promise<number> {
  const { id } = await app.db
    .insertInto('organizations')
    .values({
      name: options.name ?? `Org ${++userSeq}`,
      code: null,
      website: null,
      address: null,
      email: null,
      phone: '5551234567',
      clientType: 'Organization',
      isActive: options.isActive === false ? 0 : 1,
      discloseUserDetails: options.discloseUserDetails === false ? 0 : 1,
      deletedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface Fixtures {
  organizationId: number;
  admin: FixtureUser;
  clientAdmin: FixtureUser;
  user: FixtureUser;
}

/** One user of each role; the Client Admin (and the User) belong to a fresh active organization. */
export async function createFixtureUsers(app: FastifyInstance): Promise<Fixtures> {
  const organizationId = await createOrganization(app, { name: 'Fixture Clinic' });
  const [admin, clientAdmin, user] = await Promise.all([
    createUser(app, { roleName: 'Admin' }),
    createUser(app, { roleName: 'Client Admin', organizationId }),
    createUser(app, { roleName: 'User', organizationId }),
  ]);
  return { organizationId, admin, clientAdmin, user };
}

export function signInRequest(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/User/Authenticate',
    payload: { Email: email, Password: password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Signs in through the API and returns the token; fails loudly when sign-in is refused. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await signInRequest(app, email, password);
  const body = res.json() as Envelope<{ token: string }>;
  if (res.statusCode !== 200 || body.status !== 'Success') {
    throw new Error(`Sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  }
  return body.data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The reply's JSON as the envelope. */
export const envelopeOf = <T = unknown>(res: LightMyRequestResponse): Envelope<T> => res.json() as Envelope<T>;

/** An HS256 JWT made by hand, e.g. with the wrong key or an `exp` in the past. */
export function makeJwt(payload: Record<string, unknown>, secret: string, header: Record<string, unknown> = {}) {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = enc({ alg: 'HS256', typ: 'JWT', ...header });
  const body = enc(payload);
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/**
 * GET and POST through `app.inject` with a bearer token: the one given to a call, else the
 * default's current value (read at call time, so a token signed in `beforeAll` is seen).
 */
export function callsAs(t: TestApp, defaultToken: () => string) {
  return {
    post: (url: string, payload: unknown, token = defaultToken()) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object }),
    get: (url: string, token = defaultToken()) => t.app.inject({ method: 'GET', url, headers: bearer(token) }),
  };
}

/** How many rows a table holds (hidden ones too). */
export async function countRows(
  app: FastifyInstance,
  table: 'testKits' | 'scentCards' | 'testResults' | 'testResultAnswers' | 'webhookDeliveries' | 'webhookEvents',
) {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
