// `npm run restore -- <backup-dir>`: puts a backup made by `npm run backup` into DATA_DIR (as the
// server uses it), which must be empty or not exist yet: restoring over a live or older DATA_DIR
// would mix two states. The server must be stopped; it brings an older copy's schema up to date at
// start (migrations). File modes are kept (secrets 0600), DATA_DIR is made 0700.
// With DATABASE_URL (PostgreSQL) only the files are restored: the database is restored with
// pg_restore from its pg_dump (this says so) and is never touched here. A backup made on SQLite is
// refused with DATABASE_URL set, and one made on PostgreSQL without it: each would start a server
// on a database other than the backup's.
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import {
  CONFIGURED_PASS_CERTS,
  CONFIGURED_UPLOADS,
  copyTree,
  DB_FILE,
  dataDirOf,
  entriesOf,
  PG_DUMP,
  PG_NOTE,
  pgRestoreCommand,
} from './lib/data-dir.mjs';

const fail = (sentence, code = 1) => {
  console.error(sentence);
  process.exit(code);
};

const dataDir = dataDirOf();
const backup = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!backup)
  fail('usage: npm run restore -- <backup-dir>   (into DATA_DIR as the server uses it; it must be empty)', 2);
const databaseUrl = process.env.DATABASE_URL?.trim();
if (databaseUrl && !/^postgres(ql)?:\/\//i.test(databaseUrl))
  fail(
    'DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database), or unset for SQLite in DATA_DIR',
  );
const fromSqlite = existsSync(path.join(backup, DB_FILE));
const fromPostgres = existsSync(path.join(backup, PG_NOTE));
if (!fromSqlite && !fromPostgres)
  fail(`${backup} is not a backup: it has no ${DB_FILE} (nor ${PG_NOTE}, for a backup made on PostgreSQL).`);
if (fromSqlite && databaseUrl)
  fail(
    `${backup} holds a SQLite database, but DATABASE_URL is set: restore it without DATABASE_URL, then move it with npm run db:copy -- --to <postgres://…> if PostgreSQL is wanted.`,
  );
if (fromPostgres && !databaseUrl)
  fail(
    `${backup} was made on PostgreSQL (its database is not in it): set DATABASE_URL to the database restored with pg_restore and run the restore again.`,
  );
if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) fail(`DATA_DIR ${dataDir} is a file, not a directory.`);
if (entriesOf(dataDir).length > 0) {
  fail(
    `DATA_DIR ${dataDir} is not empty: a backup is restored only into an empty directory. Stop the server, move the current DATA_DIR aside (or set DATA_DIR to a new directory) and run the restore again.`,
  );
}

if (fromSqlite) {
  // A torn or truncated copy is refused before anything is written.
  const Sqlite = createRequire(path.join(ROOT, 'sync-server/package.json'))('better-sqlite3');
  const db = new Sqlite(path.join(backup, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      fail(`${path.join(backup, DB_FILE)} is damaged (integrity check: ${check}); nothing was restored.`);
  } finally {
    db.close();
  }
}

/** Kept in the backup only: the note of a backup on PostgreSQL, and the database's dump if put there. */
const NOT_RESTORED = new Set([PG_NOTE, PG_DUMP]);
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
chmodSync(dataDir, 0o700);
for (const name of entriesOf(backup)) {
  if (NOT_RESTORED.has(name)) continue;
  // Each file's and folder's mode as the backup has it (secrets 0600, folders 0700).
  copyTree(path.join(backup, name), path.join(dataDir, name));
}
if (fromSqlite) chmodSync(path.join(dataDir, DB_FILE), 0o600);
console.log(`restored ${backup} into ${dataDir}`);
if (fromPostgres) {
  const dump = path.join(backup, PG_DUMP);
  console.log(
    `The database is in PostgreSQL and was NOT restored (nor touched): restore it with pg_restore into an empty database before starting the server, e.g. ${pgRestoreCommand(existsSync(dump) ? dump : '<the pg_dump file>')}.`,
  );
}
if (existsSync(path.join(dataDir, CONFIGURED_PASS_CERTS))) {
  console.log(
    `The backup holds the certificates of PASS_CERT_DIR: they are in ${path.join(dataDir, CONFIGURED_PASS_CERTS)}. Point PASS_CERT_DIR there (or copy them where it points), with PASS_KEY_PASSPHRASE as before.`,
  );
}
if (existsSync(path.join(dataDir, CONFIGURED_UPLOADS))) {
  console.log(
    `The backup holds the pictures of UPLOADS_DIR: they are in ${path.join(dataDir, CONFIGURED_UPLOADS)}. Point UPLOADS_DIR there (or copy them where it points, e.g. the shared folder every instance reads).`,
  );
}
