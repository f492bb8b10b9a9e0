import { ROLE_NAMES, type RoleName } from '@scentry/shared-schema';
import type { Db } from '../db/database';
import { nowIso } from '../db/database';

/** A user with what sign-in and the guards need; the hash never leaves the server. */
export interface UserAuthRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  roleId: number;
  roleName: RoleName;
  isActive: boolean;
  organizationId: number | null;
  organizationName: string | null;
  organizationActive: boolean;
  discloseUserDetails: boolean;
  /** Tokens signed under another version no longer work, but for `keptTokenId`. */
  tokenVersion: number;
  keptTokenId: string | null;
}

function authQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('organizations as o', (j) => j.onRef('o.id', '=', 'u.organizationId').on('o.deletedAt', 'is', null))
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.passwordHash',
      'u.roleId',
      'u.isActive',
      'u.organizationId',
      'u.tokenVersion',
      'u.keptTokenId',
      'o.name as organizationName',
      'o.isActive as organizationIsActive',
      'o.discloseUserDetails',
    ])
    .where('u.deletedAt', 'is', null);
}

type AuthRow = NonNullable<Awaited<ReturnType<ReturnType<typeof authQuery>['executeTakeFirst']>>>;

function toRecord(row: AuthRow): UserAuthRecord {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    passwordHash: row.passwordHash,
    roleId: row.roleId,
    roleName: ROLE_NAMES[row.roleId] ?? 'User',
    isActive: row.isActive === 1,
    organizationId: row.organizationId,
    organizationName: row.organizationName ?? null,
    // A user without an organization is not held back by one.
    organizationActive: row.organizationId === null || row.organizationIsActive === 1,
    discloseUserDetails: row.organizationId === null ? true : row.discloseUserDetails === 1,
    tokenVersion: row.tokenVersion,
    keptTokenId: row.keptTokenId,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserAuthRecord | undefined> {
  const row = await authQuery(db).where('u.email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row && toRecord(row);
}

export async function findUserById(db: Db, id: number): Promise<UserAuthRecord | undefined> {
  const row = await authQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function countUsers(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  passwordHash: string;
  roleId: number;
  organizationId?: number | null;
  isActive?: boolean;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email.trim().toLowerCase(),
      phone: user.phone ?? null,
      passwordHash: user.passwordHash,
      roleId: user.roleId,
      organizationId: user.organizationId ?? null,
      isActive: user.isActive === false ? 0 : 1,
      deletedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * A new password ends every session of the user: the token version goes up. `keepTokenId` is the
 * one token that stays valid (the session that changed its own password); none after an Admin's
 * reset.
 */
export async function setPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  keepTokenId: string | null = null,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      passwordHash,
      tokenVersion: eb('tokenVersion', '+', 1),
      keptTokenId: keepTokenId,
      updatedAt: nowIso(),
    }))
    .where('id', '=', id)
    .execute();
}
