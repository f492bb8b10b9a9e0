import {
  type CreateUserRequest,
  MSG,
  type ResetPasswordRequest,
  ROLES,
  type UpdateUserRequest,
  USER_MSG,
} from '@scentry/shared-schema';
import { type Db, inTransaction } from '../db/database';
import { invalid, notFound, warning } from '../lib/errors';
import { hashPassword } from '../lib/password';
import { organizationIsLive } from '../repositories/organizations';
import {
  emailTaken,
  findUserRow,
  hideUsers,
  insertUser,
  roleExists,
  setPasswordHash,
  updateUserFields,
} from '../repositories/users';
import type { AccountMailQueue } from './account-mail';
import { audit } from './audit';
import type { Origin } from './caller';

/** The rules every saved user meets: a known role, a live organization, a free e-mail. */
async function checkUser(db: Db, user: UpdateUserRequest | CreateUserRequest, id: number): Promise<void> {
  if (!(await roleExists(db, user.roleId))) throw invalid(USER_MSG.unknownRole, 'roleId: unknown role');
  // Only a Client Admin belongs to an organization; an Admin or User given one keeps none.
  if (user.roleId === ROLES.ClientAdmin && !(await organizationIsLive(db, user.organizationId ?? 0))) {
    throw invalid(USER_MSG.unknownOrganization, 'organizationId: unknown organization');
  }
  if (await emailTaken(db, user.email, id)) throw warning(USER_MSG.emailTaken);
}

const organizationOf = (user: UpdateUserRequest) => (user.roleId === ROLES.ClientAdmin ? user.organizationId : null);

export async function createUser(db: Db, origin: Origin, user: CreateUserRequest): Promise<number> {
  if (user.id > 0) throw invalid(MSG.invalidRequest, 'id: use UpdateUser to change a user');
  const passwordHash = await hashPassword(user.password);
  return inTransaction(db, async (trx) => {
    await checkUser(trx, user, 0);
    const id = await insertUser(trx, { ...user, organizationId: organizationOf(user), passwordHash });
    await audit(trx, origin, 'create', 'user', id);
    return id;
  });
}

/** Where the account e-mails of a change go (the app's queue; a test may pass its own). */
type AccountMailer = Pick<AccountMailQueue, 'enqueue'>;

/**
 * An Admin cannot lock themselves out: no deactivating, demoting or deleting their own account.
 * A changed e-mail address is told to the OLD address (#25): whoever held the account hears of it.
 */
export async function updateUser(
  db: Db,
  origin: Origin,
  user: UpdateUserRequest,
  mail: AccountMailer,
): Promise<number> {
  if (user.id <= 0) throw invalid(MSG.invalidRequest, 'id: required to update');
  const me = origin.caller?.id;
  const before = await inTransaction(db, async (trx) => {
    const existing = await findUserRow(trx, user.id);
    if (!existing) throw notFound(USER_MSG.notFound);
    if (user.id === me && (!user.isActive || user.roleId !== existing.roleId)) throw warning(USER_MSG.notYourself);
    await checkUser(trx, user, user.id);
    await updateUserFields(trx, user.id, { ...user, organizationId: organizationOf(user) });
    await audit(trx, origin, 'update', 'user', user.id);
    return existing;
  });
  // After the commit: a refused or rolled-back change sends nothing.
  const newAddress = user.email.trim().toLowerCase();
  if (before.email.toLowerCase() !== newAddress) {
    mail.enqueue({ firstName: before.firstName, address: before.email }, { kind: 'email-changed', newAddress });
  }
  return user.id;
}

export async function deleteUsers(db: Db, origin: Origin, ids: number[]): Promise<void> {
  if (origin.caller && ids.includes(origin.caller.id)) throw warning(USER_MSG.notYourself);
  await inTransaction(db, async (trx) => {
    for (const id of ids) if (!(await findUserRow(trx, id))) throw notFound(USER_MSG.notFound);
    await hideUsers(trx, ids);
    for (const id of ids) await audit(trx, origin, 'delete', 'user', id);
  });
}

/** The Admin sets a user's new password: every session of that user ends, and the user is told (#25). */
export async function resetPassword(
  db: Db,
  origin: Origin,
  request: ResetPasswordRequest,
  mail: AccountMailer,
): Promise<void> {
  const id = request.userId ?? request.id ?? 0;
  const passwordHash = await hashPassword(request.password);
  const user = await inTransaction(db, async (trx) => {
    const found = await findUserRow(trx, id);
    if (!found) throw notFound(USER_MSG.notFound);
    await setPasswordHash(trx, id, passwordHash);
    await audit(trx, origin, 'password-reset', 'user', id);
    return found;
  });
  mail.enqueue({ firstName: user.firstName, address: user.email }, { kind: 'password-changed' });
}
