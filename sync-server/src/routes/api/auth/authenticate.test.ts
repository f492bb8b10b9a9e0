import { MSG, type SessionUser } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createUser,
  envelopeOf,
  type FixtureUser,
  signInRequest,
  useTestApp,
} from '../../../test/helpers';

const URL = '/api/User/Authenticate';

describe('POST /api/User/Authenticate', () => {
  const t = useTestApp();
  let clientAdmin: FixtureUser;
  let plainUser: FixtureUser;
  let orgId: number;

  beforeAll(async () => {
    orgId = await createOrganization(t.app, { name: 'Quiet Clinic', discloseUserDetails: false });
    [clientAdmin, plainUser] = await Promise.all([
      createUser(t.app, {
        roleName: 'Client Admin',
        email: 'Carol.Client@Scentry.test',
        firstName: 'Carol',
        lastName: 'Client',
        organizationId: orgId,
      }),
      createUser(t.app, { roleName: 'User', firstName: 'Uma', lastName: 'User' }),
    ]);
  });

  it('signs in and returns the session user and a device token', async () => {
    const res = await signInRequest(t.app, clientAdmin.email, clientAdmin.password);
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<SessionUser>(res);
    expect(body.status).toBe('Success');
    expect(body.message).toBe(MSG.loginSuccess);
    expect(body.error).toBeNull();
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'deviceToken',
        'discloseUserDetails',
        'firstName',
        'id',
        'lastName',
        'organizationId',
        'organizationName',
        'roleName',
        'token',
        'totpSetupRequired',
      ].sort(),
    );
    expect(body.data).toMatchObject({
      id: clientAdmin.id,
      roleName: 'Client Admin',
      firstName: 'Carol',
      lastName: 'Client',
      organizationId: orgId,
      organizationName: 'Quiet Clinic',
      totpSetupRequired: false,
      discloseUserDetails: false,
    });
    expect(body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const payload = t.app.jwt.decode<{ sub: string; role: string; iat: number; exp: number }>(body.data.token);
    expect(payload).toMatchObject({ sub: String(clientAdmin.id), role: 'Client Admin' });
    // JWT_TTL defaults to 8h (DESIGN.md §8): the lifetime is in seconds, not milliseconds.
    expect(payload!.exp - payload!.iat).toBe(8 * 3600);
  });

  it('returns null organization and discloses details for a user without an organization', async () => {
    const res = await signInRequest(t.app, plainUser.email, plainUser.password);
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<SessionUser>(res);
    expect(body.status).toBe('Success');
    expect(body.data).toMatchObject({
      id: plainUser.id,
      roleName: 'User',
      firstName: 'Uma',
      lastName: 'User',
      organizationId: null,
      organizationName: null,
      discloseUserDetails: true,
    });
  });

  it('compares the e-mail ignoring case and surrounding spaces', async () => {
    for (const email of ['CAROL.CLIENT@SCENTRY.TEST', 'carol.client@scentry.test', '  Carol.Client@scentry.TEST ']) {
      const res = await signInRequest(t.app, email, clientAdmin.password);
      expect(res.statusCode, email).toBe(200);
      expect(envelopeOf(res).status).toBe('Success');
    }
  });

  it('binds request keys case-insensitively', async () => {
    for (const payload of [
      { email: clientAdmin.email, password: clientAdmin.password },
      { Email: clientAdmin.email, Password: clientAdmin.password },
      { EMAIL: clientAdmin.email, pAsSwOrD: clientAdmin.password },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: URL, payload });
      expect(res.statusCode, JSON.stringify(Object.keys(payload))).toBe(200);
      expect(envelopeOf<SessionUser>(res).data.id).toBe(clientAdmin.id);
    }
  });

  it('ignores unknown request properties', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: {
        Email: clientAdmin.email,
        Password: clientAdmin.password,
        RememberMe: true,
        tempId: 'local-123',
        device: { os: 'iOS', version: [17, 2] },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).status).toBe('Success');
  });

  it('refuses a wrong password with 400 Warning', async () => {
    const res = await signInRequest(t.app, clientAdmin.email, 'Wrong-Passw0rd!');
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toEqual({ status: 'Warning', message: MSG.loginFailed, error: null, data: null });
  });

  it('refuses an unknown e-mail exactly like a wrong password', async () => {
    const res = await signInRequest(t.app, 'nobody@scentry.test', clientAdmin.password);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toEqual({ status: 'Warning', message: MSG.loginFailed, error: null, data: null });
  });

  it('refuses an inactive user with 400 Warning', async () => {
    const inactive = await createUser(t.app, { roleName: 'User' });
    const before = await signInRequest(t.app, inactive.email, inactive.password);
    expect(before.statusCode).toBe(200);
    await t.app.db.updateTable('users').set({ isActive: 0 }).where('id', '=', inactive.id).execute();
    const res = await signInRequest(t.app, inactive.email, inactive.password);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toEqual({ status: 'Warning', message: MSG.userInactive, error: null, data: null });
  });

  it('answers an inactive account the same whether or not the password was right (no password oracle)', async () => {
    const inactive = await createUser(t.app, { roleName: 'User', isActive: false });
    const wrong = await signInRequest(t.app, inactive.email, 'Wrong-Passw0rd!');
    const right = await signInRequest(t.app, inactive.email, inactive.password);
    expect(wrong.statusCode).toBe(right.statusCode);
    expect(wrong.body).toBe(right.body);
    expect(envelopeOf(right)).toEqual({ status: 'Warning', message: MSG.userInactive, error: null, data: null });
  });

  it('refuses a user of an inactive organization with 400 Warning', async () => {
    const closedOrg = await createOrganization(t.app, { name: 'Closed Clinic', isActive: false });
    const member = await createUser(t.app, { roleName: 'Client Admin', organizationId: closedOrg });
    const res = await signInRequest(t.app, member.email, member.password);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toEqual({
      status: 'Warning',
      message: MSG.organizationInactive,
      error: null,
      data: null,
    });
  });

  it('refuses a user of a deleted organization', async () => {
    const goneOrg = await createOrganization(t.app, { name: 'Gone Clinic' });
    const member = await createUser(t.app, { roleName: 'User', organizationId: goneOrg });
    await t.app.db
      .updateTable('organizations')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', goneOrg)
      .execute();
    const res = await signInRequest(t.app, member.email, member.password);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).status).toBe('Warning');
    expect(envelopeOf(res).message).toBe(MSG.organizationInactive);
  });

  it('refuses a deleted user as unknown', async () => {
    const gone = await createUser(t.app, { roleName: 'User' });
    await t.app.db
      .updateTable('users')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const res = await signInRequest(t.app, gone.email, gone.password);
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res).message).toBe(MSG.loginFailed);
  });

  describe('validation (400 Failure with the spec messages)', () => {
    const cases: Array<[string, unknown, string]> = [
      ['missing e-mail', { Password: 'Whatever1!' }, MSG.emailRequired],
      ['empty e-mail', { Email: '', Password: 'Whatever1!' }, MSG.emailRequired],
      ['blank e-mail', { Email: '   ', Password: 'Whatever1!' }, MSG.emailRequired],
      ['invalid e-mail', { Email: 'not-an-email', Password: 'Whatever1!' }, MSG.emailInvalid],
      ['e-mail without a domain', { Email: 'carol@', Password: 'Whatever1!' }, MSG.emailInvalid],
      ['missing password', { Email: 'carol@scentry.test' }, MSG.passwordRequiredLogin],
      ['empty password', { Email: 'carol@scentry.test', Password: '' }, MSG.passwordRequiredLogin],
      ['empty body object', {}, MSG.emailRequired],
    ];
    for (const [name, payload, message] of cases) {
      it(name, async () => {
        const res = await t.app.inject({ method: 'POST', url: URL, payload: payload as object });
        expect(res.statusCode).toBe(400);
        const body = envelopeOf(res);
        expect(body.status).toBe('Failure');
        expect(body.message).toBe(message);
        expect(body.data).toBeNull();
        expect(typeof body.error).toBe('string');
      });
    }

    it('lists every broken field in `error`', async () => {
      const res = await t.app.inject({ method: 'POST', url: URL, payload: { Email: 'bad' } });
      const body = envelopeOf(res);
      expect(body.error).toContain(`email: ${MSG.emailInvalid}`);
      expect(body.error).toContain(`password: ${MSG.passwordRequiredLogin}`);
    });
  });
});
