import SQLite from 'better-sqlite3';
import { type CompiledQuery, type Expression, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * Where the SQL of the two engines must differ (issue 26), and only there: repositories and
 * services ask `dialectOf(db)` for the piece they need and never test the engine themselves.
 * SQLite (DATA_DIR/scentry.db) stays the default; DATABASE_URL=postgres://… selects PostgreSQL.
 */
export interface Dialect {
  name: 'sqlite' | 'postgres';
  /**
   * `expr` contains `pattern` (a LIKE pattern made by db/paging.ts likeContains, `\` escaping),
   * ignoring case: SQLite's LIKE ignores ASCII case by itself; PostgreSQL's is exact, so ILIKE,
   * which on the baseline's `collate "C"` text folds ASCII case only, as SQLite's LIKE (a route
   * test checks "élodie" does not find "Élodie" on both). An expression of another collation
   * would fold more.
   */
  like(expr: Expression<unknown> | RawBuilder<unknown>, pattern: string): RawBuilder<boolean>;
  /** The current time as stored (ISO 8601 UTC with milliseconds and `Z`), as an SQL expression. */
  nowIso: RawBuilder<string>;
  /**
   * The key of a `test_results` row that the names search answers with: SQLite's rowid (its FTS5
   * table is keyed by it), PostgreSQL's id. Written after a table alias: `r.${resultKey}`.
   */
  resultKey: RawBuilder<unknown>;
  /**
   * A subquery of the `resultKey`s of the results whose names (`first last`, one text) contain
   * `text`, ignoring ASCII case, answered through the names index (SQLite: the FTS5 trigram table
   * of migration 2026-11-26T0500; PostgreSQL: the pg_trgm index of the narrow table test_results_names,
   * migration 2026-11-28T1710); null
   * below 3 characters, where there is no trigram to look up.
   */
  namesContaining(text: string): RawBuilder<unknown> | null;
  /**
   * `key` is one of the keys `rows` (a subquery of one column) selects. SQLite: `in (rows)`, the
   * subquery built once into a set (its plans are pinned by the query-plan test). PostgreSQL:
   * `= any(array(rows))`: the set is computed first, once, and the outer query looks its keys up
   * through the primary key. With `in (rows)` PostgreSQL estimates the set from its parts — a kit
   * or organization name that matches nothing is still guessed at one kit's or organization's
   * share of the table (20,000 results of 200,000) — and hash-joins it against a scan of the whole
   * table, so a search matching one result by its id read every result (≈ 1 s at 1,000,000).
   */
  inKeys(key: RawBuilder<unknown>, rows: RawBuilder<unknown>): RawBuilder<boolean>;
  /**
   * Runs `read` (a few short reads, each answering within tens of milliseconds) without
   * PostgreSQL's parallel workers: on one connection with max_parallel_workers_per_gather 0 for
   * its statements, then reset to the session's own value. PostgreSQL plans a count over a large
   * table as a parallel index-only scan, and starting its two workers cost 80–300 ms on a busy
   * 2-core machine against 10–15 ms for the whole count on one process at 200,000 results (the
   * results list's first page, whose budget is 50 ms). SQLite: `read(db)`.
   */
  serialReads<T>(db: Kysely<any>, read: (db: Kysely<any>) => Promise<T>): Promise<T>;
  /**
   * Runs `count` (one row, one column) and opens `rows` to be read one row at a time, as arrays
   * in the select's column order, both in one read snapshot, on a connection of their own so the
   * app's other requests carry on meanwhile (the CSV export). `close` ends the read; call it however
   * the read ends.
   */
  /**
   * Brings the kit tallies up to date before they are read: SQLite tallies stored results 64 at
   * a time (migration 2026-11-29T0200), and this tallies the ones still pending; PostgreSQL tallies
   * each result as it is stored (nothing to do).
   */
  flushTallies(db: Kysely<any>): Promise<void>;
  openReadCursor<Row extends unknown[]>(
    db: Kysely<any>,
    count: CompiledQuery,
    rows: CompiledQuery,
  ): Promise<ReadCursor<Row>>;
}

/** An export's rows, read one at a time; `close` ends the read (called at the end, on error or abort). */
export interface ReadCursor<Row> {
  /** How many rows `rows` yields: counted in the same snapshot. */
  count: number;
  /** SQLite: read as iterated; PostgreSQL: fetched in batches as iterated. */
  rows: Iterable<Row> | AsyncIterable<Row>;
  close(): void;
}

/**
 * SQLite: Kysely's `stream()` on its driver holds the app's one connection until the last row is
 * read, so a long export behind a slow client would stall every other request. The read goes
 * instead through a read-only connection of its own to the same file, inside one read
 * transaction: the count and the rows come from the same snapshot, and writers (WAL) carry on
 * meanwhile. Memory stays flat: better-sqlite3's iterator steps the statement row by row.
 */
async function openSqliteCursor<Row extends unknown[]>(
  db: Kysely<any>,
  countQuery: CompiledQuery,
  rowsQuery: CompiledQuery,
): Promise<ReadCursor<Row>> {
  const main = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = main.rows[0]?.file;
  if (!file) throw new Error('The CSV export reads from a database file; this database has none');

  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  let rows: IterableIterator<Row> | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    rows?.return?.();
    if (reader.inTransaction) reader.exec('commit');
    reader.close();
  };
  try {
    reader.pragma('busy_timeout = 5000');
    reader.exec('begin');
    const counted = reader
      .prepare(countQuery.sql)
      .pluck()
      .get(...(countQuery.parameters as unknown[]));
    rows = reader
      .prepare(rowsQuery.sql)
      .raw(true)
      .iterate(...(rowsQuery.parameters as unknown[])) as IterableIterator<Row>;
    return { count: Number(counted ?? 0), rows, close };
  } catch (err) {
    close();
    throw err;
  }
}

/** Rows PostgreSQL's export cursor hands over at a time. */
const FETCH_ROWS = 500;

/**
 * PostgreSQL: one pooled connection held for the read, in a read-only REPEATABLE READ transaction
 * (count and rows of one snapshot), the rows through a server-side cursor fetched FETCH_ROWS at a
 * time as the client reads, so memory stays flat. The connection goes back to the pool on close.
 */
async function openPostgresCursor<Row extends unknown[]>(
  db: Kysely<any>,
  countQuery: CompiledQuery,
  rowsQuery: CompiledQuery,
): Promise<ReadCursor<Row>> {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let closed = false;
  const close = () => {
    closed = true;
    finish();
  };
  const opened = new Promise<{ count: number; conn: Kysely<any> }>((resolve, reject) => {
    db.connection()
      .execute(async (conn) => {
        await sql`begin isolation level repeatable read read only`.execute(conn);
        try {
          const counted = await conn.executeQuery<Record<string, unknown>>(countQuery);
          await conn.executeQuery({
            ...rowsQuery,
            sql: `declare scentry_export no scroll cursor for ${rowsQuery.sql}`,
          });
          resolve({ count: Number(Object.values(counted.rows[0] ?? {})[0] ?? 0), conn });
          await finished;
        } finally {
          await sql`rollback`.execute(conn);
        }
      })
      .catch(reject);
  });
  const { count, conn } = await opened.catch((err) => {
    close();
    throw err;
  });
  async function* read(): AsyncGenerator<Row> {
    try {
      while (!closed) {
        const batch = await sql<
          Record<string, unknown>
        >`fetch ${sql.raw(String(FETCH_ROWS))} from scentry_export`.execute(conn);
        // pg gives each row its columns in the select's order.
        for (const row of batch.rows) yield Object.values(row) as Row;
        if (batch.rows.length < FETCH_ROWS) return;
      }
    } finally {
      close();
    }
  }
  return { count, rows: read(), close };
}

/**
 * The FTS5 query of a search text for SQLite's trigram index of the names: the text as one
 * phrase, its trigrams in a row, so the names hold the text (case folded). Null below 3
 * characters: no trigram to ask for.
 */
export function trigramQuery(text: string): string | null {
  if ([...text].length < 3) return null;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Whether the text is plain ASCII: the FTS5 index then matches exactly what SQLite's LIKE matches. */
const asciiOnly = (text: string): boolean => [...text].every((c) => c.charCodeAt(0) < 128);

/** Escapes LIKE wildcards (with `escape '\\'`) so a search for "50%" finds "50%". */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const sqlite: Dialect = {
  name: 'sqlite',
  like: (expr, pattern) => sql<boolean>`${expr} like ${pattern} escape '\\'`,
  nowIso: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  resultKey: sql.raw('rowid'),
  namesContaining(text) {
    const phrase = trigramQuery(text);
    if (!phrase) return null;
    // The index folds the case of every letter and LIKE only ASCII's: a text with another letter is
    // checked with the LIKE too, so exactly what LIKE matches.
    const like = `%${escapeLike(text)}%`;
    const indexed = asciiOnly(text)
      ? sql`select rowid from test_results_names_fts where test_results_names_fts match ${phrase}`
      : sql`select rowid from test_results_names_fts
          where test_results_names_fts match ${phrase} and (names || '') like ${like} escape '\\'`;
    // And the results not indexed yet (at most 63: migration 2026-11-28T1810-names-batched), never
    // in the index as well, so the two sets are apart. CROSS JOIN keeps that order: the planner,
    // knowing nothing of the small list, read all the results and looked each up in it (190 ms).
    return sql`${indexed} union all select p.rid from test_results_names_pending p
      cross join test_results r on r.rowid = p.rid where (r.first_name || ' ' || r.last_name) like ${like} escape '\\'`;
  },
  inKeys: (key, rows) => sql<boolean>`${key} in (${rows})`,
  serialReads: (db, read) => read(db),
  flushTallies: async (db) => {
    await sql`insert into kit_tallies_flushes (n) values (1)`.execute(db);
  },
  openReadCursor: openSqliteCursor,
};

const postgres: Dialect = {
  name: 'postgres',
  like: (expr, pattern) => sql<boolean>`${expr} ilike ${pattern} escape '\\'`,
  nowIso: sql<string>`to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  resultKey: sql.raw('id'),
  namesContaining(text) {
    if ([...text].length < 3) return null;
    // The narrow names table and its trigram index (migration 2026-11-28T1710-names-table).
    return sql`select n.id from test_results_names n where n.names ilike ${`%${escapeLike(text)}%`} escape '\\'`;
  },
  inKeys: (key, rows) => sql<boolean>`${key} = any(array(${rows}))`,
  async serialReads(db, read) {
    // A transaction holds its connection already; its statements keep the session's setting.
    if (db.isTransaction) return read(db);
    return db.connection().execute(async (conn) => {
      await sql`set max_parallel_workers_per_gather = 0`.execute(conn);
      try {
        return await read(conn);
      } finally {
        await sql`reset max_parallel_workers_per_gather`.execute(conn);
      }
    });
  },
  flushTallies: async () => {},
  openReadCursor: openPostgresCursor,
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

/**
 * The key of the startup's advisory lock on PostgreSQL ("SCNTRY" and 1): fixed, so every server on
 * the database takes the same lock; not Kysely's migration lock key, which the migrator takes
 * inside it.
 */
export const STARTUP_LOCK_KEY = 0x53434e54525901n;

/**
 * Runs a server's start-up work on the database (migrate, the first Admin, the demo) while no
 * other server does: several instances starting together on an empty database do it exactly
 * once, the others then finding it done. PostgreSQL: a session-level advisory lock on one
 * dedicated connection, and `work` runs on that very connection (so a pool of one cannot wait on
 * itself); the lock goes with the session should the server die holding it. SQLite: one server
 * per file, so `work` just runs (its transactions keep it right within the process).
 */
export async function withStartupLock<D, T>(db: Kysely<D>, work: (db: Kysely<D>) => Promise<T>): Promise<T> {
  if (dialectOf(db).name !== 'postgres') return work(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn);
    try {
      return await work(conn);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn);
    }
  });
}
