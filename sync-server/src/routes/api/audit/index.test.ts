import { type ApiData, ROLES } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOptions, createPlayableKit } from '../../../test/catalogue';
import { bearer, envelopeOf, signIn, signInRequest, useFixtures, useTestApp } from '../../../test/helpers';

describe('audit log', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let admin: string;

  beforeAll(async () => {
    admin = await signIn(t.app, f.admin.email, f.admin.password);
  });

  const log = async (filter: object = {}, token = admin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Audit/GetAuditLog',
      headers: bearer(token),
      payload: { pageNumber: 1, rowsPerPage: 100, filter },
    });
    return { res, rows: res.statusCode === 200 ? envelopeOf<ApiData<'getAuditLog'>>(res).data.list : [] };
  };

  it('records sign-ins, failed ones too, with who and from where', async () => {
    await signInRequest(t.app, f.user.email, 'Wrong-Passw0rd!', '203.0.113.9');
    await signInRequest(t.app, f.user.email, f.user.password, '203.0.113.9');
    const { rows } = await log({ userId: f.user.id });
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'sign-in',
        entity: 'user',
        userId: f.user.id,
        userEmail: f.user.email,
        address: '203.0.113.9',
      }),
      expect.objectContaining({ action: 'sign-in-failed', userId: f.user.id, address: '203.0.113.9' }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('Wrong-Passw0rd!');
  });

  it('records every change to users, organizations, kits, cards and scent options, and password resets', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    const created = await post('/api/User/CreateUser', {
      FirstName: 'Audit',
      LastName: 'Me',
      Email: 'audit.me@example.org',
      RoleId: ROLES.User,
      Password: 'Audit-Pass1',
      ConfirmPassword: 'Audit-Pass1',
    });
    const userId = envelopeOf<{ id: number }>(created).data.id;
    await post('/api/User/ResetPassword', { UserId: userId, Password: 'Audit-Pass2', ConfirmPassword: 'Audit-Pass2' });
    await t.app.inject({ url: `/api/User/DeleteUser?Id=${userId}`, headers: bearer(admin) });
    const org = await post('/api/Organization/CreateOrganization', {
      ClientType: 'Organization',
      OrganizationName: 'Audited Org',
      OrganizationCode: 'AO1',
      OrganizationWebsite: 'audited.example',
      OrganizationAddress: '2 Side St',
      OrganizationEmail: 'desk@audited.example',
      OrganizationPhone: '5550101010',
      UserFirstName: 'Org',
      UserLastName: 'Admin',
      UserEmail: 'org.admin@audited.example',
      Password: 'Audit-Pass1',
      ConfirmPassword: 'Audit-Pass1',
    });
    const organizationId = envelopeOf<{ organizationId: number }>(org).data.organizationId;
    await t.app.inject({ url: `/api/Organization/DeleteOrganization?Id=${organizationId}`, headers: bearer(admin) });
    const options = await createOptions(t.app, admin, 5, 'Audited');
    const { kitId } = await createPlayableKit(t.app, admin, 'AUDIT1', options);
    const { rows } = await log({ userId: f.admin.id });
    const seen = rows.map((r) => `${r.action} ${r.entity} ${r.entityId}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        `create user ${userId}`,
        `password-reset user ${userId}`,
        `delete user ${userId}`,
        `create organization ${organizationId}`,
        `delete organization ${organizationId}`,
        `create scent option ${options[0].id}`,
        `create play kit ${kitId}`,
        expect.stringMatching(/^create scent card \d+$/),
        `update play kit ${kitId}`,
      ]),
    );
    expect(rows.every((r) => r.userEmail === f.admin.email)).toBe(true);
    // Newest first, and filters by action and day.
    expect(rows[0].id).toBeGreaterThan(rows[rows.length - 1].id);
    const deletes = (await log({ action: 'DELETE' })).rows;
    expect(deletes.length).toBeGreaterThan(0);
    expect(deletes.every((r) => r.action === 'delete')).toBe(true);
    expect((await log({ fromDate: '01/01/2000', toDate: '01/02/2000' })).rows).toEqual([]);
    expect((await log({ fromDate: '13/45/2026' })).res.statusCode).toBe(400);
  });

  it('cannot be changed: no endpoint edits it, and the table itself refuses updates and deletes', async () => {
    const before = (await log()).rows.length;
    await expect(sql`update audit_log set action = 'nothing'`.execute(t.app.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.app.db)).rejects.toThrow(/append-only/);
    expect((await log()).rows.length).toBeGreaterThanOrEqual(before);
    const paths = t.app.apiRoutes.map((r) => r.url).filter((u) => /audit/i.test(u));
    expect(paths).toEqual(['/api/Audit/GetAuditLog']);
  });

  it('is for the Admin only', async () => {
    const ca = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
    expect((await log({}, ca)).res.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/Audit/GetAuditLog',
      payload: { pageNumber: 1, rowsPerPage: 10 },
    });
    expect(none.statusCode).toBe(401);
  });
});
