// `npm run backup -- <target-dir>`: a consistent copy of DATA_DIR while the server runs. The
// database goes through SQLite's online backup (a file copy of a live WAL database can be torn);
// uploads and secrets are copied as files (uploads never change once written: content-hash names).
import { chmodSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';

const dataDir = path.resolve(ROOT, process.env.DATA_DIR || 'data');
const target = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
if (!target) {
  console.error('usage: npm run backup -- <target-dir>   (DATA_DIR as the server uses it)');
  process.exit(2);
}
const source = path.join(dataDir, 'scentry.db');
if (!existsSync(source)) {
  console.error(`no database at ${source}`);
  process.exit(1);
}
mkdirSync(target, { recursive: true, mode: 0o700 });
const Sqlite = createRequire(path.join(ROOT, 'sync-server/package.json'))('better-sqlite3');
const db = new Sqlite(source, { readonly: true, fileMustExist: true });
try {
  await db.backup(path.join(target, 'scentry.db'));
} finally {
  db.close();
}
chmodSync(path.join(target, 'scentry.db'), 0o600);
for (const name of ['uploads', 'jwt-secret', 'initial-admin.txt']) {
  const from = path.join(dataDir, name);
  if (existsSync(from)) cpSync(from, path.join(target, name), { recursive: true, preserveTimestamps: true });
}
console.log(`backed up ${dataDir} to ${target}`);
