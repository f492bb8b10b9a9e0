// PostgreSQL for `npm run bench:results` (BENCH_DATABASE_URL): the target database, the copy of the
// bench's SQLite data into it, and read-only SQL on it.
// - `openPostgresTarget('auto')` starts a throw-away cluster (scripts/lib/postgres.mjs, as `npm test`
//   does) with a server's settings rather than a test's (shared_buffers 512 MB, fsync on) and stops
//   it at the end; `openPostgresTarget('postgres://…')` creates a fresh database on that server (its
//   user must be allowed to create databases) and drops it at the end unless asked to keep it.
// - `copyIntoPostgres` copies what the bench generated into SQLite (every row the PostgreSQL server's
//   own first start did not make: the same kits, organizations, results and answers, same ids) with
//   COPY FROM STDIN through psql (the `pg` package has no COPY without pg-copy-streams, which is not a
//   dependency). During the copy the tallies' triggers are off and the secondary indexes of the two
//   big tables are dropped; afterwards the indexes are built again, kit_answer_tallies is rebuilt in
//   one statement from the rows (the triggers' sums, computed once), so are result_counts and the
//   names table test_results_names, the identity sequences are put
//   above the copied ids, and everything is VACUUMed and ANALYZEd. The row counts and the tallies' totals are
//   compared with SQLite's.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  createDatabase,
  dropDatabase,
  ensurePostgres,
  findPostgresBin,
  startThrowawayCluster,
  uniqueDatabaseName,
} from './postgres.mjs';

/**
 * The tables the bench writes, parents first: which rows the PostgreSQL server did not make itself
 * (`key` above its own highest before the copy; test_results: all, it has none) and their order
 * (test_results as loaded, in time order, as a real table fills). `id` is an identity column in the
 * tables whose key is `id`.
 */
const TABLES = [
  { table: 'organizations', key: 'id', of: 'organizations', order: 'id' },
  { table: 'test_kits', key: 'id', of: 'test_kits', order: 'id' },
  { table: 'scent_cards', key: 'id', of: 'scent_cards', order: 'id' },
  { table: 'scent_card_options', key: 'id', of: 'scent_card_options', order: 'id' },
  { table: 'kit_versions', key: 'test_kit_id', of: 'test_kits', order: 'test_kit_id, version' },
  { table: 'test_results', key: null, of: null, order: 'rowid' },
  { table: 'test_result_answers', key: null, of: null, order: 'rowid' },
];
/** The tables whose triggers add results and answers up into kit_answer_tallies. */
const TALLIED = ['test_results', 'test_result_answers'];

/** The pool each server opens (DATABASE_POOL's default). */
export const BENCH_POOL = 10;

/**
 * The PostgreSQL database the bench runs on: `spec` is `auto` (a throw-away cluster) or a
 * postgres:// URL of a server whose user may create databases (a fresh database is made there).
 * @param {string} spec
 * @param {{ log: (m: string) => void, keep?: boolean }} options
 */
export async function openPostgresTarget(spec, { log, keep = false }) {
  const name = uniqueDatabaseName('scentry_bench');
  if (spec === 'auto' || spec === 'on' || spec === '1') {
    log('PostgreSQL: starting a throw-away cluster (shared_buffers 512 MB, fsync on)');
    const cluster = await startThrowawayCluster({
      poolSize: BENCH_POOL,
      maxConnections: 60,
      collation: 'icu',
      // A server's settings, not a test's: the cluster helper turns durability off for tests.
      settings: {
        shared_buffers: "'512MB'",
        effective_cache_size: "'4GB'",
        work_mem: "'16MB'",
        maintenance_work_mem: "'512MB'",
        max_wal_size: "'4GB'",
        fsync: 'on',
        synchronous_commit: 'on',
        full_page_writes: 'on',
      },
    });
    const url = await createDatabase(cluster.url, name);
    return {
      url,
      describe: `throw-away PostgreSQL cluster on 127.0.0.1:${cluster.port} (shared_buffers 512 MB, fsync on, pool ${BENCH_POOL} per server)`,
      close: () => cluster.stop(),
    };
  }
  if (!/^postgres(ql)?:\/\//.test(spec)) {
    throw new Error(`BENCH_DATABASE_URL must be "auto" or a postgres:// URL, not "${spec}"`);
  }
  // psql runs the COPY and creates the database: Debian's client, installed when missing.
  if (!findPostgresBin()) ensurePostgres({ log });
  const url = await createDatabase(spec, name);
  const host = new URL(spec).host;
  return {
    url,
    describe: `PostgreSQL at ${host}, database ${name}${keep ? ' (kept)' : ' (dropped at the end)'}, pool ${BENCH_POOL} per server`,
    close: () => (keep ? Promise.resolve() : dropDatabase(spec, name)),
  };
}

/**
 * Read-only SQL on `url` through the server's `pg` (bigint read as numbers, as the server does),
 * with SQLite's `?` placeholders so the bench's queries run on both.
 * @param {(id: string) => any} requireServer
 * @param {string} url
 */
export async function postgresReader(requireServer, url) {
  const pg = requireServer('pg');
  const client = new pg.Client({
    connectionString: url,
    types: { getTypeParser: (oid, format) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)) },
  });
  await client.connect();
  return {
    client,
    async all(sql, params = []) {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    },
    close: () => client.end(),
  };
}

/** One CSV field of COPY … (FORMAT csv): NULL unquoted and empty, text always quoted. */
function csvField(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Buffer.isBuffer(value)) return `"\\x${value.toString('hex')}"`;
  return `"${String(value).replaceAll('"', '""')}"`;
}

/** `COPY table (columns) FROM STDIN` through psql, fed from `rows` (an iterator of arrays). */
function copyRows(url, table, columns, rows) {
  const bin = findPostgresBin() ?? ensurePostgres();
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const child = spawn(
    path.join(bin, 'psql'),
    [
      '--no-psqlrc',
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-d',
      u.toString(),
      '-c',
      `COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`,
    ],
    { env: { ...process.env, PGPASSWORD: password }, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise((resolve) => child.on('close', resolve));
  return (async () => {
    let count = 0;
    let chunk = [];
    const flush = async () => {
      if (!chunk.length) return;
      const ok = child.stdin.write(`${chunk.join('\n')}\n`);
      chunk = [];
      if (!ok) await new Promise((resolve) => child.stdin.once('drain', resolve));
    };
    for (const row of rows) {
      chunk.push(row.map(csvField).join(','));
      count++;
      if (chunk.length >= 2000) await flush();
      if (child.exitCode !== null) break;
    }
    await flush();
    child.stdin.end();
    const code = await exited;
    if (code !== 0) throw new Error(`COPY ${table}: psql exited ${code}: ${stderr.trim().slice(0, 500)}`);
    return count;
  })();
}

/**
 * Copies the bench's rows from the SQLite database `sqlite` (better-sqlite3, open) into `url`, whose
 * schema and demo data the server made on its first start. Resolves with timings and checks.
 * @param {{ sqlite: any, url: string, requireServer: (id: string) => any, log: (m: string) => void }} options
 */
export async function copyIntoPostgres({ sqlite, url, requireServer, log }) {
  const db = await postgresReader(requireServer, url);
  const q = (sql, params) => db.client.query(sql, params);
  const t0 = performance.now();
  const counts = {};
  try {
    // The demo kit has the same id on both (each server seeded it on an empty database).
    const demoPg = (await q("select test_kit_id from kit_versions where code = 'demo1'")).rows[0]?.test_kit_id;
    const demoSqlite = sqlite.prepare("select test_kit_id from kit_versions where code = 'demo1'").pluck().get();
    if (Number(demoPg) !== Number(demoSqlite)) {
      throw new Error(`kit DEMO1 is ${demoSqlite} in SQLite but ${demoPg} in PostgreSQL: the seeds differ`);
    }
    // Secondary indexes of the big tables off (built again after), and their tallies' triggers.
    const indexes = (
      await q(
        `select i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = current_schema() and i.tablename = any($1)
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [TALLIED],
      )
    ).rows;
    for (const ix of indexes) await q(`drop index ${ix.indexname}`);
    for (const table of TALLIED) await q(`alter table ${table} disable trigger user`);

    // The server's own rows: the highest ids before anything is copied.
    const own = {};
    for (const { of } of TABLES) {
      if (of) own[of] = Number((await q(`select coalesce(max(id), 0) as m from ${of}`)).rows[0].m);
    }
    for (const { table, key, of, order } of TABLES) {
      const pgColumns = new Set(
        (
          await q(
            'select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
            [table],
          )
        ).rows.map((r) => r.column_name),
      );
      const sqliteColumns = sqlite.prepare(`select name from pragma_table_info('${table}')`).pluck().all();
      const missing = sqliteColumns.filter((c) => !pgColumns.has(c));
      if (missing.length) throw new Error(`${table}: PostgreSQL has no column ${missing.join(', ')}`);
      let where = '';
      let params = [];
      if (key) {
        where = ` where ${key} > ?`;
        params = [own[of]];
      } else {
        const n = Number((await q(`select count(*) as n from ${table}`)).rows[0].n);
        if (n) throw new Error(`${table} already holds ${n} rows in PostgreSQL`);
      }
      const stmt = sqlite
        .prepare(`select ${sqliteColumns.join(', ')} from ${table}${where} order by ${order}`)
        .raw(true);
      const t = performance.now();
      counts[table] = await copyRows(url, table, sqliteColumns, stmt.iterate(...params));
      log(
        `  PostgreSQL: ${table} ${counts[table].toLocaleString('en-US')} rows copied in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const tRows = performance.now();
    for (const table of TALLIED) await q(`alter table ${table} enable trigger user`);
    for (const ix of indexes) await q(ix.indexdef);
    const tIndexes = performance.now();
    log(`  PostgreSQL: ${indexes.length} indexes built in ${((tIndexes - tRows) / 1000).toFixed(1)} s`);

    // kit_answer_tallies from the rows, as the triggers would have added them up one by one
    // (migration 2026-11-28T1800 kit_tally_result / kit_tally_answers): each answer under its result's kit,
    // organization (and org 0, every result), Los Angeles day and status; each result under card 0.
    await q('begin');
    // The grouping of every answer twice (its organization and org 0) stays in memory.
    await q("set local work_mem = '1GB'");
    await q('delete from kit_answer_tallies');
    await q(`insert into kit_answer_tallies (test_kit_id, org_key, day, scent_card_id, scent_option_id, is_correct,
        passed, answers, intensity_sum)
      with r as (
        select id, test_kit_id, organization_id, kit_tally_day(played_at) as day,
          case when result_status = 'Pass' then 1 else 0 end as passed
        from test_results
      )
      select r.test_kit_id, k.org_key, r.day, (e ->> 'scentCardId')::bigint, (e ->> 'scentOptionId')::bigint,
        (e ->> 'isCorrect')::boolean::int, r.passed, count(*), sum((e ->> 'smellIntensity')::bigint)
      from test_result_answers a join r on r.id = a.test_result_id
        cross join json_array_elements(a.answers::json) e
        cross join lateral (values (r.organization_id), (0)) k (org_key)
      where k.org_key is not null
      group by 1, 2, 3, 4, 5, 6, 7
      union all
      select r.test_kit_id, k.org_key, r.day, 0, 0, 0, r.passed, count(*), 0
      from r cross join lateral (values (r.organization_id), (0)) k (org_key)
      where k.org_key is not null
      group by 1, 2, 3, 4, 5, 6, 7`);
    await q('commit');
    const tTallies = performance.now();
    log(`  PostgreSQL: kit_answer_tallies rebuilt in ${((tTallies - tIndexes) / 1000).toFixed(1)} s`);

    // The other tables the results' triggers keep (off during the copy): the results' count
    // (migration 2026-11-28T1700) and the narrow names table with its trigram index (2026-11-28T1710),
    // filled in one statement each, the index built after its rows.
    await q('begin');
    await q('delete from result_counts');
    await q(`insert into result_counts (org_key, test_kit_id, results)
      select 0, test_kit_id, count(*) from test_results group by test_kit_id
      union all
      select organization_id, test_kit_id, count(*) from test_results where organization_id is not null group by 1, 2`);
    const namesIndexes = (
      await q(
        `select i.indexname, i.indexdef from pg_indexes i
         where i.schemaname = current_schema() and i.tablename = 'test_results_names'
           and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
    ).rows;
    for (const ix of namesIndexes) await q(`drop index ${ix.indexname}`);
    await q('delete from test_results_names');
    await q(`insert into test_results_names (id, names) select id, first_name || ' ' || last_name from test_results`);
    for (const ix of namesIndexes) await q(ix.indexdef);
    await q('commit');
    log(
      `  PostgreSQL: result_counts and test_results_names rebuilt in ${((performance.now() - tTallies) / 1000).toFixed(1)} s`,
    );

    for (const { table } of TABLES.filter((t) => t.key === 'id')) {
      await q(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select max(id) from ${table})))`);
    }
    // VACUUM as well as ANALYZE: a table just filled by COPY has no visibility map and no hint bits
    // (the first reads would write every page, and counts could not be answered from the indexes
    // alone); autovacuum gives a table in service both, so the bench measures that state.
    await q('vacuum (analyze)');
    const tAnalyze = performance.now();

    // Checks: same rows in every table, same tallies as SQLite's triggers made.
    const mismatches = [];
    for (const table of [...TABLES.map((t) => t.table), 'kit_answer_tallies', 'result_counts']) {
      const a = sqlite.prepare(`select count(*) from ${table}`).pluck().get();
      const b = Number((await q(`select count(*) as n from ${table}`)).rows[0].n);
      if (a !== b) mismatches.push(`${table} ${a} in SQLite, ${b} in PostgreSQL`);
    }
    const sums =
      'select sum(answers) as a, sum(intensity_sum) as i, sum(answers * passed) as p from kit_answer_tallies';
    const ts = sqlite.prepare(sums).get();
    const tp = (await q(sums)).rows[0];
    for (const k of ['a', 'i', 'p']) {
      if (Number(ts[k] ?? 0) !== Number(tp[k] ?? 0))
        mismatches.push(`kit_answer_tallies sum ${k}: ${ts[k]} vs ${tp[k]}`);
    }
    return {
      counts,
      rowsMs: tRows - t0,
      indexMs: tIndexes - tRows,
      talliesMs: tTallies - tIndexes,
      vacuumMs: tAnalyze - tTallies,
      indexes: indexes.length,
      mismatches,
    };
  } finally {
    await db.close();
  }
}

/** Secrets every PostgreSQL instance shares (given by configuration, never made per instance). */
export function sharedSecrets() {
  return { JWT_SECRET: randomBytes(32).toString('hex'), TOTP_KEY: randomBytes(32).toString('hex') };
}
