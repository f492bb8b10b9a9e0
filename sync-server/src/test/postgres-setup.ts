// vitest globalSetup (vitest.config.ts): with SCENTRY_TEST_POSTGRES=1, one throw-away PostgreSQL
// cluster (scripts/lib/postgres.mjs) for the whole run, started before the first test file and
// stopped after the last; test files read its URL with `inject('TEST_DATABASE_URL')` (or
// testDatabaseUrl() of ./postgres.ts) and make a database of their own on it. Without the switch
// nothing starts and TEST_DATABASE_URL is '': the tests run on SQLite exactly as before.
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropDatabase, startThrowawayCluster } from '../../../scripts/lib/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of a database on the run's PostgreSQL server; '' when the run is on SQLite. */
    TEST_DATABASE_URL: string;
    /** The pool size (DATABASE_POOL) an app under test opens there. */
    TEST_DATABASE_POOL: string;
    /** This run's own token: names what the run makes once on the server (the migrated template). */
    TEST_RUN_ID: string;
  }
}

/** A pool this small keeps files × apps × pool inside the cluster's 50 connections on 2 workers. */
const DEFAULT_POOL = 2;

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const pool = process.env.TEST_DATABASE_POOL || String(DEFAULT_POOL);
  project.provide('TEST_DATABASE_POOL', pool);
  const runId = randomBytes(4).toString('hex');
  project.provide('TEST_RUN_ID', runId);
  if (process.env.SCENTRY_TEST_POSTGRES !== '1') {
    project.provide('TEST_DATABASE_URL', '');
    return undefined;
  }
  // A server given from outside (a CI service, a developer's own) is used as it is; the run's
  // migrated template is dropped from it at the end (a later run may have other migrations).
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    project.provide('TEST_DATABASE_URL', external);
    return async () => {
      await dropDatabase(external, migratedTemplateName(runId));
    };
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

/** The name of the run's migrated template database (test/helpers.ts makeTestApp copies it). */
export const migratedTemplateName = (runId: string): string => `scentry_migrated_${runId}`;
