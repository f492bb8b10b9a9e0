import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from './config';
import { PASS_CERT_FILES } from './services/pass-certs';
import {
  bearer,
  makeTempDir,
  makeTestApp,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from './test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from './test/play';
import { scriptEnvOf } from './test/script-env';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm run backup', () => {
  let t: TestApp | undefined;
  const target = path.join(makeTempDir('scentry-backup-'), 'copy');
  afterAll(async () => {
    await t?.cleanup();
    rmSync(path.dirname(target), { recursive: true, force: true });
  });

  it('copies a live database through SQLite online backup (on PostgreSQL: not at all, pg_dump is named), with its uploads, readable only by the owner', async () => {
    t = await makeTestApp({ env: DEMO_ENV });
    const demo = await liveKit(t.app, 'DEMO1');
    expect(await push(t.app, [resultDoc(demo, answersFor(demo)), resultDoc(demo, answersFor(demo, 2))])).toEqual([]);
    // The server is still running (its WAL holds the latest writes) while the copy is made.
    const run = spawnSync(process.execPath, ['scripts/backup.mjs', target], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: t.dataDir, ...databaseEnv(t) },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(target, 'uploads')).isDirectory()).toBe(true);
    if (t.config.databaseUrl) {
      // The database stays in PostgreSQL: the backup says how to back it up, and notes it.
      expect(existsSync(path.join(target, 'scentry.db'))).toBe(false);
      expect(run.stdout).toContain('The database is in PostgreSQL (DATABASE_URL) and is NOT in this backup');
      expect(run.stdout).toContain(`pg_dump --format=custom "$DATABASE_URL" > ${path.join(target, 'database.pgdump')}`);
      expect(readFileSync(path.join(target, 'DATABASE-IN-POSTGRESQL.txt'), 'utf8')).toContain('pg_restore');
      return;
    }
    expect(run.stdout).not.toContain('pg_dump');
    const copy = new Sqlite(path.join(target, 'scentry.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select count(*) as n from test_results').get()).toEqual({ n: 2 });
      expect(copy.prepare('select count(*) as n from scent_options').get()).toEqual({ n: 10 });
    } finally {
      copy.close();
    }
    expect(statSync(path.join(target, 'scentry.db')).mode & 0o777).toBe(0o600);
  });
});

describe('npm run backup with UPLOADS_DIR outside DATA_DIR (a folder instances share)', () => {
  let t: TestApp | undefined;
  const work = makeTempDir('scentry-backup-uploads-');
  afterAll(async () => {
    await t?.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('copies the pictures into uploads-dir/, and the restore says where to point UPLOADS_DIR', async () => {
    const shared = path.join(work, 'shared-uploads');
    t = await makeTestApp({ env: { ...DEMO_ENV, UPLOADS_DIR: shared } });
    const pictures = readdirSync(shared).filter((n) => n.endsWith('.png'));
    expect(pictures.length).toBeGreaterThan(0);
    const target = path.join(work, 'backup');
    // Run with the server's environment, as the operator does (UPLOADS_DIR included).
    const env = { ...databaseEnv(t), UPLOADS_DIR: shared };
    const made = script('backup', target, t.dataDir, env);
    expect(made.status, made.stderr).toBe(0);
    expect(
      readdirSync(path.join(target, 'uploads-dir'))
        .filter((n) => n.endsWith('.png'))
        .sort(),
    ).toEqual(pictures.sort());
    const restored = path.join(work, 'restored');
    const done = script('restore', target, restored, env);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain(
      `The backup holds the pictures of UPLOADS_DIR: they are in ${path.join(restored, 'uploads-dir')}. Point UPLOADS_DIR there`,
    );
    expect(readdirSync(path.join(restored, 'uploads-dir')).filter((n) => n.endsWith('.png')).length).toBe(
      pictures.length,
    );
  });
});

/** The server's settings a script gets beside DATA_DIR (on PostgreSQL: DATABASE_URL and its secrets). */
const databaseEnv = (t: { config: Config }): Record<string, string> => scriptEnvOf(t.config);

/** Runs a root script (backup or restore) as the operator would, DATA_DIR set as given. */
const script = (name: string, arg: string, dataDir: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [`scripts/${name}.mjs`, arg], {
    cwd: ROOT,
    env: { ...process.env, PASS_CERT_DIR: '', ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });

/** Every file under a directory (relative path → mode and bytes), directories with their mode. */
function tree(dir: string, rel = ''): Record<string, { mode: number; bytes?: string }> {
  const out: Record<string, { mode: number; bytes?: string }> = {};
  for (const name of readdirSync(path.join(dir, rel)).sort()) {
    const relPath = path.join(rel, name);
    const full = path.join(dir, relPath);
    const st = statSync(full);
    if (st.isDirectory()) {
      out[`${relPath}/`] = { mode: st.mode & 0o777 };
      Object.assign(out, tree(dir, relPath));
    } else {
      out[relPath] = { mode: st.mode & 0o777, bytes: readFileSync(full).toString('base64') };
    }
  }
  return out;
}

describe('npm run restore', () => {
  const apps: TestApp[] = [];
  const work = makeTempDir('scentry-restore-');
  const backup = path.join(work, 'backup');
  const restored = path.join(work, 'data');
  /** DATABASE_URL of the first app's database on PostgreSQL (what pg_restore would have refilled). */
  let dbEnv: Record<string, string> = {};
  afterAll(async () => {
    for (const app of apps) await app.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('puts a backup (results, uploads, secrets, pass chain; never the outbox) into an empty DATA_DIR, and a server runs on it', async () => {
    const t = await makeTestApp({ env: DEMO_ENV });
    apps.push(t);
    dbEnv = databaseEnv(t);
    const onPostgres = Boolean(t.config.databaseUrl);
    const demo = await liveKit(t.app, 'DEMO1');
    const doc = resultDoc(demo, answersFor(demo));
    expect(await push(t.app, [doc])).toEqual([]);
    await t.app.mailer.send({
      id: 'backup-check',
      to: { name: 'Pat', address: 'pat@example.com' },
      subject: 'Your report',
      text: 'kept in the outbox',
      attachments: [],
    });
    const token = await signIn(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    // A reset link asked for just before the backup: it lands in the outbox, still usable.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/User/ForgotPassword',
      payload: { Email: TEST_ADMIN_EMAIL },
    });
    expect(forgot.statusCode).toBe(200);
    await t.app.accountMail.drain();
    const src = t.dataDir;
    const [upload] = readdirSync(path.join(src, 'uploads')).filter((n) => n.endsWith('.png'));
    const outboxFiles = readdirSync(path.join(src, 'outbox'));
    expect(outboxFiles.some((n) => n.endsWith('backup-check.eml'))).toBe(true);
    expect(outboxFiles.some((n) => readFileSync(path.join(src, 'outbox', n), 'utf8').includes('#token='))).toBe(true);
    for (const name of Object.values(PASS_CERT_FILES))
      expect(existsSync(path.join(src, 'pass-certs', name))).toBe(true);

    const made = script('backup', backup, src, dbEnv);
    expect(made.status, made.stderr).toBe(0);
    // The live server's files are copied (not the database files, nor the remade phone-sized
    // pictures); on PostgreSQL a note stands for the database.
    const kept = readdirSync(backup).sort();
    const database = onPostgres ? 'DATABASE-IN-POSTGRESQL.txt' : 'scentry.db';
    // On PostgreSQL the secrets are configuration (required with DATABASE_URL), not files.
    const secretFiles = onPostgres ? [] : ['jwt-secret'];
    expect(kept).toEqual(expect.arrayContaining([...secretFiles, 'pass-certs', database, 'uploads']));
    // No mail: no live reset link, no report with health data, not one .eml anywhere.
    expect(kept).not.toContain('outbox');
    const backupFiles = Object.keys(tree(backup));
    expect(backupFiles.filter((f) => f.endsWith('.eml'))).toEqual([]);
    const links = backupFiles
      .filter((f) => !f.endsWith('/'))
      .flatMap(
        (f) =>
          readFileSync(path.join(backup, f))
            .toString('latin1')
            .match(/#token=[A-Za-z0-9_-]{20,}/g) ?? [],
      );
    expect(links).toEqual([]);
    if (onPostgres) {
      expect(kept).not.toContain('jwt-secret');
      expect(made.stdout).toContain(
        'Reminder: JWT_SECRET and TOTP_KEY are set in the environment, so they are NOT in this backup',
      );
    }
    expect(kept).toEqual(
      [
        ...readdirSync(src).filter((n) => !/^scentry\.db-|^uploads-sized$|^passes$|^outbox$/.test(n)),
        ...(onPostgres ? [database] : []),
      ].sort(),
    );
    const done = script('restore', backup, restored, dbEnv);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain(`restored ${backup} into ${restored}`);
    if (onPostgres) {
      expect(done.stdout).toContain(
        'The database is in PostgreSQL and was NOT restored (nor touched): restore it with pg_restore',
      );
      expect(existsSync(path.join(restored, 'scentry.db'))).toBe(false);
      expect(existsSync(path.join(restored, database))).toBe(false);
      // A backup made on PostgreSQL is not restored onto SQLite (the server would start empty).
      const onSqlite = script('restore', backup, path.join(work, 'sqlite'));
      expect(onSqlite.status).not.toBe(0);
      expect(onSqlite.stderr).toContain('was made on PostgreSQL (its database is not in it): set DATABASE_URL');
      expect(existsSync(path.join(work, 'sqlite'))).toBe(false);
    }

    // Everything but the database is as it was, byte for byte and mode for mode.
    const before = tree(src);
    const after = tree(restored);
    for (const rel of Object.keys(before)) {
      if (/^(scentry\.db|uploads-sized|passes|outbox)/.test(rel)) continue;
      expect(after[rel], rel).toEqual(before[rel]);
    }
    expect(statSync(restored).mode & 0o777).toBe(0o700);
    if (!onPostgres) expect(statSync(path.join(restored, 'scentry.db')).mode & 0o777).toBe(0o600);
    if (!onPostgres) expect(statSync(path.join(restored, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(restored, 'pass-certs', PASS_CERT_FILES.signerKey)).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(restored, 'outbox'))).toBe(false);

    // A server on the copy: the same secret (an old token still works), the result, the upload, and the
    // pass chain reused rather than made again. On PostgreSQL, on the same database (as pg_restore
    // would have refilled it).
    const copy = await makeTestApp({
      dataDir: restored,
      // On PostgreSQL the restored pass chain and pictures are given by configuration, as the
      // operator points PASS_CERT_DIR and UPLOADS_DIR at them.
      env: {
        ...DEMO_ENV,
        ...(onPostgres
          ? {
              ...dbEnv,
              PASS_CERT_DIR: path.join(restored, 'pass-certs'),
              UPLOADS_DIR: path.join(restored, 'uploads'),
              DATABASE_POOL: '2',
            }
          : {}),
      },
    });
    apps.push(copy);
    const list = await copy.app.inject({
      method: 'POST',
      url: '/api/TestResult/GetTestResultList',
      headers: bearer(token),
      payload: { pageNumber: 1, rowsPerPage: 10 },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((r: { id: string }) => r.id)).toEqual([doc.id]);
    const picture = await copy.app.inject({ method: 'GET', url: `/uploads/originals/${upload}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(readFileSync(path.join(src, 'uploads', upload)))).toBe(true);
    if (!onPostgres) expect(copy.logs()).toMatch(/"created":false[^\n]*development pass chain/);
    else expect(copy.config.passCertDir).toBe(path.join(restored, 'pass-certs'));
    for (const name of Object.values(PASS_CERT_FILES)) {
      expect(
        readFileSync(path.join(restored, 'pass-certs', name)).equals(readFileSync(path.join(src, 'pass-certs', name))),
      ).toBe(true);
    }
  });

  it('refuses a DATA_DIR that is not empty, and a directory that is not a backup, changing nothing', () => {
    const busy = path.join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'keep.txt'), 'mine');
    const refused = script('restore', backup, busy, dbEnv);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(
      `DATA_DIR ${busy} is not empty: a backup is restored only into an empty directory.`,
    );
    expect(readdirSync(busy)).toEqual(['keep.txt']);

    const notBackup = script('restore', busy, path.join(work, 'fresh'));
    expect(notBackup.status).not.toBe(0);
    expect(notBackup.stderr).toContain('is not a backup');
    expect(existsSync(path.join(work, 'fresh'))).toBe(false);

    if (!dbEnv.DATABASE_URL) {
      // A SQLite backup with DATABASE_URL set: refused (never restored beside a PostgreSQL database).
      const onPostgres = script('restore', backup, path.join(work, 'fresh'), {
        DATABASE_URL: 'postgres://scentry@127.0.0.1:1/scentry',
      });
      expect(onPostgres.status).not.toBe(0);
      expect(onPostgres.stderr).toContain('holds a SQLite database, but DATABASE_URL is set');
      expect(existsSync(path.join(work, 'fresh'))).toBe(false);
    }
  });

  it('keeps the certificates of a PASS_CERT_DIR outside DATA_DIR in the backup', async () => {
    const certs = path.join(work, 'apple-certs');
    mkdirSync(certs, { mode: 0o700 });
    for (const name of Object.values(PASS_CERT_FILES))
      writeFileSync(path.join(certs, name), `pem ${name}`, { mode: 0o600 });
    const src = apps[0].dataDir;
    const target = path.join(work, 'backup-configured');
    const made = script('backup', target, src, { ...dbEnv, PASS_CERT_DIR: certs });
    expect(made.status, made.stderr).toBe(0);
    const into = path.join(work, 'data-configured');
    const done = script('restore', target, into, dbEnv);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Point PASS_CERT_DIR there`);
    expect(tree(path.join(into, 'pass-cert-dir'))).toEqual(tree(certs));
  });
});
