import { randomUUID } from 'node:crypto';
import { type AuthenticateRequest, type ChangePasswordRequest, MSG, type SessionUser } from '@scentry/shared-schema';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { addressKey } from '../lib/address';
import { forbidden, invalid, tooMany, unauthorized, warning } from '../lib/errors';
import { LoginLimiter } from '../lib/login-limiter';
import { hashPassword, verifyPassword } from '../lib/password';
import type { AuthUser } from '../plugins/app/auth';
import type { TokenPayload } from '../plugins/external/jwt';
import { findUserByEmail, findUserById, setPasswordHash } from '../repositories/users';
import { audit } from './audit';

/**
 * Sign-in and change of one's own password: the decisions (who may sign in, which refusal is
 * told), their audit entries, and the limits they share. One per app: the limits count in memory.
 */
export class AuthService {
  constructor(
    private readonly db: Db,
    /** Signs a session token (the app's JWT signer; a test may pass its own). */
    private readonly signToken: (payload: TokenPayload) => string,
    // Sign-in and a wrong current password on ChangePassword count toward the same limits.
    private readonly limiter: LoginLimiter = new LoginLimiter(),
  ) {}

  /** The session of a staff member signing in; refusals are thrown (429, or the Warning told). */
  async signIn(req: FastifyRequest, body: AuthenticateRequest): Promise<SessionUser> {
    // Counted before the (slow) password check: a burst of guesses gets no more checks than the limit.
    const attempt = this.limiter.begin(body.email, addressKey(req.ip));
    if (!attempt) throw tooMany(MSG.tooManyAttempts);
    const user = await findUserByEmail(this.db, body.email);
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
    return {
      token: this.signToken(payload),
      id: user.id,
      roleName: user.roleName,
      firstName: user.firstName,
      lastName: user.lastName,
      organizationId: user.organizationId,
      organizationName: user.organizationName,
      discloseUserDetails: user.discloseUserDetails,
    };
  }

  /** The signed-in user's own new password; every other session of theirs ends. */
  async changePassword(req: FastifyRequest, me: AuthUser, body: ChangePasswordRequest): Promise<void> {
    if (body.id !== me.id) throw forbidden(MSG.notYourAccount);
    const user = await findUserById(this.db, me.id);
    if (!user) throw unauthorized(MSG.unauthorized);
    const attempt = this.limiter.begin(user.email, addressKey(req.ip));
    if (!attempt) throw tooMany(MSG.tooManyAttempts);
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw invalid(MSG.wrongCurrentPassword, 'oldPassword: Current password is incorrect');
    }
    attempt.succeeded();
    if (body.oldPassword === body.newPassword) throw invalid(MSG.samePassword);
    // The session that made the change goes on.
    await setPasswordHash(this.db, me.id, await hashPassword(body.newPassword), me.tokenId);
    await audit(req, 'password-change', 'user', me.id);
  }
}
