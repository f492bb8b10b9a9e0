import { type ApiData, MSG, ORG_MSG, USER_MSG } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, envelopeOf, signIn, signInRequest, useFixtures, useTestApp } from '../../../test/helpers';

const COUNTS = '/api/TestResult/GetTestResultCounts';

describe('Organizations and providers', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    admin = await signIn(t.app, f.admin.email, f.admin.password);
  });

  // `token`: the Admin's by default, null for none.
  const headers = (token: string | null | undefined) => {
    const t2 = token === undefined ? admin : token;
    return t2 ? bearer(t2) : {};
  };
  const post = (url: string, payload: object, token?: string | null) =>
    t.app.inject({ method: 'POST', url: `/api/Organization/${url}`, headers: headers(token), payload });
  const get = (url: string, token?: string | null) =>
    t.app.inject({ method: 'GET', url: `/api/Organization/${url}`, headers: headers(token) });
  const newOrg = (extra: object = {}) => {
    seq++;
    return {
      ClientType: 'Medical provider',
      OrganizationName: `Nose Clinic ${seq}`,
      OrganizationCode: `NC${seq}`,
      OrganizationWebsite: 'https://clinic.example',
      OrganizationAddress: '1 Main St, Springfield',
      OrganizationEmail: `desk${seq}@clinic.example`,
      OrganizationPhone: '555 010 2000',
      DiscloseUserDetails: true,
      UserFirstName: 'Clara',
      UserLastName: 'Admin',
      UserEmail: `Clara${seq}@Clinic.example`,
      Password: 'Clinic-Pass1',
      ConfirmPassword: 'Clinic-Pass1',
      ...extra,
    };
  };
  const create = async (extra: object = {}) => {
    const body = newOrg(extra);
    const res = await post('CreateOrganization', body);
    expect(res.statusCode, res.body).toBe(200);
    return { body, ...envelopeOf<ApiData<'createOrganization'>>(res).data };
  };

  it('creates an organization with its Client Admin, who signs in and sees only that organization', async () => {
    const { body, organizationId, userId } = await create({ PasswordHash: 'injected' });
    expect(userId).toBeGreaterThan(0);
    const ca = await signInRequest(t.app, body.UserEmail, 'Clinic-Pass1');
    expect(envelopeOf<{ roleName: string; organizationId: number; organizationName: string }>(ca).data).toMatchObject({
      roleName: 'Client Admin',
      organizationId,
      organizationName: body.OrganizationName,
    });
    const record = envelopeOf<ApiData<'getOrganizationById'>>(
      await get(`GetOrganizationById?Id=${organizationId}`),
    ).data;
    expect(record).toMatchObject({
      organizationId,
      clientType: 'Medical provider',
      organizationName: body.OrganizationName,
      organizationIsActive: true,
      discloseUserDetails: true,
      id: userId,
      userEmail: body.UserEmail.toLowerCase(),
      userIsActive: true,
    });
    expect(JSON.stringify(record)).not.toMatch(/argon2|Clinic-Pass1|password/i);
  });

  it.each([
    ['no client type', { ClientType: undefined }, ORG_MSG.clientTypeRequired],
    ['no name', { OrganizationName: ' ' }, ORG_MSG.nameRequired],
    ['a name over 100 characters', { OrganizationName: 'N'.repeat(101) }, ORG_MSG.nameTooLong],
    ['no code', { OrganizationCode: '' }, ORG_MSG.codeRequired],
    ['a code over 200 characters', { OrganizationCode: 'C'.repeat(201) }, ORG_MSG.codeTooLong],
    ['no address', { OrganizationAddress: '' }, ORG_MSG.addressRequired],
    ['no website', { OrganizationWebsite: '' }, ORG_MSG.websiteRequired],
    ['a website that is none', { OrganizationWebsite: 'not a site' }, ORG_MSG.websiteInvalid],
    ['a phone of 6 digits', { OrganizationPhone: '123456' }, ORG_MSG.phoneInvalid],
    ['a phone of 18 characters', { OrganizationPhone: '1'.repeat(18) }, ORG_MSG.phoneInvalid],
    ['an invalid organization e-mail', { OrganizationEmail: 'desk@' }, MSG.emailInvalid],
    ['no user first name', { UserFirstName: '' }, MSG.nameRequired],
    ['a user name over 25 characters', { UserLastName: 'L'.repeat(26) }, MSG.nameTooLong],
    ['an invalid user e-mail', { UserEmail: 'clara' }, MSG.emailInvalid],
    ['a weak password', { Password: 'weakpass', ConfirmPassword: 'weakpass' }, MSG.passwordPattern],
    ['passwords that differ', { ConfirmPassword: 'Other-Pass1' }, MSG.passwordsMustMatch],
  ])('refuses %s with 400 and its message', async (_what, extra, message) => {
    const res = await post('CreateOrganization', newOrg(extra));
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ status: 'Failure', message });
  });

  it('refuses a Client Admin e-mail already used, ignoring case', async () => {
    const res = await post('CreateOrganization', newOrg({ UserEmail: f.admin.email.toUpperCase() }));
    expect(envelopeOf(res)).toMatchObject({ status: 'Warning', message: USER_MSG.emailTaken });
  });

  it('inactivating an organization inactivates its user: the open session ends at once; reactivating restores it', async () => {
    const { body, organizationId } = await create();
    const token = await signIn(t.app, body.UserEmail, 'Clinic-Pass1');
    expect((await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode).toBe(200);
    const { Password: _p, ConfirmPassword: _c, ...edit } = body;
    const off = await post('EditOrganization', {
      ...edit,
      OrganizationId: organizationId,
      OrganizationIsActive: false,
    });
    expect(envelopeOf(off)).toMatchObject({ status: 'Success', message: ORG_MSG.updated });
    expect((await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode).toBe(401);
    expect((await signInRequest(t.app, body.UserEmail, 'Clinic-Pass1')).statusCode).toBe(400);
    // Not offered to players any more, and its public card is gone.
    const choices = envelopeOf<ApiData<'dropDownOrganization'>>(await get('DropDownOrganization', null)).data;
    expect(choices.map((c) => c.id)).not.toContain(organizationId);
    expect((await get(`GetOrganizationById?Id=${organizationId}`, null)).statusCode).toBe(404);
    await post('EditOrganization', { ...edit, OrganizationId: organizationId, OrganizationIsActive: true });
    expect((await signInRequest(t.app, body.UserEmail, 'Clinic-Pass1')).statusCode).toBe(200);
  });

  it('deleting an organization deletes its user (both hidden, never erased)', async () => {
    const { body, organizationId, userId } = await create();
    const token = await signIn(t.app, body.UserEmail, 'Clinic-Pass1');
    expect(envelopeOf(await get(`DeleteOrganization?Id=${organizationId}`))).toMatchObject({
      message: ORG_MSG.deleted,
    });
    expect((await t.app.inject({ url: COUNTS, headers: bearer(token) })).statusCode).toBe(401);
    const org = await t.app.db
      .selectFrom('organizations')
      .select('deletedAt')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const user = await t.app.db
      .selectFrom('users')
      .select('deletedAt')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(org.deletedAt && user.deletedAt).toBeTruthy();
    expect((await get(`GetOrganizationById?Id=${organizationId}`)).statusCode).toBe(404);
    expect((await get(`DeleteOrganization?Id=${organizationId}`)).statusCode).toBe(404);
  });

  it('shows players active organizations (id and name only) and a public card without a token', async () => {
    const { body, organizationId } = await create();
    const choices = await get('DropDownOrganization', null);
    expect(choices.statusCode).toBe(200);
    const list = envelopeOf<{ id: number; name: string }[]>(choices).data;
    expect(list).toContainEqual({ id: organizationId, name: body.OrganizationName });
    expect(list.every((c) => Object.keys(c).sort().join() === 'id,name')).toBe(true);
    const card = await get(`GetOrganizationById?Id=${organizationId}`, null);
    expect(envelopeOf(card).data).toEqual({
      id: organizationId,
      organizationName: body.OrganizationName,
      organizationAddress: body.OrganizationAddress,
      organizationPhone: body.OrganizationPhone,
    });
    // A Client Admin's token is no Admin's: the public card too.
    const ca = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
    expect(
      Object.keys(envelopeOf<object>(await get(`GetOrganizationById?Id=${organizationId}`, ca)).data),
    ).toHaveLength(4);
  });

  it('lists organizations with their contact person, filtered, never a password', async () => {
    const { body } = await create({ OrganizationName: 'Unique Smell Lab' });
    const res = await post('GetOrganizationList', {
      pageNumber: 1,
      rowsPerPage: 10,
      filter: { SearchText: 'smell lab' },
    });
    const { data } = envelopeOf<ApiData<'getOrganizationList'>>(res);
    expect(data.list).toHaveLength(1);
    expect(data.list[0]).toMatchObject({
      organizationName: 'Unique Smell Lab',
      organizationContactPerson: 'Clara Admin',
      userEmail: body.UserEmail.toLowerCase(),
      hasPassword: true,
      organizationIsActive: true,
    });
    expect(res.body).not.toMatch(/argon2|passwordHash/);
  });

  it('finds an organization by any detail in the search box: address and website included (spec)', async () => {
    await create({
      OrganizationName: 'Olfactory Unit',
      OrganizationAddress: '77 Lavender Row, Portland',
      OrganizationWebsite: 'https://sniff-test.example',
    });
    const search = async (text: string) =>
      envelopeOf<ApiData<'getOrganizationList'>>(
        await post('GetOrganizationList', { pageNumber: 1, rowsPerPage: 10, filter: { SearchText: text } }),
      ).data.list.map((o) => o.organizationName);
    expect(await search('lavender row')).toEqual(['Olfactory Unit']);
    expect(await search('sniff-test')).toEqual(['Olfactory Unit']);
    expect(await search('no such detail anywhere')).toEqual([]);
  });

  it('answers only an Admin for the admin calls: 401 without a token, 403 for a Client Admin or a User', async () => {
    const ca = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
    const user = await signIn(t.app, f.user.email, f.user.password);
    for (const [token, status] of [
      [null, 401],
      [ca, 403],
      [user, 403],
    ] as const) {
      expect((await post('GetOrganizationList', { pageNumber: 1, rowsPerPage: 10 }, token)).statusCode).toBe(status);
      expect((await post('CreateOrganization', newOrg(), token)).statusCode).toBe(status);
      expect(
        (await post('EditOrganization', { ...newOrg(), OrganizationId: f.organizationId }, token)).statusCode,
      ).toBe(status);
      expect((await get(`DeleteOrganization?Id=${f.organizationId}`, token)).statusCode).toBe(status);
    }
  });
});
