// A throw-away PostgreSQL server for the tests (and the benches): Debian's PostgreSQL installed when
// missing (as scripts/test.mjs installs Chromium), a cluster made in a temporary folder, on a free
// port of 127.0.0.1 only, run by an unprivileged user (PostgreSQL refuses root), tuned for speed
// over durability, and removed again by stop(). Debian's own `main` cluster (5432) is never
// touched. Databases are made and dropped through psql, so this module needs no npm package.
// Types: postgres.d.mts beside this file.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Temporary folders of the clusters started here are named `<prefix>XXXXXX` in the OS temp dir. */
const CLUSTER_PREFIX = 'scentry-pg-';
/** The superuser of a throw-away cluster (its password is random, per cluster). */
const SUPERUSER = 'scentry';
/** The database every throw-away cluster has from the start. */
export const TEST_DATABASE = 'scentry_test';
/** The signals that stop a throw-away cluster with the process that started it. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** The unprivileged account that runs the cluster when this process is root (SCENTRY_PG_USER overrides). */
const DEFAULT_RUN_AS = 'nobody';

/** PostgreSQL cannot be installed or started here; the message says why and what to do. */
export class PostgresUnavailable extends Error {}

const succeeds = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/**
 * The folder of PostgreSQL's server binaries (initdb, pg_ctl, postgres, psql): PG_BIN when set,
 * else Debian's newest /usr/lib/postgresql/<major>/bin, else the folder of an `initdb` on PATH;
 * null when there is none.
 * @returns {string | null}
 */
export function findPostgresBin() {
  const has = (dir) => ['initdb', 'pg_ctl', 'psql'].every((b) => existsSync(path.join(dir, b)));
  if (process.env.PG_BIN) return has(process.env.PG_BIN) ? process.env.PG_BIN : null;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((d) => /^\d+$/.test(d))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) if (has(path.join(debian, major, 'bin'))) return path.join(debian, major, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb'))) {
      // Debian links only some tools onto PATH; the real folder holds them all.
      const real = path.dirname(safeRealpath(path.join(dir, 'initdb')));
      if (has(real)) return real;
    }
  }
  return null;
}

function safeRealpath(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * PostgreSQL's binaries, installed from Debian (`apt-get install postgresql`, as root or through
 * passwordless sudo) when missing. Debian's package also creates and starts its own `main` cluster
 * on 5432: it is left alone (the throw-away clusters use other ports and folders). Throws
 * PostgresUnavailable, saying what to install, when that is not possible here.
 * @param {{ log?: (message: string) => void }} [options]
 * @returns {string} the binaries' folder
 */
export function ensurePostgres({ log = (m) => process.stdout.write(`[scentry] ${m}\n`) } = {}) {
  const found = findPostgresBin();
  if (found) return found;
  const missing = (why) =>
    new PostgresUnavailable(
      `PostgreSQL (initdb, pg_ctl, psql) is needed for the PostgreSQL tests and ${why}: install Debian's postgresql (apt-get install postgresql) or set PG_BIN to the folder of its binaries.`,
    );
  if (process.env.PG_BIN) throw missing(`PG_BIN (${process.env.PG_BIN}) has no initdb, pg_ctl and psql`);
  if (!succeeds('apt-get', ['--version'])) throw missing('this machine has no apt-get to install it');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot && !succeeds('sudo', ['-n', 'true'])) {
    throw missing('installing it needs root or passwordless sudo, which this user does not have');
  }
  log('installing postgresql from Debian (apt-get)');
  const apt = (args) => {
    const [cmd, ...rest] = [...(isRoot ? [] : ['sudo', '-n']), 'apt-get', ...args];
    const res = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return res.status ?? 1;
  };
  const code = apt(['update']) || apt(['install', '-y', '--no-install-recommends', 'postgresql']);
  if (code !== 0) throw missing(`apt-get failed (exit code ${code})`);
  const bin = findPostgresBin();
  if (!bin) throw missing('apt-get installed no initdb');
  return bin;
}

/**
 * A TCP port of 127.0.0.1 that was free a moment ago (the OS picks it).
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Who runs the cluster: this process's own user, or, as root, an unprivileged account
 * (SCENTRY_PG_USER, default `nobody`) through setpriv.
 * @param {string | undefined} runAs
 */
function clusterAccount(runAs) {
  if (process.getuid?.() !== 0) return null;
  const name = runAs ?? process.env.SCENTRY_PG_USER ?? DEFAULT_RUN_AS;
  const id = (flag) => {
    const res = spawnSync('id', [flag, name], { encoding: 'utf8' });
    if (res.status !== 0)
      throw new PostgresUnavailable(
        `the account ${name} (to run PostgreSQL, which refuses root) does not exist: set SCENTRY_PG_USER to an unprivileged account.`,
      );
    return Number(res.stdout.trim());
  };
  const uid = id('-u');
  if (uid === 0)
    throw new PostgresUnavailable(`SCENTRY_PG_USER (${name}) is root: PostgreSQL needs an unprivileged account.`);
  return { name, uid, gid: id('-g') };
}

/** The command line that runs `cmd` as `account` (or as this user when account is null). */
function asAccount(account, cmd, args) {
  if (!account) return [cmd, args];
  return [
    'setpriv',
    [`--reuid=${account.uid}`, `--regid=${account.gid}`, '--clear-groups', '--reset-env', '--', cmd, ...args],
  ];
}

/** Runs a PostgreSQL tool synchronously; throws with its output when it fails. */
function runTool(account, cmd, args, { cwd, env } = {}) {
  const [c, a] = asAccount(account, cmd, args);
  const res = spawnSync(c, a, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    throw new Error(
      `${path.basename(cmd)} ${args.join(' ')} failed (exit code ${res.status}): ${res.stderr || res.stdout}`,
    );
  }
  return res.stdout;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** Stops the cluster in `dir` (if its postmaster runs) and removes the folder. Never throws. */
function destroyCluster(bin, dir, mode = 'fast') {
  const data = path.join(dir, 'data');
  if (existsSync(path.join(data, 'postmaster.pid'))) {
    const st = statSync(data);
    // pg_ctl, too, refuses root: it runs as the folder's owner.
    const account = process.getuid?.() === 0 ? { uid: st.uid, gid: st.gid } : null;
    const [c, a] = asAccount(account, path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', mode, '-w', '-t', '30']);
    const res = spawnSync(c, a, { cwd: dir, stdio: 'ignore' });
    if (res.status !== 0) {
      // Last resort: the postmaster's pid is the first line of postmaster.pid.
      const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0 && alive(pid)) {
        try {
          process.kill(pid, 'SIGQUIT');
        } catch {
          /* already gone */
        }
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Stops and removes the throw-away clusters a process that has since died left behind (a test run
 * killed before its teardown). Clusters of live processes (another run, another worktree) are left.
 * @param {string} bin
 * @returns {number} how many were removed
 */
export function sweepStaleClusters(bin) {
  let removed = 0;
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    let owner = 0;
    try {
      owner = Number(readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
    } catch {
      continue; // not (yet) one of ours with an owner: leave it
    }
    if (owner > 0 && alive(owner)) continue;
    destroyCluster(bin, dir, 'immediate');
    removed++;
  }
  return removed;
}

/**
 * @typedef {object} ClusterOptions
 * @property {number} [poolSize] the pool size (DATABASE_POOL) each app should open on it; default 2
 * @property {number} [maxConnections] the server's max_connections; default 50
 * @property {'icu' | 'c'} [collation] the default collation of its databases: ICU `en-US` (as a
 *   managed PostgreSQL's usual en_US.UTF-8: text does not sort bytewise unless the SQL says so), or
 *   `C` (bytewise, as SQLite); default `icu` (`c` when PostgreSQL has no ICU)
 * @property {Record<string, string | number>} [settings] postgresql.conf settings over the defaults
 *   here (e.g. a bigger shared_buffers for the bench); strings are written as given, so quote them
 * @property {string} [runAs] the account that runs it when this process is root (default SCENTRY_PG_USER or nobody)
 * @property {string} [bin] PostgreSQL's binaries (default: ensurePostgres())
 */

/**
 * Starts a throw-away PostgreSQL cluster: a temporary folder, a free port on 127.0.0.1 only (no
 * Unix socket outside that folder), an unprivileged account as root, a random superuser password,
 * fsync and synchronous commit off, small shared buffers, and a database `scentry_test`. stop()
 * (also run when this process exits) stops it and removes the folder.
 * @param {ClusterOptions} [options]
 */
export async function startThrowawayCluster(options = {}) {
  const bin = options.bin ?? ensurePostgres();
  const poolSize = options.poolSize ?? 2;
  const maxConnections = options.maxConnections ?? 50;
  const account = clusterAccount(options.runAs);
  sweepStaleClusters(bin);

  const dir = mkdtempSync(path.join(os.tmpdir(), CLUSTER_PREFIX));
  writeFileSync(path.join(dir, 'owner.pid'), String(process.pid));
  const data = path.join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const pwfile = path.join(dir, 'pwfile');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (account) {
    chownSync(dir, account.uid, account.gid);
    chownSync(pwfile, account.uid, account.gid);
  }
  chmodSync(dir, 0o700);

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stopSync);
    for (const signal of STOP_SIGNALS) process.removeListener(signal, onSignal);
    destroyCluster(bin, dir);
  };
  // Stops the cluster on an interruption too; the process then ends as that signal would have
  // ended it, unless someone else listens for it (vitest does, and exits by itself).
  const onSignal = (signal) => {
    stopSync();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  // A run that ends without calling stop() (an uncaught error, Ctrl-C) still leaves nothing
  // running; one killed outright (SIGKILL) is swept by the next start (sweepStaleClusters).
  process.on('exit', stopSync);
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

  try {
    const initdb = (collationArgs) =>
      runTool(
        account,
        path.join(bin, 'initdb'),
        [
          '-D',
          data,
          '-U',
          SUPERUSER,
          `--pwfile=${pwfile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C.UTF-8',
          ...collationArgs,
          '--no-sync',
          '--no-instructions',
        ],
        { cwd: dir },
      );
    let collation = options.collation ?? 'icu';
    if (collation === 'icu') {
      try {
        initdb(['--locale-provider=icu', '--icu-locale=en-US']);
      } catch (err) {
        if (options.collation === 'icu' || !/icu/i.test(String(err.message))) throw err;
        rmSync(data, { recursive: true, force: true });
        collation = 'c';
        initdb([]);
      }
    } else {
      initdb([]);
    }
    rmSync(pwfile);

    const settings = {
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${dir}'`,
      max_connections: maxConnections,
      shared_buffers: "'32MB'",
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_wal_size: "'256MB'",
      // Keeps logs short and quiet; errors still reach the log file.
      log_min_messages: 'warning',
      logging_collector: 'off',
      ...options.settings,
    };
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      `\n# scripts/lib/postgres.mjs: throw-away test cluster\n${Object.entries(settings)
        .map(([k, v]) => `${k} = ${v}`)
        .join('\n')}\n`,
    );

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        runTool(
          account,
          path.join(bin, 'pg_ctl'),
          ['start', '-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${port}`],
          { cwd: dir },
        );
        break;
      } catch (err) {
        // Another process may have taken the port between freePort() and the start: try another.
        if (attempt >= 3) throw new Error(`${err.message}\n${readLog(dir)}`);
      }
    }

    const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${TEST_DATABASE}`;
    await psql(withDatabase(url, 'postgres'), `create database ${TEST_DATABASE}`, { bin });
    return {
      /** postgres://… of the database `scentry_test` (the superuser's). */
      url,
      port,
      poolSize,
      maxConnections,
      collation,
      /** The cluster's folder (data/, server.log). */
      dir,
      /** The variables an app on this cluster gets (DATABASE_URL, DATABASE_POOL). */
      env: { DATABASE_URL: url, DATABASE_POOL: String(poolSize) },
      /** Stops the server (fast shutdown: open connections are ended) and removes its folder. */
      async stop() {
        stopSync();
      },
    };
  } catch (err) {
    stopSync();
    throw err;
  }
}

function readLog(dir) {
  try {
    return readFileSync(path.join(dir, 'server.log'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * `url` with its database name replaced by `name`.
 * @param {string} url
 * @param {string} name
 */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

/**
 * Runs SQL through psql on `url` (the password goes by PGPASSWORD, never on the command line).
 * @param {string} url
 * @param {string} sql
 * @param {{ bin?: string }} [options]
 * @returns {Promise<string>} what psql printed (unaligned, tuples only)
 */
export function psql(url, sql, { bin = findPostgresBin() ?? '' } = {}) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env = { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: '10' };
  return new Promise((resolve, reject) => {
    execFile(
      path.join(bin, 'psql'),
      ['--no-psqlrc', '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', u.toString(), '-c', sql],
      { env, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`psql: ${stderr.trim() || err.message}`));
        else resolve(stdout);
      },
    );
  });
}

const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkName(name) {
  if (!DATABASE_NAME.test(name)) throw new Error(`not a plain database name (a-z, 0-9, _; 63 at most): ${name}`);
  return name;
}

/**
 * A database name not used before in this process, e.g. `t_4f1c2a9b_3`: unique across processes too.
 * @param {string} [prefix]
 */
export function uniqueDatabaseName(prefix = 't') {
  uniqueDatabaseName.count = (uniqueDatabaseName.count ?? 0) + 1;
  return checkName(`${prefix}_${randomBytes(4).toString('hex')}_${uniqueDatabaseName.count}`);
}

/**
 * Creates the database `name` on the server of `url` (a copy of `template` when given: a migrated
 * template makes a fresh database in tens of milliseconds) and returns its URL.
 * @param {string} url any database of that server, with a user allowed to create databases
 * @param {string} name
 * @param {{ template?: string }} [options]
 * @returns {Promise<string>}
 */
export async function createDatabase(url, name, { template } = {}) {
  const sql = `create database ${checkName(name)}${template ? ` template ${checkName(template)}` : ''}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await psql(withDatabase(url, 'postgres'), sql);
      return withDatabase(url, name);
    } catch (err) {
      // A template can be copied only while nobody is connected to it: another test file copying
      // it at this very moment is waited for.
      if (!/being accessed by other users/.test(err.message) || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/**
 * The database `name` on the server of `url`, built once by `build` (given its URL; it must close
 * its connections before it resolves) and then only copied, e.g. a migrated schema that every test
 * app's database starts from. Safe when several processes ask at once: each builds under a name of
 * its own and renames it into place; the first rename wins and the others drop theirs.
 * @param {string} url
 * @param {string} name
 * @param {(url: string) => Promise<void>} build
 * @returns {Promise<string>} `name`
 */
export async function sharedTemplate(url, name, build) {
  const exists = async () =>
    (
      await psql(withDatabase(url, 'postgres'), `select count(*) from pg_database where datname = '${checkName(name)}'`)
    ).trim() === '1';
  if (await exists()) return name;
  const scratch = uniqueDatabaseName(`${name.slice(0, 40)}_build`);
  try {
    await build(await createDatabase(url, scratch));
    await psql(withDatabase(url, 'postgres'), `alter database ${scratch} rename to ${name}`);
  } catch (err) {
    await dropDatabase(url, scratch);
    if (!/already exists/.test(String(err?.message)) || !(await exists())) throw err;
  }
  return name;
}

/**
 * Drops the database `name` on the server of `url`, ending its open connections first; a missing
 * one is fine.
 * @param {string} url
 * @param {string} name
 */
export async function dropDatabase(url, name) {
  await psql(withDatabase(url, 'postgres'), `drop database if exists ${checkName(name)} with (force)`);
}
