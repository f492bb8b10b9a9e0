// What a backup of DATA_DIR holds, shared by `npm run backup` and `npm run restore`.
import { chmodSync, cpSync, existsSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './bootstrap.mjs';

/** DATA_DIR as the server resolves it when started from the repository's root. */
export const dataDirOf = (env = process.env) => path.resolve(ROOT, env.DATA_DIR || 'data');

/** The database: copied through SQLite's online backup, never as a file. */
export const DB_FILE = 'scentry.db';

/**
 * Entries of DATA_DIR a backup leaves out: the live database's files (the online backup copies
 * it), the phone-sized pictures (remade from the originals when missing) and the cached wallet
 * passes (`passes/`, remade when asked). Everything else is
 * kept, so a secret or folder a later version adds under DATA_DIR is in the backup without a change
 * here: today the uploads, `jwt-secret`, `totp-key`, `initial-admin.txt` (until its Admin changes
 * the password) and the development pass chain (`pass-certs/`). The mail outbox (`outbox/`) is
 * left out: it holds only mail already handed over (queued mail is in the database), reset links
 * that still work and reports with health data, none of which a backup may carry.
 */
export const NOT_COPIED = new Set([
  DB_FILE,
  `${DB_FILE}-wal`,
  `${DB_FILE}-shm`,
  `${DB_FILE}-journal`,
  'uploads-sized',
  'passes',
  'outbox',
]);

/** Where a backup keeps the certificates of PASS_CERT_DIR when they live outside DATA_DIR. */
export const CONFIGURED_PASS_CERTS = 'pass-cert-dir';

/** Where a backup keeps the pictures of UPLOADS_DIR when it lies outside DATA_DIR. */
export const CONFIGURED_UPLOADS = 'uploads-dir';

/**
 * What a backup made on PostgreSQL holds instead of the database: a note saying the database is
 * backed up with pg_dump (and restored with pg_restore); `npm run restore` knows such a backup by it.
 */
export const PG_NOTE = 'DATABASE-IN-POSTGRESQL.txt';

/** Where the backup's note suggests the pg_dump of the database goes: inside the backup. */
export const PG_DUMP = 'database.pgdump';

/** The pg_dump command a backup on PostgreSQL prints and notes, writing into `file`. */
export const pgDumpCommand = (file) => `pg_dump --format=custom "$DATABASE_URL" > ${file}`;

/** The pg_restore command a restore on PostgreSQL prints, reading `file` into the (empty) database. */
export const pgRestoreCommand = (file) => `pg_restore --no-owner --dbname="$DATABASE_URL" ${file}`;

/** The entries of a directory, none when it does not exist. */
export const entriesOf = (dir) => (existsSync(dir) ? readdirSync(dir) : []);

/**
 * Copies a file or folder tree with its timestamps and every file's and folder's mode (secrets
 * 0600, folders 0700). cpSync keeps file modes, but on Node 24 a folder it makes takes the umask's
 * mode (0755): each mode is set again from the source.
 */
export function copyTree(from, to) {
  cpSync(from, to, { recursive: true, preserveTimestamps: true });
  const keepModes = (src, dest) => {
    const st = lstatSync(src);
    if (st.isSymbolicLink()) return;
    chmodSync(dest, st.mode & 0o7777);
    if (st.isDirectory()) for (const name of readdirSync(src)) keepModes(path.join(src, name), path.join(dest, name));
  };
  keepModes(from, to);
}
