import { chmodSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, type ColumnType, type Generated, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { dialectOf } from './dialect';

type Timestamp = ColumnType<string, string | undefined, string>;
/** SQLite has no boolean: 0 or 1. */
type Flag = number;

export interface RolesTable {
  id: number;
  name: string;
}

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  code: string | null;
  website: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  clientType: string;
  isActive: ColumnType<Flag, Flag | undefined, Flag>;
  discloseUserDetails: ColumnType<Flag, Flag | undefined, Flag>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  roleId: number;
  organizationId: number | null;
  isActive: ColumnType<Flag, Flag | undefined, Flag>;
  /** Tokens signed under an older version no longer work. */
  tokenVersion: ColumnType<number, number | undefined, number>;
  /** The token id that survives its user's own password change. */
  keptTokenId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: string | null;
  /** TOTP secret, encrypted (lib/secret-box.ts); null while two-step sign-in is off. */
  totpSecret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret being set up, encrypted, until a code confirms it. */
  totpPendingSecret: ColumnType<string | null, string | null | undefined, string | null>;
  /** When two-step sign-in was turned on; null: off. */
  totpEnabledAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last time step whose code was accepted: a code of it or earlier is a replay. */
  totpLastStep: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  /** A keyed hash of the code (lib/totp.ts), never the code. */
  codeHash: string;
  createdAt: Timestamp;
  usedAt: string | null;
}

export interface TotpChallengesTable {
  id: string;
  userId: number;
  /** The user's token version at the password step: a password change or TotpClear voids the challenge. */
  tokenVersion: number;
  /** The device of a valid device token sent with the password, kept for the new device token. */
  deviceId: string | null;
  /** Epoch ms. */
  expiresAt: number;
  attempts: ColumnType<number, number | undefined, number>;
  usedAt: string | null;
}

export interface ScentOptionsTable {
  id: Generated<number>;
  title: string;
  /** The name compared ignoring case and spaces; NULL for a duplicate kept from before the rule. */
  titleKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name in other languages, JSON `{"es": …}` (i18n/local-names.ts); NULL for none. */
  names: ColumnType<string | null, string | null | undefined, string | null>;
  storedPath: string;
  originalFileName: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: string | null;
}

export interface TestKitsTable {
  id: Generated<number>;
  name: string;
  nameKey: string;
  isActive: ColumnType<Flag, Flag | undefined, Flag>;
  passThreshold: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: string | null;
}

export interface KitVersionsTable {
  testKitId: number;
  version: number;
  /** The kit code the snapshot was served under (lower case). */
  code: string | null;
  snapshot: string;
  createdAt: Timestamp;
}

export interface ScentCardsTable {
  id: Generated<number>;
  testKitId: number;
  name: string;
  /** The name in other languages, JSON `{"es": …}` (i18n/local-names.ts); NULL for none. */
  names: ColumnType<string | null, string | null | undefined, string | null>;
  sortOrder: number;
  correctScentOptionId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: string | null;
}

export interface ScentCardOptionsTable {
  id: Generated<number>;
  scentCardId: number;
  scentOptionId: number;
  sortOrder: number;
  createdAt: Timestamp;
  deletedAt: string | null;
}

export interface TestResultsTable {
  id: string;
  testKitId: number;
  kitVersion: number;
  organizationId: number | null;
  latitude: number | null;
  longitude: number | null;
  country: string | null;
  state: string | null;
  city: string | null;
  firstName: string;
  lastName: string;
  playedAt: string;
  resultStatus: string;
  rightAnswerCount: number;
  playHash: string;
  age: number | null;
  gender: string | null;
  race: string | null;
  isAlzheimerDisease: Flag | null;
  isParkinsonDisease: Flag | null;
  isHeadInjuriesConcussion: Flag | null;
  isSinoNasalDisease: Flag | null;
  isOtherNeurologicalDisorder: Flag | null;
  isAlzheimerDiseaseInFamily: Flag | null;
  isParkinsonDiseaseInFamily: Flag | null;
  isOtherNeurologicalDisorderInFamily: Flag | null;
  medicalUpdatedAt: string | null;
  questionnaireCompleted: ColumnType<Flag, Flag | undefined, Flag>;
  /** The device UUID of the questionnaire stored (null: none, or sent by the direct endpoint). */
  questionnaireDocId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The device UUID of the medical form stored (null: none, or sent by the direct endpoint). */
  medicalDocId: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the device's play time was impossible and the time received is stored. */
  playedAtAdjusted: ColumnType<Flag, Flag | undefined, Flag>;
  /** SHA-256 (hex) of the result's write key; null: stored without one (API.md "Writing to a result"). */
  writeKeyHash: ColumnType<string | null, string | null | undefined, never>;
  createdAt: Timestamp;
}

/**
 * A result's answers, one row a result (migration 2026-11-28T1800-answers-row): `answers` is the
 * JSON of its ResultDetail list in card order (repositories/results.ts reads and writes it).
 */
export interface TestResultAnswersTable {
  testResultId: string;
  answers: string;
  /** The answers' intensities added up (the Extended export's column). */
  intensitySum: number;
}

export interface QuestionnaireAnswersTable {
  id: Generated<number>;
  testResultId: string;
  sortOrder: number;
  question: string;
  answer: string;
  createdAt: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  userId: number | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  address: string | null;
  detail: string | null;
}

export interface EmailsTable {
  /** The sender's UUID (one id is sent once), or the server's when none was sent. */
  id: string;
  kind: string;
  testResultId: string | null;
  /** Lower-cased: the per-recipient limit ignores case. */
  recipient: string;
  /** sha256 of what was asked to be sent: the same id with other content is a conflict. */
  contentHash: string;
  createdAt: Timestamp;
  /** null while the mail is being sent (the claim); then how it went out. */
  delivered: 'smtp' | 'outbox' | null;
  /**
   * A keyed hash of the requesting client's address (never the address), for the recipients per
   * address a day; cleared once older than that day. Null for rows from before the cap.
   */
  clientKey: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A pending password reset link (issue 25): only the token's hash is kept. */
export interface PasswordResetTokensTable {
  /** SHA-256 of the token, base64url. */
  tokenHash: string;
  userId: number;
  /** SHA-256 of the user's password hash when the link was made: a password change voids the link. */
  passwordStamp: string;
  createdAt: string;
  expiresAt: string;
}

/** The shared state of the limits (issue 26; limits/counters.ts): empty unless the database store is used. */
export interface RateCountersTable {
  /** A hash of the limit's name and its key (never an e-mail or address as such). */
  key: string;
  /** JSON: a token bucket or the times of the hits in the window. */
  state: string;
  /** Epoch ms from which the row means nothing (swept). PostgreSQL's bigint comes back as a string. */
  expiresAt: ColumnType<number | string, number, number>;
}

/** A device that sent a keyed report (API.md "Devices"; migration 2026-11-28T2300). */
export interface DevicesTable {
  deviceId: string;
  keyHash: string;
  build: string;
  name: string | null;
  lastSeq: number;
  /** JSON: the last report's pendingSeqs, ascending. */
  pendingSeqs: string;
  /** Since when the device has had something unsent (its reports); null: nothing waits. */
  pendingSince: string | null;
  /** JSON: dismissed missing numbers, as ranges [[from, to], …]. */
  dismissed: ColumnType<string, string | undefined, string>;
  firstContactAt: string;
  lastContactAt: string;
}

/** Every (deviceId, seq) the server answered, with its outcome. */
export interface DeviceRecordsTable {
  deviceId: string;
  seq: number;
  documentId: string;
  kind: string;
  resultId: string | null;
  outcome: string;
  reason: string | null;
  at: string;
}

/** An organization's webhook endpoint (API.md "Webhooks and FHIR"; migration 2026-11-29T0100). */
export interface WebhooksTable {
  id: Generated<number>;
  organizationId: number;
  url: string;
  /** The events it takes, comma-separated, in WEBHOOK_EVENTS' order. */
  events: string;
  isActive: Flag;
  /** Encrypted under the TOTP key (lib/secret-box.ts), bound to the endpoint's id. */
  secret: string;
  createdAt: string;
  updatedAt: string;
  lastDeliveryAt: string | null;
  /** The last attempt's failure in plain words; null when it was delivered. */
  lastError: string | null;
  /** The instance sending this endpoint's deliveries, and until when (ISO). */
  leaseOwner: string | null;
  leaseUntil: string | null;
}

/** The outbox: an event to fan out to the endpoints subscribed when the worker takes it. */
export interface WebhookEventsTable {
  id: Generated<number>;
  organizationId: number;
  event: string;
  /** null for a test event. */
  resultId: string | null;
  /** A test event's one endpoint; null: every endpoint of the organization that takes the event. */
  webhookId: number | null;
  createdAt: string;
}

/** One event for one endpoint; its id is the `webhook-id` of every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  webhookId: number;
  /** The order of the endpoint's events (the outbox's id; a test event's own number). */
  ord: number;
  event: string;
  resultId: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  httpStatus: number | null;
  durationMs: number | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  responseSnippet: string | null;
  lastError: string | null;
}

export interface Database {
  roles: RolesTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  scentOptions: ScentOptionsTable;
  testKits: TestKitsTable;
  kitVersions: KitVersionsTable;
  scentCards: ScentCardsTable;
  scentCardOptions: ScentCardOptionsTable;
  testResults: TestResultsTable;
  testResultAnswers: TestResultAnswersTable;
  questionnaireAnswers: QuestionnaireAnswersTable;
  auditLog: AuditLogTable;
  emails: EmailsTable;
  passwordResetTokens: PasswordResetTokensTable;
  totpRecoveryCodes: TotpRecoveryCodesTable;
  totpChallenges: TotpChallengesTable;
  rateCounters: RateCountersTable;
  devices: DevicesTable;
  deviceRecords: DeviceRecordsTable;
  webhooks: WebhooksTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
}

export type Db = Kysely<Database>;

/** Opens (creating when absent) the SQLite file: WAL, foreign keys on, synchronous=NORMAL. */
export function openDatabase(file: string): Db {
  // The file is made (or kept) 0600 before SQLite opens it: SQLite gives its WAL and shared-memory
  // files the database file's permissions.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // A checkpoint every 4,000 pages of WAL (16 MB) instead of SQLite's 1,000: the pages every
  // stored result rewrites (tallies, counts, the ends of the indexes) are copied to the database
  // once for four times as many commits. SaveTestResult +8–12 % (docs/performance.md).
  sqlite.pragma('wal_autocheckpoint = 4000');
  // Kysely prepares every query anew; preparing costs more than running most of ours. The same
  // SQL text reuses its prepared statement (statements are run to completion, never interleaved).
  const statements = new Map<string, SQLite.Statement>();
  const database = {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = statements.get(sql);
      if (!stmt) {
        if (statements.size >= 1000) statements.clear();
        stmt = sqlite.prepare(sql);
        statements.set(sql, stmt);
      }
      return stmt;
    },
  };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  });
  pings.set(db, () => database.prepare('select 1').get());
  return db;
}

/** What openDb needs of the configuration (config.ts). */
export interface DatabaseConfig {
  dataDir: string;
  databaseUrl?: string | undefined;
  databasePool?: number;
}

/**
 * The database of this server: PostgreSQL when DATABASE_URL is set, else SQLite in
 * DATA_DIR/scentry.db exactly as before. Not migrated: db/migrate.ts does that, by dialect.
 */
export function openDb(config: DatabaseConfig): Db {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePool ?? 10);
  return openDatabase(path.join(config.dataDir, 'scentry.db'));
}

/**
 * How `pg` reads values, for this pool only (never the process-wide parsers): a count or a sum
 * (bigint) and an average (numeric) come back as numbers, as SQLite's do, not as strings. Every
 * count here is far below 2^53.
 */
const PG_TYPES = (() => {
  const parsers = new Map<number, (value: string) => unknown>([
    [pg.types.builtins.INT8, (v) => Number(v)],
    [pg.types.builtins.NUMERIC, (v) => Number(v)],
  ]);
  return {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      (format ?? 'text') === 'text' && parsers.has(oid)
        ? parsers.get(oid)
        : pg.types.getTypeParser(oid, format as 'text'),
  } as pg.CustomTypesConfig;
})();

const pools = new WeakMap<Db, pg.Pool>();

/** The PostgreSQL pool behind a database (its connections and waiting queries, for the metrics); none on SQLite. */
export function poolStats(db: Db): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
}

/**
 * A pool of DATABASE_POOL connections to PostgreSQL. TLS as the URL (`sslmode`, `sslrootcert`, …)
 * and the PGSSL* variables say (pg reads both). A connection attempt gives up after 5 s, so the
 * health check answers 503 instead of waiting on a database that does not answer.
 */
export function openPostgres(url: string, poolSize: number): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    types: PG_TYPES,
    // Timestamps are kept as ISO text, so the session's time zone never shows; UTC for any SQL
    // that reads the clock.
    options: '-c TimeZone=UTC',
  });
  // An idle connection the server closed (a restart, a failover) must not stop the process: the
  // next query takes another connection, and the health check tells the load balancer meanwhile.
  pool.on('error', () => {});
  // A connection the server drops (PostgreSQL stopped or restarted) while a client is checked out
  // with no query running is reported on the client itself: without a listener that would end the
  // process. The next query on it fails and is answered 503 (app.ts).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  pools.set(db, pool);
  return db;
}

// The health check's query on the file itself: through Kysely it cost as much as the rest of the
// request. A Kysely made elsewhere (none today) falls back to a query.
const pings = new WeakMap<Db, () => unknown>();

export const nowIso = (): string => new Date().toISOString();

export interface TransactionOptions {
  /**
   * PostgreSQL's isolation for this transaction: SERIALIZABLE unless said (see serializable). READ
   * COMMITTED for work whose every race the database settles row by row: rows it locks before
   * reading them (in one order, so two never wait on each other in a circle), an `insert … on
   * conflict` on a unique key followed by a read of the winner, counts raised in place (the kit
   * tallies' triggers). A transaction that waited for a row then goes on with what its predecessor
   * wrote; under SERIALIZABLE it would fail (40001) instead, and a burst on one hot row (sixty
   * sign-ins on one account, the results of one kit on one day, whose tally rows every insert
   * raises) would run out of retries. SQLite: no difference (one writer at a time).
   */
  isolation?: 'serializable' | 'read committed';
  /**
   * SQLite: the work may share its commit with other `grouped` work that arrives in the same turn
   * of the event loop (a group commit; see groupedSqliteTransaction). Each work still commits or
   * rolls back as a whole (a savepoint of its own); a group's commit writes every page the works
   * changed once, where one commit per work wrote the pages they share (the results' table and
   * index ends, the names index's segment, the tallies) again each time. PostgreSQL: no difference.
   */
  grouped?: boolean;
}

const commitWatchers = new WeakMap<Db, () => void>();

/** Calls `watch` after every transaction of `db` that commits (the health's "writes work again"). */
export function watchCommits(db: Db, watch: () => void): void {
  commitWatchers.set(db, watch);
}

// The handles `inTransaction` gave to its work: a write through one of them commits or rolls back
// with the rest of that work.
const openTransactions = new WeakSet<Db>();

/** Whether `db` is a transaction's handle (given by `inTransaction`), not the database itself. */
export function isTransaction(db: Db): boolean {
  return openTransactions.has(db);
}

/**
 * Runs `work` in one transaction (committed when it resolves, rolled back when it throws). Given a
 * transaction's handle, the work joins that transaction: a service can wrap repository calls that
 * open their own, and the whole change (with its audit) commits once.
 */
export async function inTransaction<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (openTransactions.has(db)) return work(db);
  const marked = (trx: Db) => {
    openTransactions.add(trx);
    return work(trx);
  };
  if (dialectOf(db).name === 'postgres') {
    const result = await serializable(db, marked, options.isolation ?? 'serializable');
    commitWatchers.get(db)?.();
    return result;
  }
  if (options.grouped) return groupedSqliteTransaction(db, marked);
  const result = await sqliteTransaction(db, marked);
  commitWatchers.get(db)?.();
  return result;
}

/** Work waiting for its group's transaction, and how to answer it. */
interface GroupedWork {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

const waitingWork = new WeakMap<Db, GroupedWork[]>();

/**
 * The most works one group takes. A group runs without yielding to the event loop (SQLite answers
 * at once): 200 devices pushing together made one group of 200 results, and a kit pull waited
 * behind it for 150 ms. The rest wait for the next group, after other requests have had their turn.
 */
const GROUP_MAX = 16;

/**
 * SQLite's group commit: the grouped works that arrive before the event loop's next check phase
 * (setImmediate) run one after another in one transaction, each inside a savepoint of its own, and
 * are answered after the one commit; at most GROUP_MAX a group, the next group a turn later. A work
 * that throws is rolled back to its savepoint alone and rejected; the others commit. When the
 * transaction itself fails (its commit, or a full disk or read-only file that SQLite answers by
 * rolling everything back), every work of the group is rejected with that error: none is stored.
 */
function groupedSqliteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let waiting = waitingWork.get(db);
    if (!waiting) {
      waiting = [];
      waitingWork.set(db, waiting);
      setImmediate(() => void runGroups(db, waiting as GroupedWork[]));
    }
    waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

/** Runs the waiting works group by group, a turn of the event loop between groups. */
async function runGroups(db: Db, waiting: GroupedWork[]): Promise<void> {
  await runGroup(db, waiting.splice(0, GROUP_MAX));
  if (waiting.length) setImmediate(() => void runGroups(db, waiting));
  else waitingWork.delete(db);
}

async function runGroup(db: Db, group: GroupedWork[]): Promise<void> {
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    await sqliteTransaction(db, async (trx) => {
      for (const { work } of group) {
        await sql`savepoint grouped`.execute(trx);
        try {
          const value = await work(trx);
          await sql`release grouped`.execute(trx);
          outcomes.push({ ok: true, value });
        } catch (error) {
          try {
            await sql`rollback to grouped`.execute(trx);
            await sql`release grouped`.execute(trx);
          } catch {
            // SQLite has rolled the whole transaction back already (a full disk, a read-only
            // file): so is the group, and the work's error says why.
            throw error;
          }
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    for (const g of group) g.reject(error);
    return;
  }
  // A group in which a work was refused for lack of space (others fitted) does not say that space is back.
  if (!outcomes.some((o) => !o.ok && storageProblem(o.error))) commitWatchers.get(db)?.();
  group.forEach((g, i) => {
    const outcome = outcomes[i];
    if (outcome.ok) g.resolve(outcome.value);
    else g.reject(outcome.error);
  });
}

/**
 * SQLite's transaction. When a write fails for lack of space or on a read-only file, SQLite has
 * already rolled the transaction back: the ROLLBACK that follows fails too ("cannot rollback - no
 * transaction is active"), and must not hide the error that says why.
 */
async function sqliteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    let result: T;
    try {
      result = await work(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
    return result;
  });
}

/** Why the database refused a write or a connection, when it is the storage's or the server's, not the request's. */
export type StorageProblem = 'full' | 'read-only' | 'down';

const FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);
const READ_ONLY = /^(SQLITE_READONLY|SQLITE_CANTOPEN|25006$|EROFS$)/;
const DOWN_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/**
 * The storage problem behind an error, if it is one: a full disk or quota (SQLite's SQLITE_FULL,
 * PostgreSQL's 53100, a file write's ENOSPC), a read-only file system or database, or a database
 * that does not answer (refused, gone, shutting down). Anything else is undefined.
 */
export function storageProblem(err: unknown): StorageProblem | undefined {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (FULL_CODES.has(code) || /database or disk is full/i.test(message)) return 'full';
    if (READ_ONLY.test(code) || /attempt to write a readonly database/i.test(message)) return 'read-only';
    if (
      DOWN_CODES.has(code) ||
      UNREACHABLE_CODES.has(code) ||
      /timeout exceeded when trying to connect|Connection terminated|connection is insecure|driver has already been destroyed/i.test(
        message,
      )
    )
      return 'down';
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Attempts of a PostgreSQL transaction that lost to a concurrent one before the error is thrown. */
const SERIALIZABLE_ATTEMPTS = 8;

/**
 * The wait before attempt `attempt + 1`: random up to 5 ms × 2^attempt, at most 200 ms, so
 * transactions that collided do not all come back in the same millisecond and collide again.
 */
const retryDelay = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));

/**
 * PostgreSQL: the transaction SERIALIZABLE, as SQLite's are (one writer at a time), so the
 * services' read-then-write transactions (caps counted then a row claimed, a code checked then
 * used) keep their meaning with several connections and several servers. One that loses to a
 * concurrent transaction (40001 serialization failure, 40P01 deadlock) is rolled back and run
 * again after a short random wait, as SQLite's callers already retry a stale snapshot; `work` touches only the database.
 */
async function serializable<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  isolation: 'serializable' | 'read committed',
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel(isolation).execute(work);
    } catch (err) {
      const code = String((err as { code?: unknown })?.code);
      if ((code !== '40001' && code !== '40P01') || attempt >= SERIALIZABLE_ATTEMPTS) throw err;
      await retryDelay(attempt);
    }
  }
}

/** Connection errors of `pg` (and the network) that mean the database cannot be used as configured. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '28P01', // password authentication failed
  '28000', // no such role, or not allowed
  '3D000', // no such database
  '57P03', // the database is starting up
]);

/**
 * The one sentence an operator reads when PostgreSQL (DATABASE_URL) cannot be used at start, or
 * undefined when `err` is another kind of failure. The URL is named without its password.
 */
export function databaseProblem(err: unknown, url: string): string | undefined {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' ? e.code : '';
  if (!UNREACHABLE_CODES.has(code) && !/timeout exceeded when trying to connect|Connection terminated/i.test(message))
    return undefined;
  let where = 'DATABASE_URL';
  try {
    const u = new URL(url);
    where = `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {}
  return `the database at ${where} (DATABASE_URL) cannot be used: ${message}`;
}

/** The health check's query: the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  const ping = pings.get(db);
  if (ping) ping();
  else await sql`select 1`.execute(db);
}
