import { MSG } from '@scentry/shared-schema';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  envelopeOf,
  type FixtureUser,
  makeJwt,
  signInRequest,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useTestApp,
} from '../../../test/helpers';

const END = '/api/User/EndOtherSessions';
const COUNTS = '/api/TestResult/GetTestResultCounts';
// An endpoint every signed-in role may call (GetTestResultCounts is staff only).
const CHANGE = '/api/User/ChangePassword';

describe('EndOtherSessions (API.md: auth; ends every other session of the caller)', () => {
  const t = useTestApp();

  const signIn = async (user: { email: string; password: string }, address = '192.0.2.40') => {
    const res = await signInRequest(t.app, user.email, user.password, address);
    expect(res.statusCode).toBe(200);
    return envelopeOf<{ token: string; deviceToken: string }>(res).data;
  };
  const end = (token: string, payload?: string | object) =>
    t.app.inject({
      method: 'POST',
      url: END,
      headers: { ...bearer(token), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });
  /** 200 for a working staff token, 401 for an ended one. */
  const counts = async (token: string) => (await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode;

  it('keeps the calling session, ends every other one of the caller (401 with the session message), and no one else’s', async () => {
    const me = await createUser(t.app, { roleName: 'Admin' });
    const someoneElse = await createUser(t.app, { roleName: 'Admin' });
    const caller = (await signIn(me, '192.0.2.41')).token;
    const phone = (await signIn(me, '192.0.2.42')).token;
    const laptop = (await signIn(me, '192.0.2.43')).token;
    const theirs = (await signIn(someoneElse, '192.0.2.44')).token;

    const res = await end(caller);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({ status: 'Success', message: MSG.otherSessionsEnded, error: null, data: null });

    expect(await counts(caller)).toBe(200);
    for (const other of [phone, laptop]) {
      const r = await t.app.inject({ url: COUNTS, headers: bearer(other) });
      expect(r.statusCode).toBe(401);
      expect(envelopeOf(r)).toEqual({ status: 'Failure', message: MSG.unauthorized, error: null, data: null });
    }
    expect(await counts(theirs)).toBe(200);

    // A new sign-in works beside the kept session; the password did not change.
    const fresh = (await signIn(me, '192.0.2.45')).token;
    expect(await counts(fresh)).toBe(200);
    expect(await counts(caller)).toBe(200);
  });

  it('called again from another session, ends the first caller too (only the latest caller is kept)', async () => {
    const me = await createUser(t.app, { roleName: 'Client Admin' });
    const a = (await signIn(me, '192.0.2.51')).token;
    const b = (await signIn(me, '192.0.2.52')).token;
    expect((await end(a)).statusCode).toBe(200);
    expect(await counts(b)).toBe(401);
    const c = (await signIn(me, '192.0.2.53')).token;
    expect((await end(c)).statusCode).toBe(200);
    expect(await counts(a)).toBe(401);
    expect(await counts(c)).toBe(200);
    // Calling it twice from the same session is harmless.
    expect((await end(c)).statusCode).toBe(200);
    expect(await counts(c)).toBe(200);
  });

  it('after a ChangePassword, the kept session may end the others again and still works', async () => {
    const me: FixtureUser = await createUser(t.app, { roleName: 'Admin' });
    const caller = (await signIn(me, '192.0.2.61')).token;
    const changed = await t.app.inject({
      method: 'POST',
      url: CHANGE,
      headers: bearer(caller),
      payload: {
        id: me.id,
        oldPassword: me.password,
        newPassword: 'Other-Passw0rd',
        confirmPassword: 'Other-Passw0rd',
      },
    });
    expect(changed.statusCode).toBe(200);
    const later = (await signIn({ email: me.email, password: 'Other-Passw0rd' }, '192.0.2.62')).token;
    expect((await end(caller)).statusCode).toBe(200);
    expect(await counts(caller)).toBe(200);
    expect(await counts(later)).toBe(401);
  });

  it('is open to every signed-in role, the role User included', async () => {
    const user = await createUser(t.app, { roleName: 'User' });
    const caller = (await signIn(user, '192.0.2.71')).token;
    const other = (await signIn(user, '192.0.2.72')).token;
    expect((await end(caller)).statusCode).toBe(200);
    // A User may call ChangePassword only: a 400 (empty body) shows the guard let it through, a 401 that it did not.
    const call = (token: string) =>
      t.app.inject({ method: 'POST', url: CHANGE, headers: bearer(token), payload: {} }).then((r) => r.statusCode);
    expect(await call(caller)).toBe(400);
    expect(await call(other)).toBe(401);
  });

  it('ignores a body, refuses malformed JSON with the envelope, and answers 401 without a working token', async () => {
    const me = await createUser(t.app, { roleName: 'Admin' });
    const token = (await signIn(me, '192.0.2.81')).token;
    expect((await end(token, { Id: 1, UserId: 999, keep: false })).statusCode).toBe(200);
    expect((await end(token, '[1,2]')).statusCode).toBe(200);
    expect(await counts(token)).toBe(200);
    const bad = await end(token, '{"a":');
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).status).toBe('Failure');

    const none = await t.app.inject({ method: 'POST', url: END });
    expect(none.statusCode).toBe(401);
    expect(envelopeOf(none)).toEqual({ status: 'Failure', message: MSG.unauthorized, error: null, data: null });
    // An ended token cannot end the session that ended it.
    const other = (await signIn(me, '192.0.2.82')).token;
    expect((await end(token)).statusCode).toBe(200);
    expect((await end(other)).statusCode).toBe(401);
    expect(await counts(token)).toBe(200);
  });

  it('a token without a token id (never issued by sign-in) cannot end the sessions of its user', async () => {
    const me = await createUser(t.app, { roleName: 'Admin' });
    const real = (await signIn(me, '192.0.2.85')).token;
    // Well signed, the current version (0 for a new user), but no `jti`: there would be nothing to keep.
    const bare = makeJwt({ sub: String(me.id), role: 'Admin' }, t.config.jwtSecret);
    expect(await counts(bare)).toBe(200);
    const res = await end(bare);
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).message).toBe(MSG.unauthorized);
    expect(await counts(real)).toBe(200);
  });

  it('leaves the password and the device token alone: the other device signs in again as before', async () => {
    const me = await createUser(t.app, { roleName: 'Admin' });
    const caller = (await signIn(me, '192.0.2.91')).token;
    const elsewhere = await signIn(me, '192.0.2.92');
    expect((await end(caller)).statusCode).toBe(200);
    expect(await counts(elsewhere.token)).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/User/Authenticate',
      payload: { Email: me.email, Password: me.password, DeviceToken: elsewhere.deviceToken },
      remoteAddress: '192.0.2.92',
    });
    expect(again.statusCode).toBe(200);
    expect(await counts(envelopeOf<{ token: string }>(again).data.token)).toBe(200);
  });

  it('is audited: who, which account, from which address', async () => {
    const me = await createUser(t.app, { roleName: 'Client Admin' });
    const token = (await signIn(me, '192.0.2.95')).token;
    const res = await t.app.inject({ method: 'POST', url: END, headers: bearer(token), remoteAddress: '192.0.2.95' });
    expect(res.statusCode).toBe(200);
    const rows = await t.app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'end-other-sessions')
      .where('userId', '=', me.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userEmail: me.email,
      entity: 'user',
      entityId: String(me.id),
      address: '192.0.2.95',
    });
    // The Admin reads it in the audit log under its action.
    const admin = (await signIn({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }, '192.0.2.96')).token;
    const log = await t.app.inject({
      method: 'POST',
      url: '/api/Audit/GetAuditLog',
      headers: bearer(admin),
      payload: { pageNumber: 1, rowsPerPage: 10, filter: { Action: 'end-other-sessions', UserId: me.id } },
    });
    expect(envelopeOf<{ list: { action: string; userId: number }[] }>(log).data.list).toEqual([
      expect.objectContaining({ action: 'end-other-sessions', userId: me.id }),
    ]);
  });
});
