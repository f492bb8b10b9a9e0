import { success, USER_MSG } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { originOf } from '../../../plugins/app/auth';
import { findUserRow, listRoles, listUsers } from '../../../repositories/users';
import { createUser, deleteUsers, resetPassword, updateUser } from '../../../services/users';

export default async function usersRoutes(app: FastifyInstance) {
  route(app, 'getUserList', async (req) => success(await listUsers(app.db, req.body, req.body.filter)));

  route(app, 'getUserById', async (req) => {
    const user = await findUserRow(app.db, req.query.id);
    if (!user) throw notFound(USER_MSG.notFound);
    return success(user);
  });

  route(app, 'createUser', async (req) => {
    const id = await createUser(app.db, originOf(req), req.body);
    return success({ id }, USER_MSG.created);
  });

  route(app, 'updateUser', async (req) => {
    const id = await updateUser(app.db, originOf(req), req.body, app.accountMail);
    return success({ id }, USER_MSG.updated);
  });

  route(app, 'deleteUser', async (req) => {
    const ids = [...new Set(req.query.id.split(',').map(Number))];
    await deleteUsers(app.db, originOf(req), ids);
    return success(null, USER_MSG.deleted);
  });

  route(app, 'resetPassword', async (req) => {
    await resetPassword(app.db, originOf(req), req.body, app.accountMail);
    return success(null, USER_MSG.passwordReset);
  });

  // Public in the contract (API.md): role names are no secret, and the user form needs them.
  route(app, 'getRoles', async () => success(await listRoles(app.db)));
}
