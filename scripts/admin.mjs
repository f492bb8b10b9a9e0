// `npm run admin -- <command> …`: account repairs done on the server's machine itself, for when no
// Admin can sign in. Opens the server's database as the server does (sync-server/src/db/tools.ts:
// openDb): PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. Safe while the
// server runs (one short transaction: WAL on SQLite, SERIALIZABLE on PostgreSQL), and every change
// is written to the audit log.
//
//   clear-totp <email>   turns off the two-step sign-in of that account (a lone Admin who lost
//                        phone and recovery codes), deletes its recovery codes and ends its sessions.
import './lib/node.mjs'; // first: reruns this command under Node 24 when the machine's Node is older
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DB_FILE, dataDirOf } from './lib/data-dir.mjs';
import { serverTools } from './lib/server-code.mjs';

const USAGE = 'usage: npm run admin -- clear-totp <email>   (DATABASE_URL, or DATA_DIR, as the server uses it)';

const fail = (sentence, code = 1) => {
  console.error(sentence);
  process.exit(code);
};

const [command, ...args] = process.argv.slice(2);
if (command !== 'clear-totp' || args.length !== 1 || !args[0].trim()) fail(USAGE, 2);
const email = args[0].trim().toLowerCase();

const tools = await serverTools();
let databaseUrl;
try {
  databaseUrl = tools.parseDatabaseUrl(process.env.DATABASE_URL);
} catch (err) {
  fail(err.message);
}
const dataDir = dataDirOf();
if (!databaseUrl && !existsSync(path.join(dataDir, DB_FILE))) {
  fail(
    `no database at ${path.join(dataDir, DB_FILE)}: set DATA_DIR to the server's data directory (or DATABASE_URL to its PostgreSQL database)`,
  );
}
// Only what opening the database needs: the rest of the configuration (secrets, certificates) is
// the server's business, and reading it here could write secrets into DATA_DIR.
const db = tools.openDb({ dataDir, databaseUrl, databasePool: 1 });
const { sql } = tools;

let who = 'unknown';
try {
  who = os.userInfo().username;
} catch {
  // No user name (a container without a passwd entry): the audit row says unknown.
}

let result;
try {
  const columns = await sql`select 1 from kysely_migration where name = '2026-11-26T0610-totp'`
    .execute(db)
    .catch(() => ({ rows: [] }));
  if (columns.rows.length === 0)
    fail('this database has no two-step sign-in yet: start the server once to bring it up to date');
  result = await tools.inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'totpEnabledAt as enabledAt'])
      .where('email', '=', email)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!user) return undefined;
    // Sessions end (a new token version, none kept): whoever holds the phone or a session is out.
    await trx
      .updateTable('users')
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        tokenVersion: sql`token_version + 1`,
        keptTokenId: null,
        updatedAt: new Date().toISOString(),
      })
      .where('id', '=', user.id)
      .execute();
    const deleted = await trx.deleteFrom('totpRecoveryCodes').where('userId', '=', user.id).executeTakeFirst();
    await trx.deleteFrom('totpChallenges').where('userId', '=', user.id).execute();
    await trx
      .insertInto('auditLog')
      .values({
        userId: null,
        userEmail: null,
        action: 'totp-clear',
        entity: 'user',
        entityId: String(user.id),
        address: 'server machine',
        detail: `two-step sign-in of ${user.email} cleared with npm run admin -- clear-totp (system user ${who})`,
      })
      .execute();
    return { ...user, codes: Number(deleted.numDeletedRows) };
  });
} finally {
  await db.destroy();
}
if (!result) fail(`no user with the e-mail ${email}`);
console.log(
  `${result.enabledAt ? 'two-step sign-in turned off' : 'two-step sign-in was not on; any set-up in progress cleared'} for ${result.email} (user ${result.id}); ${result.codes} recovery code(s) deleted; every session of the account ended; written to the audit log.`,
);
console.log('They sign in with their password alone and can set two-step sign-in up again from the menu.');
