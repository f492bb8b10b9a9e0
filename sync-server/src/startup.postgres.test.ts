import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { type Db, openDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_KIT_CODE, seedDemo } from './services/demo-seed';
import { ensureInitialAdmin } from './services/initial-admin';
import { loadPassSigner } from './services/pass-certs';
import { makeTempDir, makeTestApp, TEST_ADMIN_EMAIL, type TestApp } from './test/helpers';
import { makeTestDatabase, type TestDatabase, testDatabaseUrl } from './test/postgres';

/** How many servers start at once on the one database. */
const SERVERS = 3;

/** Row counts of the tables the start-up fills, and the migrations recorded more than once. */
async function startupRows(db: Db) {
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
  const repeated = await sql<{ name: string }>`
    select name from kysely_migration group by name having count(*) > 1`.execute(db);
  const admins = await db.selectFrom('users').select(['email', 'roleId']).where('roleId', '=', ROLES.Admin).execute();
  const kits = await db.selectFrom('testKits').select('name').execute();
  return {
    migrations: await count('kysely_migration'),
    repeatedMigrations: repeated.rows.map((r) => r.name),
    users: await count('users'),
    admins,
    kits: kits.map((k) => k.name),
    kitVersions: await count('kit_versions'),
    cards: await count('scent_cards'),
    cardOptions: await count('scent_card_options'),
    options: await count('scent_options'),
  };
}

/** What one demo seeded on an empty database holds: one kit of five cards of five options of ten. */
const ONE_DEMO = { kits: [DEMO_KIT_CODE], kitVersions: 1, cards: 5, cardOptions: 25, options: 10 };

describe.skipIf(!testDatabaseUrl())('servers starting together on one empty PostgreSQL database', () => {
  let shared: string;
  let env: Record<string, string | undefined>;
  const databases: TestDatabase[] = [];

  beforeAll(() => {
    shared = makeTempDir('scentry-startup-');
    // What an operator gives every instance alike (config.ts requireSharedSettings).
    env = {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      TOTP_KEY: randomBytes(32).toString('base64'),
      PASS_CERT_DIR: loadPassSigner({
        dataDir: shared,
        passCertDir: undefined,
        passTypeId: 'pass.local.scentry',
        passTeamId: 'SCENTRYDEV',
        passKeyPassphrase: undefined,
      }).dir,
      UPLOADS_DIR: path.join(shared, 'uploads'),
      SEED_DEMO: '1',
      // Generated: only the server that made the Admin may print its password.
      ADMIN_PASSWORD: undefined,
      DATABASE_POOL: '2',
    };
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(shared, { recursive: true, force: true });
  });

  const newDatabase = async () => {
    const database = await makeTestDatabase({ prefix: 'startup' });
    databases.push(database);
    return database;
  };

  it(`${SERVERS} apps started at once migrate, make the first Admin and seed the demo exactly once`, async () => {
    const database = await newDatabase();
    const started = await Promise.allSettled(
      Array.from({ length: SERVERS }, () => makeTestApp({ env: { ...env, DATABASE_URL: database.url } })),
    );
    const apps = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
      const rows = await startupRows(apps[0].app.db);
      expect(rows.repeatedMigrations).toEqual([]);
      expect(rows.users).toBe(1);
      expect(rows.admins).toEqual([{ email: TEST_ADMIN_EMAIL, roleId: ROLES.Admin }]);
      expect(rows).toMatchObject(ONE_DEMO);

      // One server did each step, and says so; the others found it done.
      const made = apps.filter((t) => t.app.initialAdmin);
      expect(made).toHaveLength(1);
      expect(made[0].app.initialAdmin?.generatedPassword).toMatch(/^Sc/);
      const logs = (t: TestApp) => t.logs();
      expect(apps.filter((t) => logs(t).includes(`demo kit ${DEMO_KIT_CODE} seeded`))).toHaveLength(1);
      const migrated = apps.flatMap((t) =>
        logs(t)
          .split('\n')
          .filter((line) => line.includes('"database migrated"'))
          .flatMap((line) => JSON.parse(line).migrations as string[]),
      );
      expect(migrated).toHaveLength(rows.migrations);
      expect(new Set(migrated).size).toBe(rows.migrations);
    } finally {
      await Promise.all(apps.map((t) => t.cleanup()));
    }
  });

  it('without the startup lock the first Admin and the demo are still made once (count and insert in one transaction)', async () => {
    const database = await newDatabase();
    const dirs = Array.from({ length: SERVERS }, () => makeTempDir('scentry-startup-dir-'));
    const configs = dirs.map((dir) =>
      loadConfig({
        ...env,
        DATA_DIR: dir,
        DATABASE_URL: database.url,
        ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      } as NodeJS.ProcessEnv),
    );
    const dbs = configs.map((config) => openDb(config));
    try {
      await migrateToLatest(dbs[0]);
      const admins = await Promise.all(dbs.map((db, i) => ensureInitialAdmin(db, configs[i])));
      expect(admins.filter(Boolean)).toHaveLength(1);
      const seeded = await Promise.all(dbs.map((db, i) => seedDemo(db, configs[i])));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const rows = await startupRows(dbs[0]);
      expect(rows.users).toBe(1);
      expect(rows.admins).toEqual([{ email: TEST_ADMIN_EMAIL, roleId: ROLES.Admin }]);
      expect(rows).toMatchObject(ONE_DEMO);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
