// The run's PostgreSQL server (see ./postgres-setup.ts) as seen from a test file: its URL, and a
// fresh database of the file's own, dropped again when done.
import { inject } from 'vitest';
import { createDatabase, dropDatabase, sharedTemplate, uniqueDatabaseName } from '../../../scripts/lib/postgres.mjs';

/**
 * postgres://… of the run's PostgreSQL server when the run is on PostgreSQL; undefined on SQLite.
 * What the globalSetup provided decides (so an exported TEST_DATABASE_URL does not turn a SQLite
 * run into a PostgreSQL one); the environment only counts in a run without that setup.
 */
export function testDatabaseUrl(): string | undefined {
  const provided = inject('TEST_DATABASE_URL') as string | undefined;
  return (provided ?? process.env.TEST_DATABASE_URL) || undefined;
}

/** The pool size an app under test opens on PostgreSQL (DATABASE_POOL). */
export function testDatabasePool(): string {
  return inject('TEST_DATABASE_POOL') || '2';
}

export interface TestDatabase {
  /** postgres://… of the new, empty database (or a copy of the template). */
  url: string;
  name: string;
  /** Drops it, ending connections still open. */
  drop(): Promise<void>;
}

/**
 * A new database on the run's PostgreSQL server (`template`'s copy when given: a migrated template
 * saves each app its migrations). Throws when the run is on SQLite.
 */
export async function makeTestDatabase(options: { prefix?: string; template?: string } = {}): Promise<TestDatabase> {
  const server = testDatabaseUrl();
  if (!server) throw new Error('makeTestDatabase: this run is on SQLite (SCENTRY_TEST_POSTGRES is not 1)');
  const name = uniqueDatabaseName(options.prefix ?? 't');
  const url = await createDatabase(server, name, { template: options.template });
  return { url, name, drop: () => dropDatabase(server, name) };
}

/**
 * The database `name` on the run's PostgreSQL server, built once per run by `build` (e.g. open it,
 * migrate to latest, close) however many test files ask at once; pass it as makeTestDatabase's
 * `template` so each app starts from a copy instead of migrating again.
 */
export async function testTemplate(name: string, build: (url: string) => Promise<void>): Promise<string> {
  const server = testDatabaseUrl();
  if (!server) throw new Error('testTemplate: this run is on SQLite (SCENTRY_TEST_POSTGRES is not 1)');
  return sharedTemplate(server, name, build);
}
