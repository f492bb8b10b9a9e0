import { randomUUID } from 'node:crypto';
import { MSG, type SessionUser, success, USER_MSG } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { addressKey } from '../../../lib/address';
import { forbidden, invalid, notFound, tooMany, unauthorized, warning } from '../../../lib/errors';
import { LoginLimiter } from '../../../lib/login-limiter';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { route } from '../../../lib/route';
import { authUser } from '../../../plugins/app/auth';
import type { TokenPayload } from '../../../plugins/external/jwt';
import { findUserByEmail, findUserById, findUserRow, listUsers, setPasswordHash } from '../../../repositories/users';
import { audit } from '../../../services/audit';
import { createUser, deleteUsers, resetPassword, updateUser } from '../../../services/users';

export default async function userRoutes(app: FastifyInstance) {
  // Sign-in and a wrong current password on ChangePassword count toward the same limits.
  const limiter = new LoginLimiter();

  route(app, 'authenticate', async (req) => {
    const { body } = req;
    // Counted before the (slow) password check: a burst of guesses gets no more checks than the limit.
    const attempt = limiter.begin(body.email, addressKey(req.ip));
    if (!attempt) throw tooMany(MSG.tooManyAttempts);
    const user = await findUserByEmail(app.db, body.email);
    const ok = await verifyPassword(user?.passwordHash, body.password);
    // An inactive account answers the same whether or not the password was right.
    const refusal =
      user && !user.isActive
        ? MSG.userInactive
        : user && !user.organizationActive
          ? MSG.organizationInactive
          : !user || !ok
            ? MSG.loginFailed
            : null;
    if (refusal) {
      await audit(req, 'sign-in-failed', 'user', user?.id ?? null, {
        who: { id: user?.id ?? null, email: body.email.toLowerCase() },
        detail: refusal,
      });
      throw warning(refusal);
    }
    if (!user) throw warning(MSG.loginFailed);
    attempt.succeeded();
    await audit(req, 'sign-in', 'user', user.id, { who: { id: user.id, email: user.email } });
    const payload: TokenPayload = {
      sub: String(user.id),
      role: user.roleName,
      ver: user.tokenVersion,
      jti: randomUUID(),
    };
    const data: SessionUser = {
      token: app.jwt.sign(payload),
      id: user.id,
      roleName: user.roleName,
      firstName: user.firstName,
      lastName: user.lastName,
      organizationId: user.organizationId,
      organizationName: user.organizationName,
      discloseUserDetails: user.discloseUserDetails,
    };
    return success(data, MSG.loginSuccess);
  });

  route(app, 'changePassword', async (req) => {
    const me = authUser(req);
    const { body } = req;
    if (body.id !== me.id) throw forbidden(MSG.notYourAccount);
    const user = await findUserById(app.db, me.id);
    if (!user) throw unauthorized(MSG.unauthorized);
    const attempt = limiter.begin(user.email, addressKey(req.ip));
    if (!attempt) throw tooMany(MSG.tooManyAttempts);
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw invalid(MSG.wrongCurrentPassword, 'oldPassword: Current password is incorrect');
    }
    attempt.succeeded();
    if (body.oldPassword === body.newPassword) throw invalid(MSG.samePassword);
    // Every other session of this user ends; the one that made the change goes on.
    await setPasswordHash(app.db, me.id, await hashPassword(body.newPassword), me.tokenId);
    await audit(req, 'password-change', 'user', me.id);
    return success(null, MSG.passwordChanged);
  });

  route(app, 'getUserList', async (req) => success(await listUsers(app.db, req.body, req.body.filter)));

  route(app, 'getUserById', async (req) => {
    const user = await findUserRow(app.db, req.query.id);
    if (!user) throw notFound(USER_MSG.notFound);
    return success(user);
  });

  route(app, 'createUser', async (req) => {
    const id = await createUser(app.db, req.body);
    await audit(req, 'create', 'user', id);
    return success({ id }, USER_MSG.created);
  });

  route(app, 'updateUser', async (req) => {
    const id = await updateUser(app.db, authUser(req).id, req.body);
    await audit(req, 'update', 'user', id);
    return success({ id }, USER_MSG.updated);
  });

  route(app, 'deleteUser', async (req) => {
    const ids = [...new Set(req.query.id.split(',').map(Number))];
    await deleteUsers(app.db, authUser(req).id, ids);
    for (const id of ids) await audit(req, 'delete', 'user', id);
    return success(null, USER_MSG.deleted);
  });

  route(app, 'resetPassword', async (req) => {
    await resetPassword(app.db, req.body);
    await audit(req, 'password-reset', 'user', req.body.userId ?? req.body.id ?? null);
    return success(null, USER_MSG.passwordReset);
  });
}
