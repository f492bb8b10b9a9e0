// Several instances of the server on one PostgreSQL database (issue 26), as a load balancer would
// run them: each app its own DATA_DIR, every secret given by configuration and the same for all.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDevelopmentChain, PASS_CERT_FILES } from '../services/pass-certs';
import { makeTempDir, makeTestApp, type TestApp } from './helpers';
import { makeTestDatabase } from './postgres';

export interface TestInstances {
  /** The apps, in the order they were started (the first migrated the database). */
  apps: TestApp[];
  /** The configuration every instance shares (DATABASE_URL, the secrets, the shared folders). */
  sharedEnv: Record<string, string>;
  /** Closes every app, drops the database and removes the shared folders. */
  cleanup(): Promise<void>;
}

/**
 * `count` apps on one new database of the run's PostgreSQL server, sharing what instances behind a
 * load balancer must share: JWT_SECRET, TOTP_KEY, PASS_CERT_DIR (a development chain written once
 * here) and UPLOADS_DIR. Started one after another (starting together is another test's subject);
 * `env` is given to every app, `envOf(i)` to the i-th only.
 */
export async function makeTestInstances(
  count: number,
  env: Record<string, string | undefined> = {},
  envOf: (index: number) => Record<string, string | undefined> = () => ({}),
): Promise<TestInstances> {
  const database = await makeTestDatabase({ prefix: 'pair' });
  const shared = makeTempDir('scentry-instances-');
  const passCertDir = path.join(shared, 'pass-certs');
  const uploadsDir = path.join(shared, 'uploads');
  mkdirSync(passCertDir, { mode: 0o700 });
  mkdirSync(uploadsDir);
  const chain = createDevelopmentChain('pass.local.scentry', 'SCENTRYDEV');
  for (const which of ['wwdr', 'signerCert', 'signerKey'] as const)
    writeFileSync(path.join(passCertDir, PASS_CERT_FILES[which]), chain[which], { mode: 0o600 });
  const sharedEnv: Record<string, string> = {
    DATABASE_URL: database.url,
    // As makeTestApp's apps on PostgreSQL: enough for the races, few for the cluster.
    DATABASE_POOL: '4',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    TOTP_KEY: randomBytes(32).toString('base64'),
    PASS_CERT_DIR: passCertDir,
    UPLOADS_DIR: uploadsDir,
  };
  const apps: TestApp[] = [];
  const cleanup = async () => {
    for (const app of apps.splice(0).reverse()) await app.cleanup();
    await database.drop();
    rmSync(shared, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) apps.push(await makeTestApp({ env: { ...env, ...sharedEnv, ...envOf(i) } }));
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { apps, sharedEnv, cleanup };
}
