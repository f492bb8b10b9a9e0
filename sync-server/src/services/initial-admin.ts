import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@scentry/shared-schema';
import type { Config } from '../config';
import { type Db, inTransaction } from '../db/database';
import { isWriteRace } from '../db/dialect';
import { hashPassword } from '../lib/password';
import { countUsers, insertUser } from '../repositories/users';

/** Where the generated first password is kept until its Admin changes it. */
export const initialAdminFile = (dataDir: string): string => path.join(dataDir, 'initial-admin.txt');

/**
 * Deletes DATA_DIR/initial-admin.txt once the Admin it names has a password of their own (a
 * change of their own, or a reset by link): a password in clear must not outlive its use, nor go
 * into backups. Says whether it deleted the file.
 */
export function forgetInitialPassword(dataDir: string, email: string): boolean {
  const file = initialAdminFile(dataDir);
  if (!existsSync(file)) return false;
  const named = /^email: (.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim().toLowerCase();
  if (named !== email.trim().toLowerCase()) return false;
  rmSync(file, { force: true });
  return true;
}

export interface InitialAdmin {
  email: string;
  /** Present only when it was generated: the caller prints it once. */
  generatedPassword?: string;
  file?: string;
}

/** Passes the spec's password rule: upper, lower and digits, 20 characters. */
function generatePassword(): string {
  const body = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
  return `Sc${body}9`;
}

/**
 * On an empty database the first Admin comes from ADMIN_EMAIL + ADMIN_PASSWORD. Without a
 * password, a random one is generated, written to DATA_DIR/initial-admin.txt (mode 600) and
 * returned so the server prints it once. Counted and inserted in one transaction, so of servers
 * starting together on one empty database exactly one makes it, even without the startup lock
 * (PostgreSQL: the loser's serializable transaction is run again and finds the user; or it meets
 * the unique e-mail): only that server writes the file and prints the password.
 */
export async function ensureInitialAdmin(db: Db, config: Config): Promise<InitialAdmin | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const password = config.adminPassword ?? generatePassword();
  // Hashed before the transaction: it takes a while, and a transaction should not.
  const passwordHash = await hashPassword(password);
  let made: boolean;
  try {
    made = await inTransaction(db, async (trx) => {
      if ((await countUsers(trx)) > 0) return false;
      await insertUser(trx, {
        firstName: 'Scentry',
        lastName: 'Admin',
        email: config.adminEmail,
        passwordHash,
        roleId: ROLES.Admin,
      });
      return true;
    });
  } catch (err) {
    // Another server made it between our count and our insert.
    if (isWriteRace(err) && (await countUsers(db)) > 0) return undefined;
    throw err;
  }
  if (!made) return undefined;
  if (config.adminPassword) return { email: config.adminEmail };
  const file = initialAdminFile(config.dataDir);
  writeFileSync(file, `email: ${config.adminEmail}\npassword: ${password}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created: a leftover file keeps its permissions otherwise.
  chmodSync(file, 0o600);
  return { email: config.adminEmail, generatedPassword: password, file };
}
