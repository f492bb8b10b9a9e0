import { MSG } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  envelopeOf,
  type FixtureUser,
  signIn,
  signInRequest,
  useTestApp,
} from '../../../test/helpers';

const URL = '/api/User/ChangePassword';

describe('POST /api/User/ChangePassword', () => {
  const t = useTestApp();
  let me: FixtureUser;
  let other: FixtureUser;
  let token: string;

  const change = (payload: unknown, auth = token) =>
    t.app.inject({ method: 'POST', url: URL, headers: bearer(auth), payload: payload as object });

  beforeAll(async () => {
    [me, other] = await Promise.all([createUser(t.app, { roleName: 'User' }), createUser(t.app, { roleName: 'User' })]);
    token = await signIn(t.app, me.email, me.password);
  });

  describe('rules (400 Failure with the exact message)', () => {
    const valid = () => ({
      id: me.id,
      oldPassword: me.password,
      newPassword: 'Brand-New1',
      confirmPassword: 'Brand-New1',
    });
    const cases: Array<[string, (v: ReturnType<typeof valid>) => Record<string, unknown>, string]> = [
      ['missing new password', ({ newPassword: _, ...v }) => v, MSG.newPasswordRequired],
      ['empty new password', (v) => ({ ...v, newPassword: '' }), MSG.newPasswordRequired],
      [
        'no uppercase',
        (v) => ({ ...v, newPassword: 'brand-new1', confirmPassword: 'brand-new1' }),
        MSG.passwordPattern,
      ],
      [
        'no lowercase',
        (v) => ({ ...v, newPassword: 'BRAND-NEW1', confirmPassword: 'BRAND-NEW1' }),
        MSG.passwordPattern,
      ],
      ['too short (7)', (v) => ({ ...v, newPassword: 'Brand1!', confirmPassword: 'Brand1!' }), MSG.passwordPattern],
      [
        'no digit or special character',
        (v) => ({ ...v, newPassword: 'BrandNewPass', confirmPassword: 'BrandNewPass' }),
        MSG.passwordPattern,
      ],
      ['mismatch', (v) => ({ ...v, confirmPassword: 'Brand-New2' }), MSG.passwordsMustMatch],
      ['missing current password', ({ oldPassword: _, ...v }) => v, MSG.currentPasswordRequired],
      ['empty current password', (v) => ({ ...v, oldPassword: '' }), MSG.currentPasswordRequired],
      ['missing confirm password', ({ confirmPassword: _, ...v }) => v, MSG.confirmPasswordRequired],
      ['missing id', ({ id: _, ...v }) => v, MSG.invalidRequest],
    ];
    for (const [name, make, message] of cases) {
      it(name, async () => {
        const res = await change(make(valid()));
        expect(res.statusCode).toBe(400);
        const body = envelopeOf(res);
        expect(body.status).toBe('Failure');
        expect(body.message).toBe(message);
        expect(body.data).toBeNull();
        expect(typeof body.error).toBe('string');
      });
    }

    it('the rules do not change the password', async () => {
      expect((await signInRequest(t.app, me.email, me.password)).statusCode).toBe(200);
    });
  });

  it('accepts 8 characters with a special character instead of a digit', async () => {
    const u = await createUser(t.app, { roleName: 'User' });
    const tok = await signIn(t.app, u.email, u.password);
    const res = await change(
      { Id: u.id, OldPassword: u.password, NewPassword: 'Abcdefg!', ConfirmPassword: 'Abcdefg!' },
      tok,
    );
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).status).toBe('Success');
  });

  it('refuses a wrong current password with 400', async () => {
    const res = await change({
      id: me.id,
      oldPassword: 'Not-My-Passw0rd',
      newPassword: 'Brand-New1',
      confirmPassword: 'Brand-New1',
    });
    expect(res.statusCode).toBe(400);
    const body = envelopeOf(res);
    expect(body.status).toBe('Failure');
    expect(body.message).toBe(MSG.wrongCurrentPassword);
    expect(body.data).toBeNull();
    expect((await signInRequest(t.app, me.email, me.password)).statusCode).toBe(200);
  });

  it("refuses another user's id with 403, and leaves their password alone", async () => {
    const res = await change({
      id: other.id,
      oldPassword: me.password,
      newPassword: 'Brand-New1',
      confirmPassword: 'Brand-New1',
    });
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.notYourAccount, error: null, data: null });
    expect((await signInRequest(t.app, other.email, other.password)).statusCode).toBe(200);
    expect((await signInRequest(t.app, other.email, 'Brand-New1')).statusCode).toBe(400);
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: { id: me.id, oldPassword: me.password, newPassword: 'Brand-New1', confirmPassword: 'Brand-New1' },
    });
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res).status).toBe('Failure');
  });

  it('refuses the current password as the new one', async () => {
    const u = await createUser(t.app, { roleName: 'User', password: 'Same-Passw0rd' });
    const tok = await signIn(t.app, u.email, u.password);
    const res = await change(
      { id: u.id, oldPassword: u.password, newPassword: u.password, confirmPassword: u.password },
      tok,
    );
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message: MSG.samePassword });
  });

  it('refuses an id sent as a string (wrong types are 400, never coerced)', async () => {
    const res = await change({
      id: String(me.id),
      oldPassword: me.password,
      newPassword: 'Brand-New1',
      confirmPassword: 'Brand-New1',
    });
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message: MSG.invalidRequest });
  });

  it('changes the password: the old one stops working, the new one signs in', async () => {
    const res = await change({
      id: me.id,
      oldPassword: me.password,
      newPassword: 'Brand-New1',
      confirmPassword: 'Brand-New1',
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toEqual({ status: 'Success', message: MSG.passwordChanged, error: null, data: null });

    const old = await signInRequest(t.app, me.email, me.password);
    expect(old.statusCode).toBe(400);
    expect(envelopeOf(old)).toMatchObject({ status: 'Warning', message: MSG.loginFailed });
    const fresh = await signInRequest(t.app, me.email, 'Brand-New1');
    expect(fresh.statusCode).toBe(200);
    expect(envelopeOf(fresh).status).toBe('Success');

    const row = await t.app.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});
