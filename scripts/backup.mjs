// `npm run backup -- <target-dir>`: a consistent copy of DATA_DIR while the server runs. The
// database goes through SQLite's online backup (a file copy of a live WAL database can be torn);
// everything else under DATA_DIR (uploads, secrets, the development pass chain, the mail outbox) is
// copied as files with their modes (uploads never change once written: content-hash names). The
// certificates of PASS_CERT_DIR, when it is set, are copied too. `npm run restore` puts it back.
import { chmodSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { CONFIGURED_PASS_CERTS, DB_FILE, dataDirOf, entriesOf, NOT_COPIED } from './lib/data-dir.mjs';

const dataDir = dataDirOf();
const target = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!target) {
  console.error('usage: npm run backup -- <target-dir>   (DATA_DIR as the server uses it)');
  process.exit(2);
}
const source = path.join(dataDir, DB_FILE);
if (!existsSync(source)) {
  console.error(`no database at ${source}`);
  process.exit(1);
}
mkdirSync(target, { recursive: true, mode: 0o700 });
chmodSync(target, 0o700);
const Sqlite = createRequire(path.join(ROOT, 'sync-server/package.json'))('better-sqlite3');
const db = new Sqlite(source, { readonly: true, fileMustExist: true });
try {
  await db.backup(path.join(target, DB_FILE));
} finally {
  db.close();
}
chmodSync(path.join(target, DB_FILE), 0o600);
// cpSync keeps each file's and folder's mode (secrets 0600, folders 0700).
const copy = (from, to) => cpSync(from, to, { recursive: true, preserveTimestamps: true });
for (const name of entriesOf(dataDir)) {
  if (!NOT_COPIED.has(name)) copy(path.join(dataDir, name), path.join(target, name));
}
const passCertDir = process.env.PASS_CERT_DIR ? path.resolve(ROOT, process.env.PASS_CERT_DIR) : undefined;
if (passCertDir && !existsSync(passCertDir)) {
  console.error(`PASS_CERT_DIR ${passCertDir} does not exist: its certificates are not in the backup`);
  process.exit(1);
}
if (passCertDir && path.relative(dataDir, passCertDir).startsWith('..')) {
  // Outside DATA_DIR: kept beside it (PASS_KEY_PASSPHRASE is configuration, not copied).
  copy(passCertDir, path.join(target, CONFIGURED_PASS_CERTS));
  chmodSync(path.join(target, CONFIGURED_PASS_CERTS), 0o700);
}
console.log(`backed up ${dataDir} to ${target}`);
if (process.env.TOTP_KEY?.trim()) {
  // The two-step sign-in secrets in the database open only with this key: without it, a restore
  // leaves every account with TOTP needing `npm run admin -- clear-totp`.
  console.log(
    'Reminder: TOTP_KEY is set in the environment, so the key of the two-step sign-in secrets is NOT in this backup: keep it with your other secrets.',
  );
}
