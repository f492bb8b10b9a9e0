import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../config';
import { insertResultDetails, type ResultDetail } from '../repositories/results';
import { makeTempDir } from '../test/helpers';
import { makeTestDatabase, testDatabaseUrl } from '../test/postgres';
import { postgresSchema, type SchemaShape, sqliteSchema } from '../test/schema-shape';
import { type Db, databaseProblem, inTransaction, openDatabase, openDb, openPostgres, pingDatabase } from './database';
import { dialectOf, isUniqueViolation, isWriteRace } from './dialect';
import { migrateToLatest, PG_BASELINE_THROUGH } from './migrate';

const dirs: string[] = [];
const dbs: Kysely<any>[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sqliteDb(): Db {
  const dir = makeTempDir('scentry-dialect-');
  dirs.push(dir);
  const db = openDatabase(path.join(dir, 'scentry.db'));
  dbs.push(db);
  return db;
}

describe('DATABASE_URL', () => {
  it('unset or empty is SQLite; a postgres URL is kept as given; another scheme stops the server', () => {
    expect(parseDatabaseUrl(undefined)).toBeUndefined();
    expect(parseDatabaseUrl('  ')).toBeUndefined();
    expect(parseDatabaseUrl('postgres://u:p@db:5432/scentry?sslmode=require')).toBe(
      'postgres://u:p@db:5432/scentry?sslmode=require',
    );
    expect(parseDatabaseUrl('postgresql://db/scentry')).toBe('postgresql://db/scentry');
    expect(() => parseDatabaseUrl('mysql://db/scentry')).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    expect(() => parseDatabaseUrl('/var/lib/scentry.db')).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
  });

  it('a database that cannot be reached at start stops the server with one sentence naming it, without its password', () => {
    const dir = makeTempDir('scentry-unreachable-');
    dirs.push(dir);
    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dir,
        // Port 1 on the loopback: nothing listens there.
        DATABASE_URL: 'postgres://scentry:s3cret-pw@127.0.0.1:1/scentry',
        JWT_SECRET: randomBytes(32).toString('base64'),
        TOTP_KEY: randomBytes(32).toString('base64'),
        PASS_CERT_DIR: path.join(dir, 'pass-certs'),
        UPLOADS_DIR: path.join(dir, 'uploads'),
        SEED_DEMO: 'off',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^Scentry cannot start: the database at 127\.0\.0\.1:1\/scentry \(DATABASE_URL\) cannot be used: .*ECONNREFUSED/m,
    );
    expect(run.stderr).not.toContain('s3cret-pw');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('tells a database that cannot be used from other start-up failures', () => {
    const url = 'postgres://u:pw@db.example.org/scentry';
    expect(databaseProblem(Object.assign(new Error('password authentication failed'), { code: '28P01' }), url)).toBe(
      'the database at db.example.org:5432/scentry (DATABASE_URL) cannot be used: password authentication failed',
    );
    expect(databaseProblem(new Error('timeout exceeded when trying to connect'), url)).toMatch(/cannot be used/);
    expect(databaseProblem(new Error('syntax error at or near "x"'), url)).toBeUndefined();
    expect(databaseProblem(Object.assign(new Error('duplicate key'), { code: '23505' }), url)).toBeUndefined();
  });

  it('unset opens SQLite in DATA_DIR, as before', async () => {
    const dir = makeTempDir('scentry-dialect-');
    dirs.push(dir);
    const db = openDb({ dataDir: dir });
    dbs.push(db);
    expect(dialectOf(db).name).toBe('sqlite');
    await pingDatabase(db);
  });
});

describe('the dialect', () => {
  it('is named by the instance and by its transactions alike', async () => {
    const lite = sqliteDb();
    expect(dialectOf(lite).name).toBe('sqlite');
    await lite.transaction().execute(async (trx) => expect(dialectOf(trx).name).toBe('sqlite'));
    // Opening a pool connects to nothing yet.
    const pg = openPostgres('postgres://nobody@127.0.0.1:1/none', 1);
    dbs.push(pg);
    expect(dialectOf(pg).name).toBe('postgres');
  });

  it('a PostgreSQL database that does not answer fails the ping instead of hanging it', async () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const pg = openPostgres('postgres://nobody@127.0.0.1:1/none', 1);
    dbs.push(pg);
    await expect(pingDatabase(pg)).rejects.toThrow();
  });

  it('tells a unique violation and a write race from other errors, for either engine', () => {
    const where = { columns: 'scent_options.title_key', index: 'scent_options_title_live' };
    const lite = Object.assign(new Error('UNIQUE constraint failed: scent_options.title_key'), {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    const pgErr = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'scent_options_title_live' });
    expect(isUniqueViolation(lite, where)).toBe(true);
    expect(isUniqueViolation(pgErr, where)).toBe(true);
    expect(isUniqueViolation({ ...pgErr, constraint: 'users_email_live' }, where)).toBe(false);
    const otherIndex = Object.assign(new Error('UNIQUE constraint failed: users.email'), {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(isUniqueViolation(otherIndex, where)).toBe(false);
    expect(isUniqueViolation(new Error('x'), where)).toBe(false);
    expect(isWriteRace({ code: '40001' })).toBe(true);
    expect(isWriteRace({ code: 'SQLITE_BUSY_SNAPSHOT' })).toBe(true);
    expect(isWriteRace({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isWriteRace({ code: 'SQLITE_CONSTRAINT_UNIQUE' }, { unique: false })).toBe(false);
    expect(isWriteRace({ code: '23502' })).toBe(false);
  });

  it('contains-text ignores ASCII case on SQLite, and the LIKE wildcards are plain text', async () => {
    const db = sqliteDb();
    const { like } = dialectOf(db);
    const row = await sql<{ a: number; b: number; c: number }>`select ${like(sql`'Smell Lab'`, '%lab%')} as a,
      ${like(sql`'50% off'`, '%50\\%%')} as b, ${like(sql`'500 off'`, '%50\\%%')} as c`.execute(db);
    expect(row.rows[0]).toEqual({ a: 1, b: 1, c: 0 });
  });
});

const serverUrl = testDatabaseUrl();

// What one engine has on purpose and the other cannot: SQLite's names search is FTS5 tables fed 64
// results at a time from a pending list (migration 2026-11-28T1810-names-batched), and PostgreSQL's
// a narrow table with a trigram index (migration 2026-11-28T1710-names-table).
const SQLITE_ONLY_TABLES = /^(test_results_names_(fts|pending$)|kit_tallies_(pending|flushes)$)/;
const POSTGRES_ONLY_TABLES = /^test_results_names$/;
const POSTGRES_ONLY_INDEXES = new Set(['test_results_names_trgm_narrow']);

/**
 * SQLite's shape with the differences the engines keep on purpose, each with its reason: roles.id
 * is SQLite's INTEGER PRIMARY KEY (the rowid, so numbered when none is given) but never numbered
 * on either engine: the three roles are inserted with their ids by the first migration, and no
 * code makes a role.
 */
async function expectedPostgresShape(lite: Db): Promise<SchemaShape> {
  const shape = await sqliteSchema(lite, SQLITE_ONLY_TABLES);
  shape.roles.columns.id = 'integer not null default none';
  return shape;
}

/** A change to PostgreSQL's schema that SQLite's lacks: the parity check must see each. */
const DRIFTS: Array<[string, string[]]> = [
  ['a column type', ['alter table rate_counters alter column state type bytea using state::bytea']],
  ['a default', ["alter table organizations alter column client_type set default 'Provider'"]],
  ['nullability', ['alter table users alter column phone set not null']],
  [
    "an index's columns",
    [
      'drop index emails_client_at',
      'create index emails_client_at on emails (created_at, client_key) where client_key is not null',
    ],
  ],
  [
    'uniqueness',
    [
      'drop index scent_options_title_live',
      'create index scent_options_title_live on scent_options (title_key) where deleted_at is null',
    ],
  ],
  [
    "a partial index's condition",
    ['drop index test_kits_name_live', 'create unique index test_kits_name_live on test_kits (name_key)'],
  ],
  [
    "a foreign key's action",
    [
      'alter table users drop constraint users_role_id_fkey',
      'alter table users add foreign key (role_id) references roles (id) on delete cascade',
    ],
  ],
];

describe.runIf(serverUrl)('the PostgreSQL baseline (TEST_DATABASE_URL)', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
  });

  it('makes the tables, columns and indexes SQLite has after the last landed migration, under the same names', async () => {
    const lite = sqliteDb();
    const liteApplied = await migrateToLatest(lite);
    const database = await makeTestDatabase();
    drop = database.drop;
    const pg = openPostgres(database.url, 2);
    dbs.push(pg);
    const applied = await migrateToLatest(pg);
    // The same migration names recorded on both engines (db:copy copies the table as it is).
    expect(applied).toEqual(liteApplied);
    expect(applied).toContain(PG_BASELINE_THROUGH);
    const names = async (db: Kysely<any>) =>
      (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map((r) => r.name);
    expect(await names(pg)).toEqual(await names(lite));
    // The same tables; each column's type, nullability and default; each index's columns,
    // uniqueness and partial condition; the unique keys; the foreign keys with their actions.
    const expected = await expectedPostgresShape(lite);
    const actual = await postgresSchema(pg, POSTGRES_ONLY_INDEXES, POSTGRES_ONLY_TABLES);
    expect(actual).toEqual(expected);
    const count = (of: (t: SchemaShape[string]) => unknown[]) => Object.values(expected).flatMap(of).length;
    expect(count((t) => Object.keys(t.indexes))).toBeGreaterThan(30);
    expect(count((t) => t.foreignKeys)).toBeGreaterThan(10);
    expect(count((t) => Object.values(t.indexes).filter((i) => i.includes(' where ')))).toBeGreaterThan(5);
    expect(
      (
        await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(
          pg,
        )
      ).rows
        .map((r) => r.indexname)
        .filter((name) => POSTGRES_ONLY_INDEXES.has(name)),
      'the trigram index of the names search',
    ).toEqual([...POSTGRES_ONLY_INDEXES]);
    // A drift in a migration of one engine fails the check: each applied in a transaction rolled back.
    for (const [what, statements] of DRIFTS) {
      const drifted = await pg
        .transaction()
        .execute(async (trx) => {
          for (const statement of statements) await sql.raw(statement).execute(trx);
          throw { shape: await postgresSchema(trx, POSTGRES_ONLY_INDEXES, POSTGRES_ONLY_TABLES) };
        })
        .catch((thrown: { shape?: SchemaShape }) => {
          if (!thrown.shape) throw thrown;
          return thrown.shape;
        });
      expect(drifted, what).not.toEqual(expected);
    }
    expect(await postgresSchema(pg, POSTGRES_ONLY_INDEXES, POSTGRES_ONLY_TABLES)).toEqual(expected);
    // A second run finds nothing to do.
    expect(await migrateToLatest(pg)).toEqual([]);
  });

  it('keeps the audit log append-only, and stores "now" in SQLite\'s ISO form', async () => {
    const database = await makeTestDatabase();
    const pg = openPostgres(database.url, 2);
    try {
      await migrateToLatest(pg);
      await sql`insert into audit_log (action, entity) values ('probe', 'test')`.execute(pg);
      const { rows } = await sql<{ at: string }>`select at from audit_log`.execute(pg);
      expect(rows[0].at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      await expect(sql`update audit_log set action = 'x'`.execute(pg)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log`.execute(pg)).rejects.toThrow(/append-only/);
      await expect(sql`truncate audit_log`.execute(pg)).rejects.toThrow(/append-only/);
      // Counts come back as numbers, as SQLite's do.
      const n = await pg
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(n.n).toBe(1);
    } finally {
      await pg.destroy();
      await database.drop();
    }
  });

  it("keeps the kit answer tallies as SQLite's triggers do: added, moved and taken away, by Los Angeles day", async () => {
    const database = await makeTestDatabase();
    const pg = openPostgres(database.url, 2);
    const lite = sqliteDb();
    // Read as their readers read them: SQLite's pending results tallied first (dialect flushTallies);
    // rows that came back to zero are left out (a result moved while pending never made them).
    const tallies = async (db: Kysely<any>) => {
      await dialectOf(db).flushTallies(db);
      return (
        await sql<Record<string, number | string>>`select test_kit_id, org_key, day, scent_card_id, scent_option_id,
          is_correct, passed, answers, intensity_sum from kit_answer_tallies
          where answers <> 0 or intensity_sum <> 0
          order by test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct, passed`.execute(db)
      ).rows;
    };
    /** The same writes on either engine: results across the DST changes, answers, a move, deletes. */
    const play = async (db: Kysely<any>) => {
      let aAnswers: ResultDetail[] = [];
      await migrateToLatest(db);
      await sql`insert into organizations (id, name) values (7, 'Clinic')`.execute(db);
      await sql`insert into test_kits (id, name, name_key) values (3, 'Kit', 'kit')`.execute(db);
      const results: [string, number | null, string, string][] = [
        ['a', 7, '2026-03-08T09:59:59.000Z', 'Pass'],
        ['b', null, '2026-03-08T10:00:00.000Z', 'Fail'],
        ['c', 7, '2026-11-01T08:30:00.000Z', 'Pass'],
        ['d', null, '2026-11-01T09:00:00.000Z', 'Pass'],
        ['e', 7, '2026-07-01T06:00:00.000Z', 'Fail'],
      ];
      for (const [id, org, at, status] of results) {
        await sql`insert into test_results (id, test_kit_id, kit_version, organization_id, first_name, last_name,
          played_at, result_status, right_answer_count, play_hash)
          values (${id}, 3, 1, ${org}, 'A', 'B', ${at}, ${status}, 1, 'h')`.execute(db);
        const answers = (
          [
            [1, 11, 1, 3],
            [2, 12, 0, 5],
            [2, 13, 1, 2],
          ] as const
        ).map(([card, option, correct, intensity]) => ({
          scentCardId: card,
          scentCardName: 'Card',
          cardSortOrder: card,
          scentOptionId: option,
          answerName: 'Answer',
          answerStoredPath: null,
          correctScentOptionId: option,
          smellIntensity: intensity,
          isCorrect: correct === 1,
        }));
        await insertResultDetails(db, id, answers);
        if (id === 'a') aAnswers = answers;
      }
      // A result given its organization later (SaveUserMedicalInformation), one whose status changes,
      // an answer deleted, a result deleted with its answers.
      await sql`update test_results set organization_id = 7 where id = 'b'`.execute(db);
      await sql`update test_results set result_status = 'Fail' where id = 'c'`.execute(db);
      await sql`update test_results set first_name = 'Z' where id = 'a'`.execute(db);
      // Result a's answers stored again without one of them.
      await sql`delete from test_result_answers where test_result_id = 'a'`.execute(db);
      await insertResultDetails(
        db,
        'a',
        aAnswers.filter((d) => d.scentOptionId !== 12),
      );
      await sql`delete from test_result_answers where test_result_id = 'e'`.execute(db);
      await sql`delete from test_results where id = 'e'`.execute(db);
    };
    try {
      await play(lite);
      await play(pg);
      const expected = await tallies(lite);
      expect(expected.length).toBeGreaterThan(10);
      expect(await tallies(pg)).toEqual(expected);
    } finally {
      await pg.destroy();
      await database.drop();
    }
  });

  it('reads without parallel workers inside serialReads only, and hands the connection back as it was', async () => {
    const database = await makeTestDatabase();
    // One connection: the read inside and the read after share it.
    const pg = openPostgres(database.url, 1);
    try {
      const workers = async (db: Kysely<any>) =>
        (await sql<{ w: string }>`select current_setting('max_parallel_workers_per_gather') as w`.execute(db)).rows[0]
          .w;
      const before = await workers(pg);
      expect(before).not.toBe('0');
      expect(await dialectOf(pg).serialReads(pg, workers)).toBe('0');
      expect(await workers(pg)).toBe(before);
      // Reset after a failed read too.
      await expect(dialectOf(pg).serialReads(pg, (db) => sql`select 1 / 0`.execute(db))).rejects.toThrow();
      expect(await workers(pg)).toBe(before);
    } finally {
      await pg.destroy();
      await database.drop();
    }
  });

  it('runs transactions as SQLite does, one after the other in effect: a count-then-insert cap holds under a race', async () => {
    const database = await makeTestDatabase();
    const pg = openPostgres(database.url, 4);
    try {
      await migrateToLatest(pg);
      // Both transactions read before either writes (the barrier): under READ COMMITTED both would
      // find no row and insert; serializable, one fails at commit, is run again and finds the other's.
      let arrived = 0;
      let release!: () => void;
      const barrier = new Promise<void>((resolve) => {
        release = resolve;
      });
      let runs = 0;
      const claim = () =>
        inTransaction(pg, async (trx) => {
          runs += 1;
          const { rows } = await sql<{ n: number }>`select count(*) as n from audit_log where action = 'cap'`.execute(
            trx,
          );
          if (runs <= 2 && ++arrived === 2) release();
          if (runs <= 2) await barrier;
          if (Number(rows[0].n) >= 1) return false;
          await sql`insert into audit_log (action, entity) values ('cap', 'test')`.execute(trx);
          return true;
        });
      const outcomes = await Promise.all([claim(), claim()]);
      expect(outcomes.sort()).toEqual([false, true]);
      expect(runs).toBe(3);
      const { rows } = await sql<{ n: number }>`select count(*) as n from audit_log where action = 'cap'`.execute(pg);
      expect(rows[0].n).toBe(1);
    } finally {
      await pg.destroy();
      await database.drop();
    }
  });
});
