import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MSG, type SignInReply, type TotpChallengeData, type TotpSetupReply } from '@scentry/shared-schema';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

/** The code an authenticator app shows for `secret` at `at` (ms). */
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/**
 * A moment at the start of a 30 s step (so ±1 step is exactly ±30 s), hours before now: what the
 * tests count at these moments is out of the sign-in limits' window by the time real time is used.
 */
const STEP_START = Math.floor(Date.now() / 30_000) * 30_000 - 3 * 3600_000;

let addressSeq = 0;
/** A new client address: the per-address limits stay out of tests that are not about them. */
const freshAddress = () => `10.77.${Math.floor(++addressSeq / 250) % 250}.${addressSeq % 250}`;

afterEach(() => {
  vi.useRealTimers();
});

function api(t: TestApp) {
  const post = (url: string, payload: unknown, token?: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      ...(token ? { headers: bearer(token) } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  return {
    post,
    /** Sets TOTP up and on for a signed-in user at `at`: the secret and the recovery codes. */
    async enable(user: FixtureUser, token: string, at = Date.now()) {
      const setup = await post('/api/User/TotpSetup', { Password: user.password }, token);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret } = envelopeOf<TotpSetupReply>(setup).data;
      const on = await post('/api/User/TotpEnable', { Code: codeAt(secret, at) }, token);
      expect(on.statusCode, on.body).toBe(200);
      return { secret, recoveryCodes: envelopeOf<{ recoveryCodes: string[] }>(on).data.recoveryCodes };
    },
    /** The password step of a TOTP account: its challenge. */
    async challenge(user: FixtureUser, remoteAddress = freshAddress()) {
      const res = await signInRequest(t.app, user.email, user.password, remoteAddress);
      expect(res.statusCode, res.body).toBe(400);
      return envelopeOf<TotpChallengeData>(res).data.challenge;
    },
    verify: (challenge: string, code: string, remoteAddress = freshAddress()) =>
      post('/api/User/VerifyTotp', { Challenge: challenge, Code: code }, undefined, remoteAddress),
  };
}

/** The subjects of the account e-mails written to DATA_DIR/outbox so far. */
async function outboxSubjects(t: TestApp): Promise<string[]> {
  await t.app.accountMail.drain();
  const dir = path.join(t.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => /^Subject: (.*)$/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? '');
}

describe('two-step sign-in (TOTP)', () => {
  const t = useTestApp({ env: { RATE_LIMITS: 'off' } });
  const a = api(t);

  describe('set-up', () => {
    let me: FixtureUser;
    let token: string;
    beforeAll(async () => {
      me = await createUser(t.app, { roleName: 'Client Admin' });
      token = await signIn(t.app, me.email, me.password);
    });

    it('asks the password (a wrong one is 400 Failure) and gives a secret, its otpauth URL and a PNG QR code', async () => {
      const wrong = await a.post('/api/User/TotpSetup', { Password: 'Not-the-one1' }, token);
      expect(wrong.statusCode).toBe(400);
      expect(envelopeOf(wrong)).toMatchObject({ status: 'Failure', message: MSG.wrongPassword, data: null });
      const missing = await a.post('/api/User/TotpSetup', {}, token);
      expect(envelopeOf(missing)).toMatchObject({ status: 'Failure', message: MSG.passwordRequiredLogin });

      const res = await a.post('/api/User/TotpSetup', { password: me.password }, token);
      expect(res.statusCode).toBe(200);
      const { data } = envelopeOf<TotpSetupReply>(res);
      expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(data.otpauthUrl);
      expect(url.protocol).toBe('otpauth:');
      expect(url.searchParams.get('secret')).toBe(data.secret);
      expect(url.searchParams.get('issuer')).toBe('Scentry');
      expect(decodeURIComponent(url.pathname)).toContain(me.email);
      expect(data.qrCode).toMatch(/^data:image\/png;base64,/);
      // Stored encrypted: the database never holds the secret in clear, and it is not on yet.
      const row = await t.app.db
        .selectFrom('users')
        .select(['totpPendingSecret', 'totpSecret', 'totpEnabledAt'])
        .where('id', '=', me.id)
        .executeTakeFirstOrThrow();
      expect(row.totpPendingSecret).toMatch(/^v1\./);
      expect(row.totpPendingSecret).not.toContain(data.secret);
      expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    });

    it('turns on only with a code of the new secret; 10 recovery codes, stored hashed; an e-mail', async () => {
      const setup = envelopeOf<TotpSetupReply>(await a.post('/api/User/TotpSetup', { Password: me.password }, token));
      const wrong = await a.post('/api/User/TotpEnable', { Code: '000000' }, token);
      expect(wrong.statusCode).toBe(400);
      expect(envelopeOf(wrong)).toMatchObject({ status: 'Failure', message: MSG.totpCodeWrong });
      const res = await a.post('/api/User/TotpEnable', { code: codeAt(setup.data.secret, Date.now()) }, token);
      expect(res.statusCode, res.body).toBe(200);
      const { recoveryCodes } = envelopeOf<{ recoveryCodes: string[] }>(res).data;
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      const stored = await t.app.db
        .selectFrom('totpRecoveryCodes')
        .select('codeHash')
        .where('userId', '=', me.id)
        .execute();
      expect(stored).toHaveLength(10);
      const hashes = stored.map((r) => r.codeHash).join(' ');
      for (const c of recoveryCodes) expect(hashes).not.toContain(c.replace(/-/g, ''));
      expect(await outboxSubjects(t)).toContain('Two-step sign-in is on for your Scentry account');
      // The session that set it up goes on; setting up again is refused while it is on.
      const again = await a.post('/api/User/TotpSetup', { Password: me.password }, token);
      expect(again.statusCode).toBe(400);
      expect(envelopeOf(again)).toMatchObject({ status: 'Warning', message: MSG.totpAlreadyOn });
      const enableAgain = await a.post('/api/User/TotpEnable', { Code: '123456' }, token);
      expect(envelopeOf(enableAgain)).toMatchObject({ status: 'Warning', message: MSG.totpAlreadyOn });
    });

    it('TotpEnable without a set-up in progress is a 400 Warning', async () => {
      const u = await createUser(t.app, { roleName: 'Admin' });
      const tok = await signIn(t.app, u.email, u.password);
      const res = await a.post('/api/User/TotpEnable', { Code: '123456' }, tok);
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toMatchObject({ status: 'Warning', message: MSG.totpNotStarted });
    });

    it('the Users list shows who has two-step sign-in', async () => {
      const admin = await createUser(t.app, { roleName: 'Admin' });
      const adminToken = await signIn(t.app, admin.email, admin.password);
      const res = await a.post('/api/User/GetUserList', { pageNumber: 1, rowsPerPage: 100 }, adminToken);
      const rows = envelopeOf<{ list: { id: number; totpEnabled: boolean }[] }>(res).data.list;
      expect(rows.find((r) => r.id === me.id)?.totpEnabled).toBe(true);
      expect(rows.find((r) => r.id === admin.id)?.totpEnabled).toBe(false);
    });
  });

  describe('sign-in with a code', () => {
    let me: FixtureUser;
    let secret: string;
    let recoveryCodes: string[];
    beforeAll(async () => {
      me = await createUser(t.app, { roleName: 'Admin' });
      const token = await signIn(t.app, me.email, me.password);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START - 10 * 60_000);
      ({ secret, recoveryCodes } = await a.enable(me, token));
      vi.useRealTimers();
    });

    it('a wrong password gets the ordinary refusal, never totpRequired', async () => {
      const res = await signInRequest(t.app, me.email, 'Wrong-Passw0rd!');
      expect(res.statusCode).toBe(400);
      expect(envelopeOf(res)).toEqual({ status: 'Warning', message: MSG.loginFailed, error: null, data: null });
    });

    it('a correct password gets 400 Warning with the challenge and no token', async () => {
      const res = await signInRequest(t.app, me.email, me.password);
      expect(res.statusCode).toBe(400);
      const body = envelopeOf<TotpChallengeData>(res);
      expect(body).toMatchObject({ status: 'Warning', message: MSG.totpRequired, data: { totpRequired: true } });
      expect(Object.keys(body.data).sort()).toEqual(['challenge', 'totpRequired']);
      expect(body.data.challenge).toMatch(/^tc1\./);
      expect(res.body).not.toContain('token"');
    });

    it('takes codes of the previous, current and next step (each once, in order), not two steps away', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START);
      const signInWith = async (code: string) => a.verify(await a.challenge(me), code);

      const farPast = await signInWith(codeAt(secret, STEP_START - 60_000));
      expect(envelopeOf(farPast)).toMatchObject({ status: 'Warning', message: MSG.totpCodeWrong, data: null });
      const farFuture = await signInWith(codeAt(secret, STEP_START + 60_000));
      expect(envelopeOf(farFuture).message).toBe(MSG.totpCodeWrong);

      const previous = await signInWith(codeAt(secret, STEP_START - 30_000));
      expect(previous.statusCode, previous.body).toBe(200);
      const body = envelopeOf<SignInReply>(previous);
      expect(body).toMatchObject({ status: 'Success', message: MSG.loginSuccess });
      expect(body.data).toMatchObject({ id: me.id, roleName: 'Admin', totpSetupRequired: false });
      expect(body.data.deviceToken).toMatch(/^dt1\./);
      // The token works.
      const list = await a.post('/api/User/GetUserList', { pageNumber: 1, rowsPerPage: 1 }, body.data.token);
      expect(list.statusCode).toBe(200);

      expect((await signInWith(codeAt(secret, STEP_START))).statusCode).toBe(200);
      expect((await signInWith(codeAt(secret, STEP_START + 30_000))).statusCode).toBe(200);
      // Replays: the step just used, and an earlier one still inside the window.
      const replay = await signInWith(codeAt(secret, STEP_START + 30_000));
      expect(envelopeOf(replay)).toMatchObject({ status: 'Warning', message: MSG.totpCodeWrong });
      const earlier = await signInWith(codeAt(secret, STEP_START));
      expect(envelopeOf(earlier).message).toBe(MSG.totpCodeWrong);
    });

    it('a challenge is single use', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START + 5 * 60_000);
      const challenge = await a.challenge(me);
      expect((await a.verify(challenge, codeAt(secret, Date.now()))).statusCode).toBe(200);
      const again = await a.verify(challenge, codeAt(secret, Date.now() + 30_000));
      expect(again.statusCode).toBe(400);
      expect(envelopeOf(again)).toMatchObject({ status: 'Warning', message: MSG.totpChallengeExpired });
    });

    it('a challenge dies after 5 wrong codes: the right code is then refused', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START + 10 * 60_000);
      const challenge = await a.challenge(me);
      for (let i = 0; i < 5; i++) {
        const res = await a.verify(challenge, '000000');
        expect(envelopeOf(res).message).toBe(MSG.totpCodeWrong);
      }
      const right = await a.verify(challenge, codeAt(secret, Date.now()));
      expect(right.statusCode).toBe(400);
      expect(envelopeOf(right)).toMatchObject({ status: 'Warning', message: MSG.totpChallengeExpired });
      // A new challenge takes the same code (the step was not used).
      expect((await a.verify(await a.challenge(me), codeAt(secret, Date.now()))).statusCode).toBe(200);
    });

    it('a challenge expires after 5 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START + 20 * 60_000);
      const challenge = await a.challenge(me);
      vi.setSystemTime(STEP_START + 25 * 60_000 + 1);
      const late = await a.verify(challenge, codeAt(secret, Date.now()));
      expect(envelopeOf(late)).toMatchObject({ status: 'Warning', message: MSG.totpChallengeExpired });
      const inTime = await a.challenge(me);
      vi.setSystemTime(STEP_START + 30 * 60_000 - 1);
      expect((await a.verify(inTime, codeAt(secret, Date.now()))).statusCode).toBe(200);
    });

    it('a forged or garbled challenge is refused as expired (never 500)', async () => {
      const real = await a.challenge(me);
      const forged = `${real.slice(0, -2)}${real.endsWith('AA') ? 'BB' : 'AA'}`;
      for (const challenge of [forged, 'tc1.nope', 'x'.repeat(150)]) {
        const res = await a.verify(challenge, '123456');
        expect(res.statusCode).toBe(400);
        expect(envelopeOf(res)).toMatchObject({ status: 'Warning', message: MSG.totpChallengeExpired });
      }
      const tooLong = await a.verify('x'.repeat(500), '123456');
      expect(envelopeOf(tooLong)).toMatchObject({ status: 'Failure', message: MSG.totpChallengeExpired });
      const noCode = await a.post('/api/User/VerifyTotp', { Challenge: real });
      expect(envelopeOf(noCode)).toMatchObject({ status: 'Failure', message: MSG.totpCodeRequired });
    });

    it('each recovery code works once (in any case, with or without hyphens)', async () => {
      const [first, second] = recoveryCodes;
      const res = await a.verify(await a.challenge(me), first);
      expect(res.statusCode, res.body).toBe(200);
      const again = await a.verify(await a.challenge(me), first);
      expect(envelopeOf(again)).toMatchObject({ status: 'Warning', message: MSG.totpCodeWrong });
      const typed = second.toUpperCase().replace(/-/g, ' ');
      expect((await a.verify(await a.challenge(me), typed)).statusCode).toBe(200);
      expect(envelopeOf(await a.verify(await a.challenge(me), 'abcd-efgh-jkmn')).message).toBe(MSG.totpCodeWrong);
    });

    it('a device token never stands in for the code; the sign-in keeps the device', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START + 40 * 60_000);
      const first = await a.verify(await a.challenge(me), codeAt(secret, Date.now()));
      const { deviceToken } = envelopeOf<SignInReply>(first).data;
      const withDevice = await a.post('/api/User/Authenticate', {
        Email: me.email,
        Password: me.password,
        DeviceToken: deviceToken,
      });
      expect(envelopeOf(withDevice)).toMatchObject({ status: 'Warning', message: MSG.totpRequired });
      const { challenge } = envelopeOf<TotpChallengeData>(withDevice).data;
      const second = await a.verify(challenge, codeAt(secret, Date.now() + 30_000));
      const next = envelopeOf<SignInReply>(second).data.deviceToken;
      // The same device id (its own limit) in a new token.
      expect(next.split('.')[2]).toBe(deviceToken.split('.')[2]);
    });

    it('audits the password step, the wrong code and the sign-in, and logs no secret or code', async () => {
      const rows = await t.app.db
        .selectFrom('auditLog')
        .select(['action', 'detail'])
        .where('userId', '=', me.id)
        .execute();
      const actions = rows.map((r) => r.action);
      expect(actions).toContain('totp-setup');
      expect(actions).toContain('totp-enable');
      expect(actions).toContain('sign-in-challenge');
      expect(rows).toContainEqual({ action: 'sign-in-failed', detail: 'wrong two-step code' });
      expect(rows).toContainEqual({ action: 'sign-in', detail: 'two-step' });
      const logs = t.logs();
      expect(logs).not.toContain(secret);
      for (const c of recoveryCodes) expect(logs).not.toContain(c);
    });
  });

  describe('limits', () => {
    it('a wrong code is a failure on the account: 30 from many addresses lock its sign-in', async () => {
      const me = await createUser(t.app, { roleName: 'Client Admin' });
      await a.enable(me, await signIn(t.app, me.email, me.password));
      let n = 0;
      const next = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;
      // Six password steps (each counted, none cleared) and four wrong codes after each: 30 failures.
      for (let i = 0; i < 6; i++) {
        const challenge = await a.challenge(me, next());
        for (let j = 0; j < 4; j++) {
          const res = await a.verify(challenge, '000000', next());
          expect(envelopeOf(res).message).toBe(MSG.totpCodeWrong);
        }
      }
      // The 31st attempt on the account, the right password from a fresh address, is refused.
      const res = await signInRequest(t.app, me.email, me.password, next());
      expect(res.statusCode).toBe(429);
      expect(envelopeOf(res).message).toBe(MSG.tooManyAttempts);
    });
  });

  describe('recovery codes renewed, turning off, and an Admin clearing', () => {
    let me: FixtureUser;
    let token: string;
    let secret: string;
    let recoveryCodes: string[];
    beforeAll(async () => {
      me = await createUser(t.app, { roleName: 'Client Admin' });
      token = await signIn(t.app, me.email, me.password);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START);
      ({ secret, recoveryCodes } = await a.enable(me, token));
      vi.useRealTimers();
    });

    it('TotpRecoveryCodes needs the password and a code, and voids the old codes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(STEP_START + 60_000);
      const wrongPassword = await a.post(
        '/api/User/TotpRecoveryCodes',
        { Password: 'Nope-Nope1!', Code: codeAt(secret, Date.now()) },
        token,
      );
      expect(envelopeOf(wrongPassword)).toMatchObject({ status: 'Failure', message: MSG.wrongPassword });
      const wrongCode = await a.post('/api/User/TotpRecoveryCodes', { Password: me.password, Code: '000000' }, token);
      expect(envelopeOf(wrongCode)).toMatchObject({ status: 'Failure', message: MSG.totpCodeWrong });
      const res = await a.post(
        '/api/User/TotpRecoveryCodes',
        { Password: me.password, Code: codeAt(secret, Date.now()) },
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const fresh = envelopeOf<{ recoveryCodes: string[] }>(res).data.recoveryCodes;
      expect(fresh).toHaveLength(10);
      expect(envelopeOf(await a.verify(await a.challenge(me), recoveryCodes[0])).message).toBe(MSG.totpCodeWrong);
      expect((await a.verify(await a.challenge(me), fresh[0])).statusCode).toBe(200);
      recoveryCodes = fresh.slice(1);
      expect(await outboxSubjects(t)).toContain('New recovery codes for your Scentry account');
    });

    it('TotpDisable needs the password and a code (a recovery code counts); sign-in is then one step', async () => {
      const wrong = await a.post('/api/User/TotpDisable', { Password: me.password, Code: '000000' }, token);
      expect(envelopeOf(wrong)).toMatchObject({ status: 'Failure', message: MSG.totpCodeWrong });
      const res = await a.post('/api/User/TotpDisable', { Password: me.password, Code: recoveryCodes[0] }, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(envelopeOf(res)).toMatchObject({ status: 'Success', message: MSG.totpDisabled });
      expect((await signInRequest(t.app, me.email, me.password)).statusCode).toBe(200);
      const again = await a.post('/api/User/TotpDisable', { Password: me.password, Code: '000000' }, token);
      expect(envelopeOf(again)).toMatchObject({ status: 'Warning', message: MSG.totpNotOn });
      const rows = await t.app.db.selectFrom('totpRecoveryCodes').select('id').where('userId', '=', me.id).execute();
      expect(rows).toHaveLength(0);
      expect(await outboxSubjects(t)).toContain('Two-step sign-in was turned off on your Scentry account');
    });

    it("TotpClear (admin) clears a user's TOTP and ends their sessions, audited", async () => {
      const u = await createUser(t.app, { roleName: 'Client Admin' });
      const userToken = await signIn(t.app, u.email, u.password);
      await a.enable(u, userToken);
      const pending = await a.challenge(u);
      const admin = await createUser(t.app, { roleName: 'Admin' });
      const adminToken = await signIn(t.app, admin.email, admin.password);

      const own = await a.post('/api/User/TotpClear', { UserId: admin.id }, adminToken);
      expect(own.statusCode).toBe(400);
      expect(envelopeOf(own)).toMatchObject({ status: 'Warning', message: MSG.totpClearOwn });
      const unknown = await a.post('/api/User/TotpClear', { UserId: 999999 }, adminToken);
      expect(unknown.statusCode).toBe(404);
      const res = await a.post('/api/User/TotpClear', { UserId: u.id }, adminToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(envelopeOf(res)).toMatchObject({ status: 'Success', message: MSG.totpCleared });
      // Their session ended; their pending challenge died; they sign in with the password alone.
      expect((await a.post('/api/User/TotpSetup', { Password: u.password }, userToken)).statusCode).toBe(401);
      expect(envelopeOf(await a.verify(pending, '123456')).message).toBe(MSG.totpChallengeExpired);
      expect((await signInRequest(t.app, u.email, u.password)).statusCode).toBe(200);
      const again = await a.post('/api/User/TotpClear', { UserId: u.id }, adminToken);
      expect(envelopeOf(again)).toMatchObject({ status: 'Warning', message: MSG.totpNotOn });
      const audit = await t.app.db
        .selectFrom('auditLog')
        .select(['userId', 'entityId'])
        .where('action', '=', 'totp-clear')
        .execute();
      expect(audit).toContainEqual({ userId: admin.id, entityId: String(u.id) });
      expect(await outboxSubjects(t)).toContain('Two-step sign-in was cleared on your Scentry account');
    });
  });
});

describe('REQUIRE_TOTP', () => {
  const t = useTestApp({ env: { RATE_LIMITS: 'off', REQUIRE_TOTP: 'staff' } });
  const a = api(t);

  it('sign-in says totpSetupRequired for staff without TOTP; their token gets 403 but for the allowed calls', async () => {
    const me = await createUser(t.app, { roleName: 'Admin' });
    const res = await signInRequest(t.app, me.email, me.password);
    expect(res.statusCode).toBe(200);
    const { token, totpSetupRequired } = envelopeOf<SignInReply>(res).data;
    expect(totpSetupRequired).toBe(true);

    const list = await a.post('/api/User/GetUserList', { pageNumber: 1, rowsPerPage: 10 }, token);
    expect(list.statusCode).toBe(403);
    expect(envelopeOf(list)).toEqual({
      status: 'Failure',
      message: MSG.totpSetupRequired,
      error: null,
      data: { totpSetupRequired: true },
    });
    const roles = await t.app.inject({ method: 'GET', url: '/api/Role/GetRoles', headers: bearer(token) });
    expect(roles.statusCode).toBe(200); // public: no token needed, none checked
    const counts = await t.app.inject({
      method: 'GET',
      url: '/api/TestResult/GetTestResultCounts',
      headers: bearer(token),
    });
    expect(counts.statusCode).toBe(403);
    // ChangePassword is allowed (here its rules answer), and so is setting TOTP up.
    const change = await a.post('/api/User/ChangePassword', { id: me.id }, token);
    expect(change.statusCode).toBe(400);
    // So is ending one's other sessions (a computer left signed in elsewhere); this token goes on.
    const others = await a.post('/api/User/EndOtherSessions', {}, token);
    expect(others.statusCode).toBe(200);
    const { secret } = await a.enable(me, token);
    expect(secret).toBeTruthy();
    // Read per request: the same token now works.
    expect((await a.post('/api/User/GetUserList', { pageNumber: 1, rowsPerPage: 10 }, token)).statusCode).toBe(200);
  });

  it('covers Client Admins under staff but not role User; admin covers Admins only; live sessions follow a change', async () => {
    const clientAdmin = await createUser(t.app, { roleName: 'Client Admin' });
    const user = await createUser(t.app, { roleName: 'User' });
    const ca = envelopeOf<SignInReply>(await signInRequest(t.app, clientAdmin.email, clientAdmin.password)).data;
    const u = envelopeOf<SignInReply>(await signInRequest(t.app, user.email, user.password)).data;
    expect(ca.totpSetupRequired).toBe(true);
    expect(u.totpSetupRequired).toBe(false);
    const names = () => t.app.inject({ method: 'GET', url: '/api/TestKit/GetTestNameList', headers: bearer(ca.token) });
    expect((await names()).statusCode).toBe(403);
    const saved = t.app.config.requireTotp;
    try {
      t.app.config.requireTotp = 'admin';
      expect((await names()).statusCode).toBe(200);
      t.app.config.requireTotp = 'off';
      expect((await names()).statusCode).toBe(200);
      t.app.config.requireTotp = 'staff';
      expect((await names()).statusCode).toBe(403);
    } finally {
      t.app.config.requireTotp = saved;
    }
  });
});
