import { type Expression, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * Where the SQL of the two engines must differ (issue 26), and only there: repositories and
 * services ask `dialectOf(db)` for the piece they need and never test the engine themselves.
 * SQLite (DATA_DIR/scentry.db) stays the default; DATABASE_URL=postgres://… selects PostgreSQL.
 */
export interface Dialect {
  name: 'sqlite' | 'postgres';
  /**
   * `expr` contains `pattern` (a LIKE pattern made by db/paging.ts likeContains, `\` escaping),
   * ignoring case: SQLite's LIKE ignores ASCII case by itself; PostgreSQL's is exact, so ILIKE.
   * (ILIKE also folds letters beyond ASCII, as SQLite's LIKE does not: a search may find a little
   * more on PostgreSQL, never less.)
   */
  like(expr: Expression<unknown> | RawBuilder<unknown>, pattern: string): RawBuilder<boolean>;
  /** The current time as stored (ISO 8601 UTC with milliseconds and `Z`), as an SQL expression. */
  nowIso: RawBuilder<string>;
}

const sqlite: Dialect = {
  name: 'sqlite',
  like: (expr, pattern) => sql<boolean>`${expr} like ${pattern} escape '\\'`,
  nowIso: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
};

const postgres: Dialect = {
  name: 'postgres',
  like: (expr, pattern) => sql<boolean>`${expr} ilike ${pattern} escape '\\'`,
  nowIso: sql<string>`to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

/**
 * The dialect of a Kysely instance or of a transaction of it. Read from the query executor's
 * adapter (shared by the instance and its transactions), so it needs no registry of instances.
 * `getExecutor` is marked internal in Kysely's typings, but it is the one place that names the
 * engine of a transaction too; a change there fails this module's test, not a repository.
 */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgres : sqlite;
}
