import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MSG, USER_MSG } from '@scentry/shared-schema';
import { simpleParser } from 'mailparser';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeviceTokens } from '../../../lib/device-token';
import { findUserById } from '../../../repositories/users';
import { RESET_LIMITS } from '../../../services/password-reset';
import {
  bearer,
  createUser,
  envelopeOf,
  type FixtureUser,
  signIn,
  signInRequest,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';

const FORGOT = '/api/User/ForgotPassword';
const RESET = '/api/User/ResetPasswordWithToken';
const SEND = '/api/User/SendResetLink';
const COUNTS = '/api/TestResult/GetTestResultCounts';
const NEW_PASSWORD = 'Brand-New-Pass1';

const sha256 = (v: string) => createHash('sha256').update(v).digest('base64url');

/** The reset links in the outbox to `address`, oldest first (after the mail queue has drained). */
async function linksTo(t: TestApp, address: string): Promise<string[]> {
  await t.app.accountMail.drain();
  const dir = path.join(t.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const links: string[] = [];
  for (const file of readdirSync(dir).sort()) {
    const mail = await simpleParser(readFileSync(path.join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    if (!to.some((a) => a.value.some((v) => v.address === address))) continue;
    const link = /https?:\/\/\S+#token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    if (link) links.push(link);
  }
  return links;
}

const tokenOf = (link: string) => link.slice(link.indexOf('#token=') + '#token='.length);

function api(t: TestApp) {
  return {
    forgot: (email: unknown, remoteAddress = '198.51.100.7') =>
      t.app.inject({ method: 'POST', url: FORGOT, payload: { Email: email }, remoteAddress }),
    reset: (payload: Record<string, unknown>, remoteAddress = '198.51.100.8') =>
      t.app.inject({ method: 'POST', url: RESET, payload, remoteAddress }),
    resetWith: (token: string, password = NEW_PASSWORD) =>
      t.app.inject({
        method: 'POST',
        url: RESET,
        payload: { Token: token, Password: password, ConfirmPassword: password },
        remoteAddress: '198.51.100.8',
      }),
    send: (userId: unknown, token: string) =>
      t.app.inject({ method: 'POST', url: SEND, headers: bearer(token), payload: { UserId: userId } }),
  };
}

/** A link for `user` from ForgotPassword, read from the outbox. */
async function askLink(t: TestApp, user: FixtureUser): Promise<string> {
  const before = (await linksTo(t, user.email)).length;
  expect((await api(t).forgot(user.email)).statusCode).toBe(200);
  const links = await linksTo(t, user.email);
  expect(links).toHaveLength(before + 1);
  return tokenOf(links[links.length - 1]);
}

const expired = { status: 'Failure', message: MSG.resetLinkExpired, error: null, data: null };

async function auditRows(t: TestApp, action: string) {
  return t.app.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('password reset by link', () => {
  // Per-address throttles off here (they have their own block below); the per-e-mail one stays.
  const t = useTestApp({ env: { RATE_LIMITS: 'off', PUBLIC_URL: 'https://scentry.example' } });
  let admin: FixtureUser;
  let adminToken: string;

  beforeAll(async () => {
    admin = await createUser(t.app, { roleName: 'Admin' });
    adminToken = await signIn(t.app, admin.email, admin.password);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('ForgotPassword', () => {
    it('e-mails an active user a link with the token in the fragment, and stores only its hash', async () => {
      const user = await createUser(t.app, { roleName: 'Client Admin', firstName: 'Ada' });
      const res = await api(t).forgot(user.email.toUpperCase());
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res)).toEqual({ status: 'Success', message: MSG.resetLinkRequested, error: null, data: null });
      const [link] = await linksTo(t, user.email);
      expect(link).toMatch(/^https:\/\/scentry\.example\/admin\/reset-password#token=[A-Za-z0-9_-]{43}$/);
      const rows = await t.app.db.selectFrom('passwordResetTokens').selectAll().where('userId', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].tokenHash).toBe(sha256(tokenOf(link)));
      expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
      expect(Date.parse(rows[0].expiresAt) - Date.parse(rows[0].createdAt)).toBe(60 * 60 * 1000);
      // The token is in no log line.
      expect(t.logs()).not.toContain(tokenOf(link));
    });

    it('answers an unknown or inactive e-mail exactly as a known one, and sends nothing', async () => {
      const known = await createUser(t.app, { roleName: 'User' });
      const inactive = await createUser(t.app, { roleName: 'User', isActive: false });
      const replies = await Promise.all([
        api(t).forgot(known.email),
        api(t).forgot('nobody.here@scentry.test'),
        api(t).forgot(inactive.email),
      ]);
      for (const r of replies) expect([r.statusCode, r.body]).toEqual([replies[0].statusCode, replies[0].body]);
      expect(await linksTo(t, 'nobody.here@scentry.test')).toEqual([]);
      expect(await linksTo(t, inactive.email)).toEqual([]);
      expect(await linksTo(t, known.email)).toHaveLength(1);
      const audited = await auditRows(t, 'reset-link-requested');
      const byEmail = (email: string) => audited.find((r) => r.userEmail === email);
      expect(byEmail(known.email)).toMatchObject({ userId: known.id, detail: 'link sent' });
      expect(byEmail('nobody.here@scentry.test')).toMatchObject({
        userId: null,
        detail: 'no such account: no link sent',
      });
      expect(byEmail(inactive.email)).toMatchObject({ userId: inactive.id, detail: 'account inactive: no link sent' });
    });

    it.each([
      [{}, MSG.emailRequired],
      [{ Email: '' }, MSG.emailRequired],
      [{ Email: 'not-an-email' }, MSG.emailInvalid],
      [{ Email: 42 }, MSG.emailRequired],
    ])('%j → 400 Failure %s', async (payload, message) => {
      const res = await t.app.inject({ method: 'POST', url: FORGOT, payload });
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message });
    });

    it('binds the e-mail key in any case', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const res = await t.app.inject({ method: 'POST', url: FORGOT, payload: { eMaIl: user.email } });
      expect(res.statusCode).toBe(200);
      expect(await linksTo(t, user.email)).toHaveLength(1);
    });

    it('answers at most 5 ForgotPassword calls for one e-mail an hour (429 with Retry-After); the Admin is never refused for them', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const limit = RESET_LIMITS.linksPerEmail.limit;
      for (let i = 0; i < limit; i++)
        expect((await api(t).forgot(user.email, `203.0.113.${i + 1}`)).statusCode).toBe(200);
      const res = await api(t).forgot(user.email, '203.0.113.99');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(envelopeOf(res)).toEqual({
        status: 'Failure',
        message: MSG.tooManyResetRequests,
        error: null,
        data: null,
      });
      // One link went out: while it is under an hour old the other calls send nothing.
      expect(await linksTo(t, user.email)).toHaveLength(1);
      // The Admin's link has its own limit: strangers' calls never refuse it, and it always sends.
      expect((await api(t).send(user.id, adminToken)).statusCode).toBe(200);
      expect(await linksTo(t, user.email)).toHaveLength(2);
      // An unknown e-mail is limited the same way (the 429 tells nothing about the account).
      for (let i = 0; i < limit; i++) expect((await api(t).forgot('ghost@scentry.test')).statusCode).toBe(200);
      expect((await api(t).forgot('ghost@scentry.test')).statusCode).toBe(429);
    });

    it('while a link under an hour old exists, ForgotPassword sends nothing and voids nothing (the same reply)', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const first = await askLink(t, user);
      const again = await api(t).forgot(user.email, '203.0.113.50');
      expect(again.statusCode).toBe(200);
      expect(envelopeOf(again).message).toBe(MSG.resetLinkRequested);
      expect(await linksTo(t, user.email)).toHaveLength(1);
      const audits = await auditRows(t, 'reset-link-requested');
      expect(audits[audits.length - 1].detail).toBe('a link under an hour old exists: none sent');
      // The owner's link still works.
      expect((await api(t).resetWith(first)).statusCode).toBe(200);
    });

    it('never counts toward the sign-in limits', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const address = '192.0.2.77';
      // 60 requests from one address, more than the sign-in's 50 per address and 30 per account.
      for (let i = 0; i < 60; i++) await api(t).forgot(`spray${i}@scentry.test`, address);
      for (let i = 0; i < 5; i++) await api(t).forgot(user.email, address);
      const res = await signInRequest(t.app, user.email, user.password, address);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('ResetPasswordWithToken', () => {
    it('sets the new password, ends every session (the old token too), voids device tokens, and is audited', async () => {
      const user = await createUser(t.app, { roleName: 'Client Admin' });
      const signedIn = envelopeOf<{ token: string; deviceToken: string }>(
        await signInRequest(t.app, user.email, user.password),
      ).data;
      const token = await askLink(t, user);
      const res = await api(t).reset({ token, password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res)).toEqual({ status: 'Success', message: MSG.resetDone, error: null, data: null });
      // The session signed in before the reset has ended.
      const old = await t.app.inject({ url: COUNTS, headers: bearer(signedIn.token) });
      expect(old.statusCode).toBe(401);
      // The old password no longer signs in; the new one does.
      expect((await signInRequest(t.app, user.email, user.password)).statusCode).toBe(400);
      expect((await signInRequest(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
      // The device token issued under the old password is no longer one.
      const record = await findUserById(t.app.db, user.id);
      expect(record).toBeDefined();
      expect(new DeviceTokens(t.config.jwtSecret).deviceOf(signedIn.deviceToken, record as never)).toBeUndefined();
      const audited = (await auditRows(t, 'password-reset')).filter((r) => r.entityId === String(user.id));
      expect(audited).toEqual([
        expect.objectContaining({
          userId: user.id,
          userEmail: user.email,
          detail: 'by e-mailed link; every session ended',
        }),
      ]);
      // The owner is told the password changed, in a mail of its own (no link in it).
      await t.app.accountMail.drain();
      const notices = [];
      for (const file of readdirSync(path.join(t.dataDir, 'outbox'))) {
        const mail = await simpleParser(readFileSync(path.join(t.dataDir, 'outbox', file)));
        if (mail.subject === 'Your Scentry password was changed' && mail.text?.includes('just changed')) {
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          if (to.some((a) => a.value.some((v) => v.address === user.email))) notices.push(mail);
        }
      }
      expect(notices).toHaveLength(1);
      expect(notices[0].text).not.toContain('#token=');
    });

    it('works once: the same link again is refused with the pinned message, and so is a wrong token', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const token = await askLink(t, user);
      expect((await api(t).resetWith(token)).statusCode).toBe(200);
      const again = await api(t).resetWith(token, 'Another-Pass2');
      expect(again.statusCode).toBe(400);
      expect(envelopeOf(again)).toEqual(expired);
      expect((await signInRequest(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
      for (const wrong of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'x', 'y'.repeat(128)]) {
        const res = await api(t).resetWith(wrong);
        expect(res.statusCode).toBe(400);
        expect(envelopeOf(res)).toEqual(expired);
      }
      expect((await auditRows(t, 'password-reset-failed')).length).toBeGreaterThanOrEqual(4);
    });

    it('of two resets racing with one link, exactly one succeeds', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const token = await askLink(t, user);
      const replies = await Promise.all([
        api(t).resetWith(token, 'Racer-One-1'),
        api(t).resetWith(token, 'Racer-Two-2'),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('opening the link does not use it; a link is good for one hour and no longer', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      const user = await createUser(t.app, { roleName: 'User' });
      const late = await askLink(t, user);
      vi.setSystemTime(start + 60 * 60 * 1000 + 1000);
      const res = await api(t).resetWith(late);
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual(expired);
      expect((await signInRequest(t.app, user.email, user.password)).statusCode).toBe(200);

      const fresh = await askLink(t, user);
      vi.setSystemTime(Date.now() + 59 * 60 * 1000);
      expect((await api(t).resetWith(fresh)).statusCode).toBe(200);
    });

    it('a newer link voids the older one: the Admin’s, or ForgotPassword’s once the older has expired', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const first = await askLink(t, user);
      expect((await api(t).send(user.id, adminToken)).statusCode).toBe(200);
      const links = await linksTo(t, user.email);
      const second = tokenOf(links[links.length - 1]);
      expect(envelopeOf(await api(t).resetWith(first))).toEqual(expired);
      expect((await api(t).resetWith(second)).statusCode).toBe(200);
    });

    it('any password change voids a pending link: ChangePassword, and the Admin’s ResetPassword', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const link = await askLink(t, user);
      const session = await signIn(t.app, user.email, user.password);
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/User/ChangePassword',
        headers: bearer(session),
        payload: {
          id: user.id,
          oldPassword: user.password,
          newPassword: 'Changed-Pass1',
          confirmPassword: 'Changed-Pass1',
        },
      });
      expect(changed.statusCode).toBe(200);
      expect(envelopeOf(await api(t).resetWith(link))).toEqual(expired);

      const other = await createUser(t.app, { roleName: 'User' });
      const link2 = await askLink(t, other);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/User/ResetPassword',
        headers: bearer(adminToken),
        payload: { UserId: other.id, Password: 'Admin-Set-1', ConfirmPassword: 'Admin-Set-1' },
      });
      expect(reset.statusCode).toBe(200);
      expect(envelopeOf(await api(t).resetWith(link2))).toEqual(expired);
      expect((await signInRequest(t.app, other.email, 'Admin-Set-1')).statusCode).toBe(200);
    });

    it('a user made inactive after the link was sent cannot use it', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const link = await askLink(t, user);
      await t.app.db.updateTable('users').set({ isActive: 0 }).where('id', '=', user.id).execute();
      expect(envelopeOf(await api(t).resetWith(link))).toEqual(expired);
    });

    const rules: Array<[string, Record<string, unknown>, string]> = [
      ['missing token', { Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD }, MSG.resetLinkExpired],
      ['token not a string', { Token: 5, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD }, MSG.resetLinkExpired],
      ['missing password', { Token: 't', ConfirmPassword: NEW_PASSWORD }, MSG.newPasswordRequired],
      ['weak password', { Token: 't', Password: 'weakpass1', ConfirmPassword: 'weakpass1' }, MSG.passwordPattern],
      ['missing confirm', { Token: 't', Password: NEW_PASSWORD }, MSG.confirmPasswordRequired],
      ['mismatch', { Token: 't', Password: NEW_PASSWORD, ConfirmPassword: `${NEW_PASSWORD}x` }, MSG.passwordsMustMatch],
    ];
    it.each(rules)('%s → 400 Failure with the rule’s message', async (_, payload, message) => {
      const res = await api(t).reset(payload);
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message });
    });

    it('a weak new password leaves the link usable', async () => {
      const user = await createUser(t.app, { roleName: 'User' });
      const link = await askLink(t, user);
      expect((await api(t).resetWith(link, 'weakpass')).statusCode).toBe(400);
      expect((await api(t).resetWith(link)).statusCode).toBe(200);
    });
  });

  describe('SendResetLink (admin)', () => {
    it('e-mails the user a link that works, audited as the Admin’s', async () => {
      const user = await createUser(t.app, { roleName: 'Client Admin' });
      const res = await api(t).send(user.id, adminToken);
      expect(res.statusCode).toBe(200);
      expect(envelopeOf(res)).toEqual({ status: 'Success', message: MSG.resetLinkSent, error: null, data: null });
      const [link] = await linksTo(t, user.email);
      expect((await api(t).resetWith(tokenOf(link))).statusCode).toBe(200);
      const audited = (await auditRows(t, 'reset-link-sent')).filter((r) => r.entityId === String(user.id));
      expect(audited).toEqual([expect.objectContaining({ userId: admin.id, userEmail: admin.email })]);
    });

    it('refuses an inactive user with a Warning, an unknown one with 404, and a bad id with 400', async () => {
      const inactive = await createUser(t.app, { roleName: 'User', isActive: false });
      const res = await api(t).send(inactive.id, adminToken);
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({
        status: 'Warning',
        message: MSG.resetLinkUserInactive,
        error: null,
        data: null,
      });
      expect(await linksTo(t, inactive.email)).toEqual([]);
      const unknown = await api(t).send(987654, adminToken);
      expect(unknown.statusCode).toBe(404);
      expect(envelopeOf(unknown)).toMatchObject({ status: 'Failure', message: USER_MSG.notFound });
      for (const bad of ['3', 0, -1, null]) {
        const r = await api(t).send(bad, adminToken);
        expect(r.statusCode).toBe(400);
        expect(envelopeOf(r)).toMatchObject({ status: 'Failure', message: MSG.invalidRequest });
      }
    });

    it('is the Admin’s only', async () => {
      const clientAdmin = await createUser(t.app, { roleName: 'Client Admin' });
      const target = await createUser(t.app, { roleName: 'User' });
      const token = await signIn(t.app, clientAdmin.email, clientAdmin.password);
      expect((await api(t).send(target.id, token)).statusCode).toBe(403);
      expect(await linksTo(t, target.email)).toEqual([]);
    });
  });
});

describe('password reset throttles per address', () => {
  const t = useTestApp();

  it('ForgotPassword: 20 an hour from one address, then 429 with Retry-After; other addresses go on', async () => {
    const { limit } = RESET_LIMITS.requestsPerAddress;
    for (let i = 0; i < limit; i++)
      expect((await api(t).forgot(`a${i}@scentry.test`, '203.0.113.5')).statusCode).toBe(200);
    const res = await api(t).forgot('another@scentry.test', '203.0.113.5');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api(t).forgot('another@scentry.test', '203.0.113.6')).statusCode).toBe(200);
  });

  it('ResetPasswordWithToken: 20 tries per 15 minutes from one address, then 429', async () => {
    const { limit } = RESET_LIMITS.tokenTriesPerAddress;
    for (let i = 0; i < limit; i++) expect((await api(t).resetWith(`guess${i}`)).statusCode).toBe(400);
    const res = await api(t).resetWith('guess-more');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});
