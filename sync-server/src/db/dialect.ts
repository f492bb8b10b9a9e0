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

/** An error's `code`: SQLite's (better-sqlite3) names, PostgreSQL's SQLSTATE. */
const codeOf = (err: unknown): string => String((err as { code?: unknown })?.code);

/**
 * Whether a write failed on a unique index, named for both engines: SQLite names the columns
 * (`UNIQUE constraint failed: scent_options.title_key`), PostgreSQL the index (23505 and
 * `constraint`). An error says which engine raised it, so no database is needed to ask.
 */
export function isUniqueViolation(err: unknown, where: { columns: string; index: string }): boolean {
  const code = codeOf(err);
  if (code === 'SQLITE_CONSTRAINT_UNIQUE')
    return String((err as { message?: unknown })?.message).includes(`constraint failed: ${where.columns}`);
  return code === '23505' && (err as { constraint?: unknown }).constraint === where.index;
}

/**
 * Another writer got there between a transaction's read and its write, so a second attempt sees
 * its row: SQLite's stale read snapshot or a taken key; PostgreSQL's unique violation (23505) or
 * serialization failure (40001).
 */
const WRITE_RACE_CODES = new Set([
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  '23505',
  '40001',
]);

/** Whether `err` is a lost write race (see WRITE_RACE_CODES); `unique: false` leaves out SQLite's unique-index one. */
export const isWriteRace = (err: unknown, options: { unique?: boolean } = {}): boolean =>
  WRITE_RACE_CODES.has(codeOf(err)) && (options.unique !== false || codeOf(err) !== 'SQLITE_CONSTRAINT_UNIQUE');
