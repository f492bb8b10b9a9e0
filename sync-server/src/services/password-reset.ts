import { createHash, randomBytes } from 'node:crypto';
import {
  type ForgotPasswordRequest,
  MSG,
  type ResetPasswordWithTokenRequest,
  type SendResetLinkRequest,
  USER_MSG,
} from '@scentry/shared-schema';
import type { Rate } from '../config';
import { type Db, inTransaction } from '../db/database';
import { addressKey } from '../lib/address';
import { invalid, notFound, tooMany, warning } from '../lib/errors';
import { hashPassword } from '../lib/password';
import { type Counters, type CountersOf, memoryCounters } from '../limits/counters';
import { Throttle } from '../limits/throttle';
import {
  deleteExpiredResetTokens,
  findResetToken,
  hasLiveResetToken,
  replaceResetToken,
  takeResetTokens,
} from '../repositories/password-reset-tokens';
import { findUserByEmail, findUserById, setPasswordHash, type UserAuthRecord } from '../repositories/users';
import type { AccountMail, AccountMailTo } from './account-mail';
import { audit } from './audit';
import type { Origin } from './caller';

/** A link works for one hour (API.md "Staff sign-in"). */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * The reset throttles (token buckets, in the app's Counters store: memory by default). Per e-mail: at most 5 links an hour to one
 * mailbox from ForgotPassword, and apart from them 5 an hour from the Admin's SendResetLink (API.md
 * "Resets nobody can block": strangers' requests never refuse the Admin's), the same cap as any
 * e-mail to one recipient. Per address: 20 ForgotPassword requests an hour, and 20 tries of a
 * token per 15 minutes (a token cannot be guessed; this bounds the password hashing a client can
 * cause). Never the sign-in limits: asking for a link must not lock anyone out of signing in.
 */
export const RESET_LIMITS = {
  linksPerEmail: { limit: 5, windowMs: 60 * 60 * 1000 },
  adminLinksPerEmail: { limit: 5, windowMs: 60 * 60 * 1000 },
  requestsPerAddress: { limit: 20, windowMs: 60 * 60 * 1000 },
  tokenTriesPerAddress: { limit: 20, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, Rate>;

/** The reset link's token: 32 random bytes, base64url (43 characters). */
const newToken = (): string => randomBytes(32).toString('base64url');
const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** Where a link's token goes: the fragment, which the browser never sends with the page load. */
export const resetLinkOf = (publicUrl: string, token: string): string =>
  `${publicUrl}/admin/reset-password#token=${token}`;

export interface PasswordResetOptions {
  db: Db;
  publicUrl: string;
  /** The account e-mail queue (app.accountMail): never waited for. */
  mail: { enqueue(to: AccountMailTo, mail: AccountMail): void };
  /** False with RATE_LIMITS=off: the per-address throttles are off (the per-e-mail one never is). */
  perAddressThrottles: boolean;
  /** Where the throttles count (default: this process's memory; the database when shared). */
  counters?: CountersOf;
}

/**
 * Password reset by e-mailed link (issue 25): asking for a link (anyone, for any e-mail), the
 * Admin's link for a user, and setting the new password with a link. Tokens are stored hashed;
 * a link is voided by a newer one and by any password change (its row keeps a stamp of the
 * password hash it was made under); using one ends every session of the user. All audited.
 */
export class PasswordResetService {
  private readonly perEmail: Throttle<Counters>;
  private readonly adminPerEmail: Throttle<Counters>;
  private readonly perAddress: Throttle<Counters>;
  private readonly tokenTries: Throttle<Counters>;

  constructor(private readonly options: PasswordResetOptions) {
    const counters = options.counters ?? memoryCounters;
    const throttle = (rate: Rate, scope: string) => new Throttle(rate, Date.now, 100_000, counters(scope));
    this.perEmail = throttle(RESET_LIMITS.linksPerEmail, 'reset-email');
    this.adminPerEmail = throttle(RESET_LIMITS.adminLinksPerEmail, 'reset-admin-email');
    this.perAddress = throttle(RESET_LIMITS.requestsPerAddress, 'reset-address');
    this.tokenTries = throttle(RESET_LIMITS.tokenTriesPerAddress, 'reset-token-tries');
  }

  /**
   * ForgotPassword: an active user gets a link by e-mail; the reply is the same whatever the
   * e-mail, and so is the work done before it (a lookup, a token made and hashed, a write, an
   * audit row; the mail goes from the queue after the reply).
   */
  async forgotPassword(origin: Origin, body: ForgotPasswordRequest): Promise<void> {
    const email = body.email.trim().toLowerCase();
    await this.take(this.perAddress, addressKey(origin.address), this.options.perAddressThrottles);
    await this.take(this.perEmail, email, true);
    const user = await findUserByEmail(this.options.db, email);
    const active = user?.isActive ? user : undefined;
    const now = new Date().toISOString();
    // A link under an hour old still works: nothing is sent and nothing voided (the same reply),
    // so nobody can keep replacing the owner's link or fill their mailbox.
    const pending = active
      ? await hasLiveResetToken(this.options.db, active.id, sha256(active.passwordHash), now)
      : false;
    const token = newToken();
    if (active && !pending) await this.store(active, sha256(token));
    else await deleteExpiredResetTokens(this.options.db, now);
    await audit(this.options.db, origin, 'reset-link-requested', 'user', user?.id ?? null, {
      who: { id: user?.id ?? null, email },
      // The audit log is the Admin's: it may say what the reply does not.
      detail: !user
        ? 'no such account: no link sent'
        : !active
          ? 'account inactive: no link sent'
          : pending
            ? 'a link under an hour old exists: none sent'
            : 'link sent',
    });
    if (active && !pending) this.send(active, token);
  }

  /**
   * SendResetLink (admin): the user gets a link; an inactive user is refused with a Warning. (A
   * user of an inactive organization gets one, as from ForgotPassword: sign-in still refuses them.)
   */
  async sendResetLink(origin: Origin, body: SendResetLinkRequest): Promise<void> {
    const user = await findUserById(this.options.db, body.userId);
    if (!user) throw notFound(USER_MSG.notFound);
    if (!user.isActive) throw warning(MSG.resetLinkUserInactive);
    // Its own throttle: ForgotPassword calls by anyone never refuse it.
    await this.take(this.adminPerEmail, user.email, true);
    const token = newToken();
    await this.store(user, sha256(token));
    await audit(this.options.db, origin, 'reset-link-sent', 'user', user.id);
    this.send(user, token);
  }

  /**
   * ResetPasswordWithToken: the new password for the link's user; the link is used up, their
   * other links die, every session of theirs ends (no token kept) and the new hash voids their
   * device tokens. A link that is unknown, used, expired, voided or whose user is no longer
   * active gets the one message.
   */
  /** Returns the e-mail of the account whose password was set. */
  async resetWithToken(origin: Origin, body: ResetPasswordWithTokenRequest): Promise<string> {
    await this.take(this.tokenTries, addressKey(origin.address), this.options.perAddressThrottles);
    const { db } = this.options;
    const tokenHash = sha256(body.token);
    const row = await findResetToken(db, tokenHash);
    const user = row && (await findUserById(db, row.userId));
    // Unknown, expired, voided by a password change since, or its user no longer active: one answer.
    if (
      !row ||
      !user?.isActive ||
      Date.parse(row.expiresAt) <= Date.now() ||
      row.passwordStamp !== sha256(user.passwordHash)
    )
      return this.refuse(origin, user);
    const passwordHash = await hashPassword(body.password);
    // Taken and written in one transaction: of two requests racing with one link, one finds it gone.
    const done = await inTransaction(db, async (trx) => {
      if (!(await takeResetTokens(trx, tokenHash, user.id))) return false;
      await setPasswordHash(trx, user.id, passwordHash, null);
      await audit(trx, origin, 'password-reset', 'user', user.id, {
        who: { id: user.id, email: user.email },
        detail: 'by e-mailed link; every session ended',
      });
      return true;
    });
    if (!done) return this.refuse(origin, user);
    // The owner hears of every password change, this one too (whoever held the link).
    this.options.mail.enqueue({ firstName: user.firstName, address: user.email }, { kind: 'password-changed' });
    return user.email;
  }

  private async refuse(origin: Origin, user: UserAuthRecord | undefined): Promise<never> {
    await audit(this.options.db, origin, 'password-reset-failed', 'user', user?.id ?? null, {
      who: { id: user?.id ?? null, email: user?.email ?? null },
      detail: MSG.resetLinkExpired,
    });
    throw invalid(MSG.resetLinkExpired);
  }

  private async store(user: UserAuthRecord, tokenHash: string): Promise<void> {
    const now = new Date();
    await inTransaction(this.options.db, (trx) =>
      replaceResetToken(
        trx,
        {
          tokenHash,
          userId: user.id,
          passwordStamp: sha256(user.passwordHash),
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString(),
        },
        now.toISOString(),
      ),
    );
  }

  private send(user: UserAuthRecord, token: string): void {
    this.options.mail.enqueue(
      { firstName: user.firstName, address: user.email },
      { kind: 'reset-link', link: resetLinkOf(this.options.publicUrl, token) },
    );
  }

  private async take(throttle: Throttle<Counters>, key: string, on: boolean): Promise<void> {
    if (!on) return;
    const taken = await throttle.take(key);
    if (!taken.ok) throw tooMany(MSG.tooManyResetRequests, taken.retryAfterSeconds);
  }
}
