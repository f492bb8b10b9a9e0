// Types of postgres.mjs (throw-away PostgreSQL clusters and databases for tests and benches), for
// TypeScript callers such as sync-server/src/test/postgres-setup.ts.

/** The database every throw-away cluster has from the start. */
export declare const TEST_DATABASE: string;

/** PostgreSQL cannot be installed or started here; the message says why and what to do. */
export declare class PostgresUnavailable extends Error {}

/** The folder of PostgreSQL's binaries (PG_BIN, Debian's newest, or PATH's), or null. */
export declare function findPostgresBin(): string | null;

/** PostgreSQL's binaries' folder, installed from Debian when missing (throws PostgresUnavailable). */
export declare function ensurePostgres(options?: { log?: (message: string) => void }): string;

/** Stops and removes the clusters that processes which have since died left behind; how many. */
export declare function sweepStaleClusters(bin: string): number;

export interface ClusterOptions {
  /** The pool size (DATABASE_POOL) each app should open on it; default 2. */
  poolSize?: number;
  /** The server's max_connections; default 50. */
  maxConnections?: number;
  /** Default collation of its databases: ICU en-US (default, when available) or C (bytewise, as SQLite). */
  collation?: 'icu' | 'c';
  /** postgresql.conf settings over the defaults (strings written as given: quote them). */
  settings?: Record<string, string | number>;
  /** The account that runs it when this process is root (default SCENTRY_PG_USER or nobody). */
  runAs?: string;
  /** PostgreSQL's binaries (default: ensurePostgres()). */
  bin?: string;
}

export interface ThrowawayCluster {
  /** postgres://… of the database `scentry_test` (the cluster's superuser). */
  url: string;
  port: number;
  poolSize: number;
  maxConnections: number;
  collation: 'icu' | 'c';
  /** The cluster's folder (data/, server.log). */
  dir: string;
  /** The variables an app on this cluster gets. */
  env: { DATABASE_URL: string; DATABASE_POOL: string };
  /** Stops the server (open connections are ended) and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a throw-away cluster (temp folder, free port on 127.0.0.1, unprivileged account, fsync off). */
export declare function startThrowawayCluster(options?: ClusterOptions): Promise<ThrowawayCluster>;

/** `url` with its database name replaced by `name`. */
export declare function withDatabase(url: string, name: string): string;

/** Runs SQL through psql on `url`; resolves with what it printed (unaligned, tuples only). */
export declare function psql(url: string, sql: string, options?: { bin?: string }): Promise<string>;

/** A database name unique across processes, e.g. `t_4f1c2a9b_3`. */
export declare function uniqueDatabaseName(prefix?: string): string;

/** Creates database `name` (a copy of `template` when given) on `url`'s server; resolves with its URL. */
export declare function createDatabase(url: string, name: string, options?: { template?: string }): Promise<string>;

/**
 * Database `name`, built once by `build` (which must close its connections) and then only copied;
 * safe when several processes ask at once. Resolves with `name`.
 */
export declare function sharedTemplate(
  url: string,
  name: string,
  build: (url: string) => Promise<void>,
): Promise<string>;

/** Drops database `name` on `url`'s server, ending its connections first; a missing one is fine. */
export declare function dropDatabase(url: string, name: string): Promise<void>;
