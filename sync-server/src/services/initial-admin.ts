import { randomBytes } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@scentry/shared-schema';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { hashPassword } from '../lib/password';
import { countUsers, insertUser } from '../repositories/users';

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
 * returned so the server prints it once.
 */
export async function ensureInitialAdmin(db: Db, config: Config): Promise<InitialAdmin | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const password = config.adminPassword ?? generatePassword();
  await insertUser(db, {
    firstName: 'Scentry',
    lastName: 'Admin',
    email: config.adminEmail,
    passwordHash: await hashPassword(password),
    roleId: ROLES.Admin,
  });
  if (config.adminPassword) return { email: config.adminEmail };
  const file = path.join(config.dataDir, 'initial-admin.txt');
  writeFileSync(file, `email: ${config.adminEmail}\npassword: ${password}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created: a leftover file keeps its permissions otherwise.
  chmodSync(file, 0o600);
  return { email: config.adminEmail, generatedPassword: password, file };
}
