// `npm run admin -- <command> …`: account repairs done on the server's machine itself, for when no
// Admin can sign in. Opens the SQLite database in DATA_DIR (as the server resolves it) directly; safe
// while the server runs (WAL, one short transaction), and every change is written to the audit log.
//
//   clear-totp <email>   turns off the two-step sign-in of that account (a lone Admin who lost
//                        phone and recovery codes), deletes its recovery codes and ends its sessions.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { DB_FILE, dataDirOf } from './lib/data-dir.mjs';

const USAGE = 'usage: npm run admin -- clear-totp <email>   (DATA_DIR as the server uses it)';

const [command, ...args] = process.argv.slice(2);
if (command !== 'clear-totp' || args.length !== 1 || !args[0].trim()) {
  console.error(USAGE);
  process.exit(2);
}
const email = args[0].trim().toLowerCase();
const file = path.join(dataDirOf(), DB_FILE);
if (!existsSync(file)) {
  console.error(`no database at ${file}: set DATA_DIR to the server's data directory`);
  process.exit(1);
}

const Sqlite = createRequire(path.join(ROOT, 'sync-server/package.json'))('better-sqlite3');
const db = new Sqlite(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
let result;
try {
  const hasTotp = db.prepare("select 1 from pragma_table_info('users') where name = 'totp_enabled_at'").get();
  if (!hasTotp) {
    console.error('this database has no two-step sign-in yet: start the server once to bring it up to date');
    process.exit(1);
  }
  result = db.transaction(() => {
    const user = db
      .prepare('select id, email, totp_enabled_at as enabledAt from users where email = ? and deleted_at is null')
      .get(email);
    if (!user) return undefined;
    const now = new Date().toISOString();
    // Sessions end (a new token version, none kept): whoever holds the phone or a session is out.
    db.prepare(
      `update users set totp_secret = null, totp_pending_secret = null, totp_enabled_at = null,
        totp_last_step = null, token_version = token_version + 1, kept_token_id = null, updated_at = ?
        where id = ?`,
    ).run(now, user.id);
    const codes = db.prepare('delete from totp_recovery_codes where user_id = ?').run(user.id).changes;
    db.prepare('delete from totp_challenges where user_id = ?').run(user.id);
    let who = 'unknown';
    try {
      who = os.userInfo().username;
    } catch {
      // No user name (a container without a passwd entry): the audit row says unknown.
    }
    db.prepare(
      `insert into audit_log (user_id, user_email, action, entity, entity_id, address, detail)
        values (null, null, 'totp-clear', 'user', ?, 'server machine', ?)`,
    ).run(
      String(user.id),
      `two-step sign-in of ${user.email} cleared with npm run admin -- clear-totp (system user ${who})`,
    );
    return { ...user, codes };
  })();
} finally {
  db.close();
}
if (!result) {
  console.error(`no user with the e-mail ${email}`);
  process.exit(1);
}
console.log(
  `${result.enabledAt ? 'two-step sign-in turned off' : 'two-step sign-in was not on; any set-up in progress cleared'} for ${result.email} (user ${result.id}); ${result.codes} recovery code(s) deleted; every session of the account ended; written to the audit log.`,
);
console.log('They sign in with their password alone and can set two-step sign-in up again from the menu.');
