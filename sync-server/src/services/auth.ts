import { randomUUID } from 'node:crypto';
import {
  type AuthenticateRequest,
  type ChangePasswordRequest,
  MSG,
  type SignInReply,
  type VerifyTotpRequest,
} from '@scentry/shared-schema';
import { type Db, inTransaction } from '../db/database';
import { addressKey } from '../lib/address';
import type { DeviceTokens } from '../lib/device-token';
import { forbidden, invalid, tooMany, unauthorized, warning } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/password';
import type { Counters } from '../limits/counters';
import { LoginLimiter } from '../limits/login-limiter';
import {
  endSessionsExcept,
  findUserByEmail,
  findUserById,
  setPasswordHash,
  type UserAuthRecord,
} from '../repositories/users';
import type { AccountMail, AccountMailTo } from './account-mail';
import { audit } from './audit';
import type { Caller, Origin, TokenPayload } from './caller';
import type { TotpService } from './totp';

/**
 * Sign-in and change of one's own password: the decisions (who may sign in, which refusal is
 * told), their audit entries, and the limits they share. One per app: the limits count in app.counters.
 */
export class AuthService {
  constructor(
    private readonly db: Db,
    /** The account e-mail queue (app.accountMail): never waited for. */
    private readonly mail: { enqueue(to: AccountMailTo, mail: AccountMail): void },
    /** Signs a session token (the app's JWT signer; a test may pass its own). */
    private readonly signToken: (payload: TokenPayload) => string,
    /** Issues and checks device tokens (keyed from the JWT secret). */
    private readonly deviceTokens: DeviceTokens,
    // Sign-in and a wrong current password on ChangePassword count toward the same limits.
    private readonly limiter: LoginLimiter<Counters> = new LoginLimiter(),
    /** The second step of a TOTP account's sign-in (shares `limiter`); without it, no TOTP. */
    private readonly totp?: TotpService,
    /** Whether REQUIRE_TOTP covers a user without TOTP (their reply says `totpSetupRequired`). */
    private readonly setupRequired: (user: UserAuthRecord) => boolean = () => false,
  ) {}

  /**
   * The session of a staff member signing in, with a new device token for this device; refusals
   * are thrown (429, or the Warning told).
   */
  async signIn(origin: Origin, body: AuthenticateRequest): Promise<SignInReply> {
    // Read first (cheap) so a device token can be checked against its account: a valid one counts
    // the attempt only against its own device, so nobody else's failures can lock this device out.
    const user = await findUserByEmail(this.db, body.email);
    const deviceId = user ? this.deviceTokens.deviceOf(body.deviceToken, user) : undefined;
    // Counted before the (slow) password check: a burst of guesses gets no more checks than the limit.
    const began = await this.limiter.begin({
      email: body.email,
      address: addressKey(origin.address),
      device: user && deviceId ? `${user.id}:${deviceId}` : undefined,
    });
    if (!began.ok) throw tooMany(MSG.tooManyAttempts, began.retryAfterSeconds);
    // An unknown e-mail still pays for one verification (a dummy hash): the time tells nothing.
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
      await audit(this.db, origin, 'sign-in-failed', 'user', user?.id ?? null, {
        who: { id: user?.id ?? null, email: body.email.toLowerCase() },
        detail: refusal,
      });
      throw warning(refusal);
    }
    if (!user) throw warning(MSG.loginFailed);
    if (user.totpEnabled && this.totp) {
      // The password step of a TOTP account clears no count (API.md): only the code's success does
      // (its own attempt). No token yet: the challenge leads to VerifyTotp.
      const challenge = await this.totp.challengeFor(user, deviceId);
      await audit(this.db, origin, 'sign-in-challenge', 'user', user.id, { who: { id: user.id, email: user.email } });
      throw warning(MSG.totpRequired, null, { totpRequired: true, challenge });
    }
    await began.attempt.succeeded();
    await audit(this.db, origin, 'sign-in', 'user', user.id, { who: { id: user.id, email: user.email } });
    return this.session(user, deviceId);
  }

  /** The second step of a TOTP account's sign-in: the same reply as a successful Authenticate. */
  async verifyTotp(origin: Origin, body: VerifyTotpRequest): Promise<SignInReply> {
    if (!this.totp) throw warning(MSG.totpChallengeExpired);
    const { user, deviceId } = await this.totp.verifyChallenge(origin, body.challenge, body.code);
    await audit(this.db, origin, 'sign-in', 'user', user.id, {
      who: { id: user.id, email: user.email },
      detail: 'two-step',
    });
    return this.session(user, deviceId);
  }

  /** A new session token and device token for a user who signed in. */
  private session(user: UserAuthRecord, deviceId: string | undefined): SignInReply {
    const payload: TokenPayload = {
      sub: String(user.id),
      role: user.roleName,
      ver: user.tokenVersion,
      jti: randomUUID(),
    };
    return {
      token: this.signToken(payload),
      // The same device keeps its id (and its own limit); a device without a valid token gets a new one.
      deviceToken: this.deviceTokens.issue(user, deviceId),
      id: user.id,
      roleName: user.roleName,
      firstName: user.firstName,
      lastName: user.lastName,
      organizationId: user.organizationId,
      organizationName: user.organizationName,
      discloseUserDetails: user.discloseUserDetails,
      totpSetupRequired: this.setupRequired(user),
    };
  }

  /** The signed-in user's own new password; every other session of theirs ends. */
  async changePassword(origin: Origin, me: Caller, body: ChangePasswordRequest): Promise<void> {
    if (body.id !== me.id) throw forbidden(MSG.notYourAccount);
    const user = await findUserById(this.db, me.id);
    if (!user) throw unauthorized(MSG.unauthorized);
    const began = await this.limiter.begin({ email: user.email, address: addressKey(origin.address) });
    if (!began.ok) throw tooMany(MSG.tooManyAttempts, began.retryAfterSeconds);
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
      throw invalid(MSG.wrongCurrentPassword, 'oldPassword: Current password is incorrect');
    }
    await began.attempt.succeeded();
    if (body.oldPassword === body.newPassword) throw invalid(MSG.samePassword);
    // The session that made the change goes on; the new hash voids every device token of the user.
    const passwordHash = await hashPassword(body.newPassword);
    await inTransaction(this.db, async (trx) => {
      await setPasswordHash(trx, me.id, passwordHash, me.tokenId);
      await audit(trx, origin, 'password-change', 'user', me.id);
    });
    // The owner hears of it (queued: the reply does not wait for the mail).
    this.mail.enqueue({ firstName: user.firstName, address: user.email }, { kind: 'password-changed' });
  }

  /**
   * Every other session of the signed-in user ends (a computer left signed in elsewhere); the
   * calling token keeps working. Their password and device tokens stay as they are.
   */
  async endOtherSessions(origin: Origin, me: Caller): Promise<void> {
    // Every token sign-in makes has an id; one without (never issued by this server) cannot be kept.
    if (!me.tokenId) throw unauthorized(MSG.unauthorized);
    const keep = me.tokenId;
    await inTransaction(this.db, async (trx) => {
      await endSessionsExcept(trx, me.id, keep);
      await audit(trx, origin, 'end-other-sessions', 'user', me.id);
    });
  }
}
