import { success, USER_MSG } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { callerOf, originOf } from '../../../plugins/app/auth';
import { findUserRow, listRoles, listUsers } from '../../../repositories/users';
import { audit } from '../../../services/audit';
import { createUser, deleteUsers, resetPassword, updateUser } from '../../../services/users';

export default async function usersRoutes(app: FastifyInstance) {
  route(app, 'getUserList', async (req) => success(await listUsers(app.db, req.body, req.body.filter)));

  route(app, 'getUserById', async (req) => {
    const user = await findUserRow(app.db, req.query.id);
    if (!user) throw notFound(USER_MSG.notFound);
    return success(user);
  });

  route(app, 'createUser', async (req) => {
    const id = await createUser(app.db, req.body);
    await audit(app.db, originOf(req), 'create', 'user', id);
    return success({ id }, USER_MSG.created);
  });

  route(app, 'updateUser', async (req) => {
    const id = await updateUser(app.db, callerOf(req).id, req.body, app.accountMail);
    await audit(app.db, originOf(req), 'update', 'user', id);
    return success({ id }, USER_MSG.updated);
  });

  route(app, 'deleteUser', async (req) => {
    const ids = [...new Set(req.query.id.split(',').map(Number))];
    await deleteUsers(app.db, callerOf(req).id, ids);
    for (const id of ids) await audit(app.db, originOf(req), 'delete', 'user', id);
    return success(null, USER_MSG.deleted);
  });

  route(app, 'resetPassword', async (req) => {
    await resetPassword(app.db, req.body, app.accountMail);
    await audit(app.db, originOf(req), 'password-reset', 'user', req.body.userId ?? req.body.id ?? null);
    return success(null, USER_MSG.passwordReset);
  });

  // Public in the contract (API.md): role names are no secret, and the user form needs them.
  route(app, 'getRoles', async () => success(await listRoles(app.db)));
}
