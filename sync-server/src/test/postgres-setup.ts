// vitest globalSetup (vitest.config.ts): with SCENTRY_TEST_POSTGRES=1, one throw-away PostgreSQL
// cluster (scripts/lib/postgres.mjs) for the whole run, started before the first test file and
// stopped after the last; test files read its URL with `inject('TEST_DATABASE_URL')` (or
// testDatabaseUrl() of ./postgres.ts) and make a database of their own on it. Without the switch
// nothing starts and TEST_DATABASE_URL is '': the tests run on SQLite exactly as before.
import type { TestProject } from 'vitest/node';
import { startThrowawayCluster } from '../../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of a database on the run's PostgreSQL server; '' when the run is on SQLite. */
    TEST_DATABASE_URL: string;
    /** The pool size (DATABASE_POOL) an app under test opens there. */
    TEST_DATABASE_POOL: string;
  }
}

/** A pool this small keeps files × apps × pool inside the cluster's 50 connections on 2 workers. */
const DEFAULT_POOL = 2;

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const pool = process.env.TEST_DATABASE_POOL || String(DEFAULT_POOL);
  project.provide('TEST_DATABASE_POOL', pool);
  if (process.env.SCENTRY_TEST_POSTGRES !== '1') {
    project.provide('TEST_DATABASE_URL', '');
    return undefined;
  }
  // A server given from outside (a CI service, a developer's own) is used as it is.
  if (process.env.TEST_DATABASE_URL) {
    project.provide('TEST_DATABASE_URL', process.env.TEST_DATABASE_URL);
    return undefined;
  }
  const collation = process.env.SCENTRY_TEST_PG_COLLATION === 'c' ? 'c' : undefined;
  const started = Date.now();
  const cluster = await startThrowawayCluster({ poolSize: Number(pool), collation });
  console.log(
    `[scentry] PostgreSQL test cluster on 127.0.0.1:${cluster.port} (${cluster.collation} collation) started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('TEST_DATABASE_URL', cluster.url);
  // Also for code that runs outside a test's context (workers inherit the environment).
  process.env.TEST_DATABASE_URL = cluster.url;
  return async () => {
    delete process.env.TEST_DATABASE_URL;
    await cluster.stop();
  };
}
