import {
  MSG,
  type RecoveryCodesReply,
  type TotpClearRequest,
  type TotpConfirmRequest,
  type TotpEnableRequest,
  type TotpSetupReply,
  type TotpSetupRequest,
} from '@scentry/shared-schema';
import { type Db, inTransaction } from '../db/database';
import { addressKey } from '../lib/address';
import { invalid, notFound, tooMany, unauthorized, warning } from '../lib/errors';
import { verifyPassword } from '../lib/password';
import { openSecret, sealSecret, totpOwner } from '../lib/secret-box';
import {
  acceptedStep,
  looksLikeTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
} from '../lib/totp';
import { TOTP_CHALLENGE_MAX_ATTEMPTS, type TotpChallenges } from '../lib/totp-challenge';
import type { Counters } from '../limits/counters';
import type { LoginLimiter } from '../limits/login-limiter';
import {
  clearTotp,
  countChallengeAttempt,
  enableTotp,
  findTotpState,
  insertChallenge,
  replaceRecoveryCodes,
  setPendingTotpSecret,
  takeTotpStep,
  useChallenge,
  useRecoveryCode,
} from '../repositories/totp';
import { findUserById, type UserAuthRecord } from '../repositories/users';
import type { AccountMailQueue } from './account-mail';
import { audit } from './audit';
import type { Caller, Origin } from './caller';
import { qrDataUrl } from './qr';

/** A user of the TOTP calls: their account record (for e-mails and the password). */
type Account = UserAuthRecord;

/**
 * Two-step sign-in (API.md "Staff sign-in"): the challenge of a sign-in's second step, and the
 * user's own set-up, turning off and recovery codes, and an Admin's clearing. Wrong passwords and
 * codes count toward the sign-in limits (the LoginLimiter shared with AuthService).
 */
export class TotpService {
  constructor(
    private readonly db: Db,
    /** Encrypts the secrets and keys the recovery codes' hashes (TOTP_KEY or DATA_DIR/totp-key). */
    private readonly key: Buffer,
    private readonly challenges: TotpChallenges,
    private readonly limiter: LoginLimiter<Counters>,
    private readonly mail: AccountMailQueue,
  ) {}

  /** After a TOTP account's correct password: a new challenge for the second step. */
  async challengeFor(user: Account, deviceId: string | undefined): Promise<string> {
    const { id, challenge, expiresAt } = this.challenges.issue();
    await insertChallenge(this.db, {
      id,
      userId: user.id,
      tokenVersion: user.tokenVersion,
      deviceId: deviceId ?? null,
      expiresAt,
    });
    return challenge;
  }

  /**
   * The second step: the account and device of a live challenge whose code is right (a TOTP code
   * of a step not used yet, or an unused recovery code, used up here). Refusals are thrown: a dead
   * challenge (forged, expired, used, 5 wrong codes, or the account changed since) → sign in again;
   * a wrong code → counted on the challenge and on the account's sign-in limits.
   */
  async verifyChallenge(
    origin: Origin,
    challenge: string,
    code: string,
  ): Promise<{ user: Account; deviceId: string | undefined }> {
    const id = this.challenges.idOf(challenge);
    const row = id ? await countChallengeAttempt(this.db, id, TOTP_CHALLENGE_MAX_ATTEMPTS) : undefined;
    const user = row ? await findUserById(this.db, row.userId) : undefined;
    // A password change, reset, TotpClear or "sign out everywhere" since the password step voids it,
    // and an account made inactive meanwhile gets no session.
    if (!id || !row || !user || user.tokenVersion !== row.tokenVersion || !user.totpEnabled) {
      throw warning(MSG.totpChallengeExpired);
    }
    if (!user.isActive) throw warning(MSG.userInactive);
    if (!user.organizationActive) throw warning(MSG.organizationInactive);
    const began = await this.limiter.begin({ email: user.email, address: addressKey(origin.address) });
    if (!began.ok) throw tooMany(MSG.tooManyAttempts, began.retryAfterSeconds);
    const how = await this.useCode(user.id, code);
    if (!how) {
      await audit(this.db, origin, 'sign-in-failed', 'user', user.id, {
        who: { id: user.id, email: user.email },
        detail: 'wrong two-step code',
      });
      throw warning(MSG.totpCodeWrong);
    }
    if (!(await useChallenge(this.db, id))) throw warning(MSG.totpChallengeExpired);
    await began.attempt.succeeded();
    return { user, deviceId: row.deviceId ?? undefined };
  }

  /** Starts (or restarts) setting TOTP up: a new secret, kept pending until a code confirms it. */
  async setup(origin: Origin, me: Caller, body: TotpSetupRequest): Promise<TotpSetupReply> {
    const user = await this.account(me);
    if (user.totpEnabled) throw warning(MSG.totpAlreadyOn);
    await this.checkPassword(origin, user, body.password, null);
    const secret = newTotpSecret();
    await inTransaction(this.db, async (trx) => {
      await setPendingTotpSecret(trx, user.id, sealSecret(this.key, totpOwner(user.id), secret));
      await audit(trx, origin, 'totp-setup', 'user', user.id);
    });
    const url = otpauthUrl(secret, user.email);
    return { secret, otpauthUrl: url, qrCode: await qrDataUrl(url) };
  }

  /** Turns TOTP on with a code of the pending secret; the recovery codes are returned once. */
  async enable(origin: Origin, me: Caller, body: TotpEnableRequest): Promise<RecoveryCodesReply> {
    const user = await this.account(me);
    if (user.totpEnabled) throw warning(MSG.totpAlreadyOn);
    const state = await findTotpState(this.db, user.id);
    if (!state?.pendingSecret) throw warning(MSG.totpNotStarted);
    const step = acceptedStep(this.secret(user.id, state.pendingSecret), body.code, null);
    if (step === null) throw invalid(MSG.totpCodeWrong, 'code: not a code of the new secret');
    const codes = newRecoveryCodes();
    const hashes = codes.map((c) => recoveryCodeHash(this.key, c));
    const enabled = await inTransaction(this.db, async (trx) => {
      if (!(await enableTotp(trx, user.id, state.pendingSecret as string, step, hashes))) return false;
      await audit(trx, origin, 'totp-enable', 'user', user.id);
      return true;
    });
    if (!enabled) throw warning(MSG.totpNotStarted);
    this.mail.enqueue({ firstName: user.firstName, address: user.email }, { kind: 'totp-enabled' });
    return { recoveryCodes: codes };
  }

  /** Turns TOTP off: the password and a code (a recovery code counts). The user's sessions go on. */
  async disable(origin: Origin, me: Caller, body: TotpConfirmRequest): Promise<void> {
    const user = await this.account(me);
    if (!user.totpEnabled) throw warning(MSG.totpNotOn);
    await this.checkPassword(origin, user, body.password, body.code);
    await inTransaction(this.db, async (trx) => {
      await clearTotp(trx, user.id, false);
      await audit(trx, origin, 'totp-disable', 'user', user.id);
    });
    this.mail.enqueue({ firstName: user.firstName, address: user.email }, { kind: 'totp-disabled' });
  }

  /** New recovery codes (the password and a code); the old ones stop working. */
  async renewRecoveryCodes(origin: Origin, me: Caller, body: TotpConfirmRequest): Promise<RecoveryCodesReply> {
    const user = await this.account(me);
    if (!user.totpEnabled) throw warning(MSG.totpNotOn);
    await this.checkPassword(origin, user, body.password, body.code);
    const codes = newRecoveryCodes();
    await inTransaction(this.db, async (trx) => {
      await replaceRecoveryCodes(
        trx,
        user.id,
        codes.map((c) => recoveryCodeHash(this.key, c)),
      );
      await audit(trx, origin, 'totp-recovery-codes', 'user', user.id);
    });
    this.mail.enqueue({ firstName: user.firstName, address: user.email }, { kind: 'recovery-codes-renewed' });
    return { recoveryCodes: codes };
  }

  /** An Admin clears another user's TOTP (a lost phone) and ends every session of theirs. */
  async clear(origin: Origin, me: Caller, body: TotpClearRequest): Promise<void> {
    // One's own is turned off with the password and a code: a session alone must not remove it.
    if (body.userId === me.id) throw warning(MSG.totpClearOwn);
    const user = await findUserById(this.db, body.userId);
    if (!user) throw notFound(MSG.notFound);
    const state = await findTotpState(this.db, user.id);
    if (!user.totpEnabled && !state?.pendingSecret) throw warning(MSG.totpNotOn);
    await inTransaction(this.db, async (trx) => {
      await clearTotp(trx, user.id, true);
      await audit(trx, origin, 'totp-clear', 'user', user.id, {
        detail: `two-step sign-in of ${user.email} cleared`,
      });
    });
    if (user.totpEnabled)
      this.mail.enqueue({ firstName: user.firstName, address: user.email }, { kind: 'totp-cleared' });
  }

  private async account(me: Caller): Promise<Account> {
    const user = await findUserById(this.db, me.id);
    if (!user) throw unauthorized(MSG.unauthorized);
    return user;
  }

  /**
   * The password (and, when given, a code) of the signed-in user, counted toward the sign-in
   * limits as ChangePassword's is: a stolen session cannot guess the password or the codes.
   */
  private async checkPassword(origin: Origin, user: Account, password: string, code: string | null) {
    const began = await this.limiter.begin({ email: user.email, address: addressKey(origin.address) });
    if (!began.ok) throw tooMany(MSG.tooManyAttempts, began.retryAfterSeconds);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw invalid(MSG.wrongPassword, 'password: Password is incorrect');
    if (code !== null && !(await this.useCode(user.id, code)))
      throw invalid(MSG.totpCodeWrong, 'code: not a current code or an unused recovery code');
    await began.attempt.succeeded();
  }

  /**
   * Uses up a code of the user's TOTP: a 6-digit code of a step later than the last accepted one,
   * or an unused recovery code. How it was accepted, or null.
   */
  private async useCode(userId: number, code: string): Promise<'totp' | 'recovery' | null> {
    const state = await findTotpState(this.db, userId);
    if (!state?.secret || !state.enabledAt) return null;
    if (looksLikeTotpCode(code)) {
      const step = acceptedStep(this.secret(userId, state.secret), code, state.lastStep);
      return step !== null && (await takeTotpStep(this.db, userId, step)) ? 'totp' : null;
    }
    return (await useRecoveryCode(this.db, userId, recoveryCodeHash(this.key, code))) ? 'recovery' : null;
  }

  /** The secret in clear; a secret the key cannot open is a fault of the server (key changed). */
  private secret(userId: number, stored: string): string {
    try {
      return openSecret(this.key, totpOwner(userId), stored);
    } catch {
      throw new Error(
        `the TOTP secret of user ${userId} cannot be decrypted: TOTP_KEY or DATA_DIR/totp-key is not the key it was stored with (restore the key, or clear the user's two-step sign-in)`,
      );
    }
  }
}
