import { type ApiData, MSG, ROLES, USER_MSG } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  createUser,
  envelopeOf,
  signIn,
  signInRequest,
  useFixtures,
  useTestApp,
} from '../../../test/helpers';

const COUNTS = '/api/TestResult/GetTestResultCounts';

describe('User administration (admin)', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let admin: string;

  beforeAll(async () => {
    admin = await signIn(t.app, f.admin.email, f.admin.password);
  });

  const post = (url: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/User/${url}`, headers: bearer(token), payload });
  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url: `/api/User/${url}`, headers: bearer(token) });
  const newUser = (extra: object = {}) => ({
    FirstName: 'Mary-Jo',
    LastName: "O'Neil",
    Email: `Mary.${Math.random().toString(36).slice(2, 8)}@Example.org`,
    Phone: '555 123 4567',
    RoleId: ROLES.User,
    Password: 'Strong-Pass1',
    ConfirmPassword: 'Strong-Pass1',
    ...extra,
  });

  it('creates a user, stores the e-mail in lower case and never shows the password or its hash', async () => {
    const body = newUser({ PasswordHash: 'injected', CreatedAt: '2001-01-01', IsActive: true });
    const res = await post('CreateUser', body);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).message).toBe(USER_MSG.created);
    const { id } = envelopeOf<ApiData<'createUser'>>(res).data;
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.email).toBe(body.Email.toLowerCase());
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.createdAt).not.toBe('2001-01-01');
    const shown = await get(`GetUserById?Id=${id}`);
    expect(envelopeOf<ApiData<'getUserById'>>(shown).data).toMatchObject({
      id,
      firstName: 'Mary-Jo',
      lastName: "O'Neil",
      role: 'User',
      isActive: true,
      hasPassword: true,
      organizationId: null,
    });
    expect(shown.body).not.toMatch(/argon2|Strong-Pass1|passwordHash/);
    // The new user signs in with that password, whatever the case of the e-mail typed.
    expect((await signInRequest(t.app, body.Email.toUpperCase(), 'Strong-Pass1')).statusCode).toBe(200);
    expect(t.logs()).not.toMatch(/Strong-Pass1|\$argon2id\$/);
  });

  it.each([
    ['no first name', { FirstName: '' }, MSG.nameRequired],
    ['a name with special characters', { LastName: 'R2-D2!' }, MSG.specialCharacters],
    ['a name over 25 characters', { FirstName: 'A'.repeat(26) }, MSG.nameTooLong],
    ['no e-mail', { Email: '' }, MSG.emailRequired],
    ['an invalid e-mail', { Email: 'mary@' }, MSG.emailInvalid],
    ['a weak password', { Password: 'weakpass', ConfirmPassword: 'weakpass' }, MSG.passwordPattern],
    ['passwords that differ', { ConfirmPassword: 'Other-Pass1' }, MSG.passwordsMustMatch],
    ['no role', { RoleId: undefined }, USER_MSG.roleRequired],
    ['a Client Admin without an organization', { RoleId: ROLES.ClientAdmin }, USER_MSG.organizationRequired],
    [
      'a Client Admin of an organization that does not exist',
      { RoleId: ROLES.ClientAdmin, OrganizationId: 9999 },
      USER_MSG.unknownOrganization,
    ],
    ['an unknown role', { RoleId: 42 }, USER_MSG.unknownRole],
    ['a role id sent as text', { RoleId: '3' }, USER_MSG.roleRequired],
  ])('refuses %s with 400 and its message', async (_what, extra, message) => {
    const res = await post('CreateUser', newUser(extra));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message });
  });

  it('refuses an e-mail already used by a live user, ignoring case, with a Warning; a deleted one frees it', async () => {
    const taken = await createUser(t.app, { roleName: 'User' });
    const res = await post('CreateUser', newUser({ Email: taken.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ status: 'Warning', message: USER_MSG.emailTaken });
    expect((await get(`DeleteUser?Id=${taken.id}`)).statusCode).toBe(200);
    expect((await post('CreateUser', newUser({ Email: taken.email }))).statusCode).toBe(200);
  });

  it('lists users with filters and paging, without hashes', async () => {
    const res = await post('GetUserList', { pageNumber: 1, rowsPerPage: 5, filter: { Email: 'example.org' } });
    const { data } = envelopeOf<ApiData<'getUserList'>>(res);
    expect(data.totalCount).toBeGreaterThan(0);
    expect(data.list.every((u) => u.email.includes('example.org'))).toBe(true);
    expect(res.body).not.toMatch(/argon2|passwordHash/);
    const byName = envelopeOf<ApiData<'getUserList'>>(
      await post('GetUserList', { pageNumber: 1, rowsPerPage: 100, filter: { LastName: "o'nei" } }),
    ).data;
    expect(byName.list.map((u) => u.lastName)).toContain("O'Neil");
  });

  it('updates a user; one made inactive is signed out at once', async () => {
    const someone = await createUser(t.app, { roleName: 'Admin' });
    const token = await signIn(t.app, someone.email, someone.password);
    expect((await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode).toBe(200);
    const res = await post('UpdateUser', {
      Id: someone.id,
      FirstName: 'Renamed',
      LastName: 'Person',
      Email: someone.email,
      RoleId: ROLES.Admin,
      IsActive: false,
      PasswordHash: 'injected',
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode).toBe(401);
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', someone.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstName: 'Renamed', isActive: 0 });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('a Client Admin belongs to a live organization; an Admin or User keeps none', async () => {
    const org = await createOrganization(t.app, { name: 'Sniff Clinic' });
    const ca = envelopeOf<ApiData<'createUser'>>(
      await post('CreateUser', newUser({ RoleId: ROLES.ClientAdmin, OrganizationId: org })),
    ).data;
    expect(envelopeOf<ApiData<'getUserById'>>(await get(`GetUserById?Id=${ca.id}`)).data).toMatchObject({
      role: 'Client Admin',
      organizationId: org,
      organizationName: 'Sniff Clinic',
    });
    const plain = envelopeOf<ApiData<'createUser'>>(await post('CreateUser', newUser({ OrganizationId: org }))).data;
    expect(envelopeOf<ApiData<'getUserById'>>(await get(`GetUserById?Id=${plain.id}`)).data.organizationId).toBeNull();
  });

  it('will not let an Admin deactivate, demote or delete their own account', async () => {
    const me = f.admin;
    const base = {
      Id: me.id,
      FirstName: 'Self',
      LastName: 'Admin',
      Email: me.email,
      RoleId: ROLES.Admin,
      IsActive: true,
    };
    for (const change of [{ IsActive: false }, { RoleId: ROLES.User }]) {
      const res = await post('UpdateUser', { ...base, ...change });
      expect(envelopeOf(res)).toMatchObject({ status: 'Warning', message: USER_MSG.notYourself });
    }
    expect(envelopeOf(await get(`DeleteUser?Id=${me.id}`))).toMatchObject({
      status: 'Warning',
      message: USER_MSG.notYourself,
    });
    expect((await post('UpdateUser', base)).statusCode).toBe(200);
  });

  it('deletes users (hidden, never erased): they can no longer sign in and their sessions end', async () => {
    const [a, b] = await Promise.all([
      createUser(t.app, { roleName: 'Admin' }),
      createUser(t.app, { roleName: 'User' }),
    ]);
    const token = await signIn(t.app, a.email, a.password);
    const res = await get(`DeleteUser?Id=${a.id},${b.id}`);
    expect(envelopeOf(res)).toMatchObject({ status: 'Success', message: USER_MSG.deleted });
    expect((await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode).toBe(401);
    expect((await signInRequest(t.app, a.email, a.password)).statusCode).toBe(400);
    const rows = await t.app.db
      .selectFrom('users')
      .select(['id', 'deletedAt'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(rows.every((r) => r.deletedAt)).toBe(true);
    expect((await get(`GetUserById?Id=${a.id}`)).statusCode).toBe(404);
    expect((await get('DeleteUser?Id=987654')).statusCode).toBe(404);
    expect((await get('DeleteUser?Id=1;drop')).statusCode).toBe(400);
  });

  it('resets a password: the new one signs in and every session of that user ends', async () => {
    const u = await createUser(t.app, { roleName: 'Admin' });
    const token = await signIn(t.app, u.email, u.password);
    const weak = await post('ResetPassword', { UserId: u.id, Password: 'short', ConfirmPassword: 'short' });
    expect(envelopeOf(weak)).toMatchObject({ status: 'Failure', message: MSG.passwordPattern });
    const res = await post('ResetPassword', { id: u.id, Password: 'Reset-Pass1', ConfirmPassword: 'Reset-Pass1' });
    expect(envelopeOf(res)).toMatchObject({ status: 'Success', message: USER_MSG.passwordReset });
    expect((await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode).toBe(401);
    expect((await signInRequest(t.app, u.email, 'Reset-Pass1')).statusCode).toBe(200);
    expect(
      (await post('ResetPassword', { UserId: 987654, Password: 'Reset-Pass1', ConfirmPassword: 'Reset-Pass1' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers only an Admin: 401 without a token, 403 for a Client Admin or a User', async () => {
    const ca = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
    const user = await signIn(t.app, f.user.email, f.user.password);
    const calls: [string, 'GET' | 'POST', object?][] = [
      ['GetUserList', 'POST', { pageNumber: 1, rowsPerPage: 10 }],
      [`GetUserById?Id=${f.user.id}`, 'GET'],
      ['CreateUser', 'POST', newUser()],
      ['UpdateUser', 'POST', { Id: f.user.id, FirstName: 'X', LastName: 'Y', Email: f.user.email, RoleId: 3 }],
      [`DeleteUser?Id=${f.user.id}`, 'GET'],
      ['ResetPassword', 'POST', { UserId: f.user.id, Password: 'Reset-Pass1', ConfirmPassword: 'Reset-Pass1' }],
    ];
    for (const [url, method, payload] of calls) {
      for (const [token, status] of [
        [undefined, 401],
        [ca, 403],
        [user, 403],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/User/${url}`,
          headers: token ? bearer(token) : {},
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${url} as ${status}`).toBe(status);
      }
    }
    // Nothing changed for the User those calls named.
    expect((await signInRequest(t.app, f.user.email, f.user.password)).statusCode).toBe(200);
  });
});
