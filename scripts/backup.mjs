// `npm run backup -- <target-dir>`: a consistent copy of DATA_DIR while the server runs, read with
// the server's own configuration (DATA_DIR, DATABASE_URL, PASS_CERT_DIR, UPLOADS_DIR as it loads
// them). On SQLite the database goes through SQLite's online backup (a file copy of a live WAL
// database can be torn). On PostgreSQL (DATABASE_URL) the database is NOT copied: it is backed up
// with pg_dump, which this says (and notes in the backup); everything else is. Everything else
// under DATA_DIR (uploads, secrets, the development pass chain, the mail outbox) is copied as files
// with their modes (uploads never change once written: content-hash names). The certificates of
// PASS_CERT_DIR and the pictures of UPLOADS_DIR, when they lie outside DATA_DIR, are copied too.
// `npm run restore` puts it back.
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
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
  NOT_COPIED,
  PG_DUMP,
  PG_NOTE,
  pgDumpCommand,
  pgRestoreCommand,
} from './lib/data-dir.mjs';
import { serverTools } from './lib/server-code.mjs';

const fail = (sentence, code = 1) => {
  console.error(sentence);
  process.exit(code);
};

const target = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!target) fail('usage: npm run backup -- <target-dir>   (DATA_DIR, DATABASE_URL… as the server uses them)', 2);

const tools = await serverTools();
let onPostgres;
try {
  onPostgres = Boolean(tools.parseDatabaseUrl(process.env.DATABASE_URL));
} catch (err) {
  fail(err.message);
}
const source = path.join(dataDirOf(), DB_FILE);
if (!onPostgres && !existsSync(source)) fail(`no database at ${source}`);
let config;
try {
  // As the server reads it (DATA_DIR from the repository's root, as `npm start` runs it).
  config = tools.loadConfig({ ...process.env, DATA_DIR: dataDirOf() });
} catch (err) {
  fail(`the configuration is refused as the server would refuse it: ${err.message}`);
}
const { dataDir } = config;
mkdirSync(target, { recursive: true, mode: 0o700 });
chmodSync(target, 0o700);
if (onPostgres) {
  writeFileSync(
    path.join(target, PG_NOTE),
    [
      'This backup was made with DATABASE_URL set: the database is in PostgreSQL and is NOT in it.',
      'Back the database up with pg_dump, at the same time, e.g.:',
      `  ${pgDumpCommand(path.join(target, PG_DUMP))}`,
      'and restore it with pg_restore into an empty database, e.g.:',
      `  ${pgRestoreCommand(path.join(target, PG_DUMP))}`,
      '(or rely on the backups of your managed PostgreSQL). `npm run restore` puts the files back.',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
} else {
  const Sqlite = createRequire(path.join(ROOT, 'sync-server/package.json'))('better-sqlite3');
  const db = new Sqlite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(path.join(target, DB_FILE));
  } finally {
    db.close();
  }
  chmodSync(path.join(target, DB_FILE), 0o600);
}
// Each file's and folder's mode is kept (secrets 0600, folders 0700).
const copy = copyTree;
for (const name of entriesOf(dataDir)) {
  if (!NOT_COPIED.has(name)) copy(path.join(dataDir, name), path.join(target, name));
}
const outside = (dir) => path.relative(dataDir, dir).startsWith('..');
const passCertDir = config.passCertDir ? path.resolve(ROOT, config.passCertDir) : undefined;
if (passCertDir && !existsSync(passCertDir)) {
  fail(`PASS_CERT_DIR ${passCertDir} does not exist: its certificates are not in the backup`);
}
if (passCertDir && outside(passCertDir)) {
  // Outside DATA_DIR: kept beside it (PASS_KEY_PASSPHRASE is configuration, not copied).
  copy(passCertDir, path.join(target, CONFIGURED_PASS_CERTS));
  chmodSync(path.join(target, CONFIGURED_PASS_CERTS), 0o700);
}
// The pictures: where the server keeps them (UPLOADS_DIR, a shared folder with several instances).
const uploadsDir = config.uploadsDir ? path.resolve(ROOT, config.uploadsDir) : undefined;
if (uploadsDir && existsSync(uploadsDir) && outside(uploadsDir)) {
  copy(uploadsDir, path.join(target, CONFIGURED_UPLOADS));
  chmodSync(path.join(target, CONFIGURED_UPLOADS), 0o700);
}
console.log(`backed up ${dataDir} to ${target}`);
if (onPostgres) {
  console.log(
    `The database is in PostgreSQL (DATABASE_URL) and is NOT in this backup: back it up with pg_dump, e.g. ${pgDumpCommand(path.join(target, PG_DUMP))} (restored with pg_restore; ${PG_NOTE} in the backup says how).`,
  );
}
// Secrets given as configuration are not files in DATA_DIR (with DATABASE_URL they must be given):
// a restore without them signs everyone out (JWT_SECRET) and leaves every account with two-step
// sign-in needing `npm run admin -- clear-totp` (TOTP_KEY).
const configuredSecrets = ['JWT_SECRET', 'TOTP_KEY'].filter((name) => process.env[name]?.trim());
if (configuredSecrets.length) {
  const names = configuredSecrets.join(' and ');
  console.log(
    `Reminder: ${names} ${configuredSecrets.length > 1 ? 'are' : 'is'} set in the environment, so ${configuredSecrets.length > 1 ? 'they are' : 'it is'} NOT in this backup: keep ${configuredSecrets.length > 1 ? 'them' : 'it'} with your other secrets.`,
  );
}
