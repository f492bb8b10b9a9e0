import { ROLE_NAMES, type RoleName, type UserRow } from '@scentry/shared-schema';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { nowIso } from '../db/database';
import { contains, type Paging, pageOf } from '../db/paging';

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
  /** Two-step sign-in (TOTP) is on. */
  totpEnabled: boolean;
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
      'u.totpEnabledAt',
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
    totpEnabled: row.totpEnabledAt !== null,
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

/**
 * Ends every session of the user but one (EndOtherSessions): the token version goes up and
 * `keepTokenId`, the caller's token, is the one that stays valid. The password and so the device
 * tokens are untouched: a device token only lets its device sign in again with the password.
 */
export async function endSessionsExcept(db: Db, id: number, keepTokenId: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1), keptTokenId: keepTokenId, updatedAt: nowIso() }))
    .where('id', '=', id)
    .execute();
}

function rowQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organizationId')
    .innerJoin('roles as r', 'r.id', 'u.roleId')
    .select([
      'u.id',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.phone',
      'u.organizationId',
      'o.name as organizationName',
      'r.name as role',
      'u.roleId',
      'u.isActive',
      'u.passwordHash',
      'u.totpEnabledAt',
    ])
    .where('u.deletedAt', 'is', null);
}

type RawUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof rowQuery>['executeTakeFirst']>>>;

/** What the admin screens see of a user: never the hash, only whether one is set. */
function toUserRow({ passwordHash, totpEnabledAt, ...row }: RawUserRow): UserRow {
  return {
    ...row,
    totpEnabled: totpEnabledAt !== null,
    organizationName: row.organizationName ?? null,
    role: ROLE_NAMES[row.roleId] ?? 'User',
    isActive: row.isActive === 1,
    hasPassword: Boolean(passwordHash),
  };
}

export interface UserFilter {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** The User list (spec §7): live users, each filter a part of its field, paged and sorted. */
export async function listUsers(db: Db, paging: Paging, filter: UserFilter | null | undefined) {
  let q = rowQuery(db);
  const columns = { firstName: 'u.first_name', lastName: 'u.last_name', email: 'u.email', phone: 'u.phone' } as const;
  for (const [key, column] of Object.entries(columns)) {
    const text = filter?.[key as keyof UserFilter]?.trim();
    if (text) q = q.where(contains(db, sql.ref(column), text));
  }
  const page = await pageOf(
    q,
    paging,
    {
      id: 'u.id',
      firstName: 'u.firstName',
      lastName: 'u.lastName',
      email: 'u.email',
      phone: 'u.phone',
      role: 'r.name',
      organizationName: 'o.name',
      isActive: 'u.isActive',
    },
    { column: 'u.id', order: 'asc' },
  );
  return { list: page.list.map(toUserRow), totalCount: page.totalCount };
}

export async function findUserRow(db: Db, id: number): Promise<UserRow | undefined> {
  const row = await rowQuery(db).where('u.id', '=', id).executeTakeFirst();
  return row && toUserRow(row);
}

/** Whether a live user other than `exceptId` has this e-mail (compared ignoring case). */
export async function emailTaken(db: Db, email: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .where('deletedAt', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function roleExists(db: Db, roleId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst());
}

export interface UserFields {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  roleId: number;
  organizationId?: number | null;
  isActive: boolean;
}

/** New names, e-mail, phone, role, organization and active flag; never the password. */
export async function updateUserFields(db: Db, id: number, user: UserFields): Promise<void> {
  await db
    .updateTable('users')
    .set({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email.trim().toLowerCase(),
      phone: user.phone || null,
      roleId: user.roleId,
      organizationId: user.organizationId ?? null,
      isActive: user.isActive ? 1 : 0,
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** Hidden, never erased (results and audit rows keep naming them); their sessions end at once. */
export async function hideUsers(db: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('users').set({ deletedAt: nowIso(), isActive: 0 }).where('id', 'in', ids).execute();
}

/** The roles, in id order (the user form's choices). */
export async function listRoles(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
}
