// `npm run restore -- <backup-dir>`: puts a backup made by `npm run backup` into DATA_DIR (as the
// server uses it), which must be empty or not exist yet: restoring over a live or older DATA_DIR
// would mix two states. The server must be stopped; it brings an older copy's schema up to date at
// start (migrations). File modes are kept (secrets 0600), DATA_DIR is made 0700.
import { chmodSync, cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { CONFIGURED_PASS_CERTS, DB_FILE, dataDirOf, entriesOf } from './lib/data-dir.mjs';

const fail = (sentence, code = 1) => {
  console.error(sentence);
  process.exit(code);
};

const dataDir = dataDirOf();
const backup = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!backup)
  fail('usage: npm run restore -- <backup-dir>   (into DATA_DIR as the server uses it; it must be empty)', 2);
if (!existsSync(path.join(backup, DB_FILE))) fail(`${backup} is not a backup: it has no ${DB_FILE}.`);
if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) fail(`DATA_DIR ${dataDir} is a file, not a directory.`);
if (entriesOf(dataDir).length > 0) {
  fail(
    `DATA_DIR ${dataDir} is not empty: a backup is restored only into an empty directory. Stop the server, move the current DATA_DIR aside (or set DATA_DIR to a new directory) and run the restore again.`,
  );
}

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

mkdirSync(dataDir, { recursive: true, mode: 0o700 });
chmodSync(dataDir, 0o700);
for (const name of entriesOf(backup)) {
  // cpSync keeps each file's and folder's mode as the backup has it (secrets 0600, folders 0700).
  cpSync(path.join(backup, name), path.join(dataDir, name), { recursive: true, preserveTimestamps: true });
}
chmodSync(path.join(dataDir, DB_FILE), 0o600);
console.log(`restored ${backup} into ${dataDir}`);
if (existsSync(path.join(dataDir, CONFIGURED_PASS_CERTS))) {
  console.log(
    `The backup holds the certificates of PASS_CERT_DIR: they are in ${path.join(dataDir, CONFIGURED_PASS_CERTS)}. Point PASS_CERT_DIR there (or copy them where it points), with PASS_KEY_PASSPHRASE as before.`,
  );
}
