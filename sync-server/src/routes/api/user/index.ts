import { MSG, type SessionUser, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { forbidden, invalid, tooMany, warning } from '../../../lib/errors';
import { LoginLimiter } from '../../../lib/login-limiter';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { route } from '../../../lib/route';
import { authUser } from '../../../plugins/app/auth';
import { findUserByEmail, findUserById, setPasswordHash } from '../../../repositories/users';

export default async function userRoutes(app: FastifyInstance) {
  const limiter = new LoginLimiter();

  route(app, 'authenticate', async (req) => {
    const { body } = req;
    if (limiter.isBlocked(body.email, req.ip)) throw tooMany(MSG.tooManyAttempts);
    const user = await findUserByEmail(app.db, body.email);
    const ok = await verifyPassword(user?.passwordHash, body.password);
    if (!user || !ok) {
      limiter.fail(body.email, req.ip);
      throw warning(MSG.loginFailed);
    }
    // Inactive accounts are refused only after the password matched: no hint to a guesser.
    if (!user.isActive) throw warning(MSG.userInactive);
    if (!user.organizationActive) throw warning(MSG.organizationInactive);
    limiter.succeed(body.email, req.ip);
    const token = app.jwt.sign({ sub: String(user.id), role: user.roleName });
    const data: SessionUser = {
      token,
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
    if (!user || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw invalid(MSG.wrongCurrentPassword, 'oldPassword: Current password is incorrect');
    }
    if (body.oldPassword === body.newPassword) throw invalid(MSG.samePassword);
    await setPasswordHash(app.db, me.id, await hashPassword(body.newPassword));
    return success(null, MSG.passwordChanged);
  });
}
