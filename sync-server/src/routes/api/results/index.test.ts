import { MSG, type TestResultCounts } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertResult as insertStoredResult } from '../../../test/catalogue';
import {
  bearer,
  createOrganization,
  createUser,
  envelopeOf,
  signIn,
  useFixtures,
  useTestApp,
} from '../../../test/helpers';

const URL = '/api/TestResult/GetTestResultCounts';

describe('GET /api/TestResult/GetTestResultCounts (staff)', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let otherOrg: number;
  let kitId: number;
  let adminToken: string;
  let clientAdminToken: string;
  let userToken: string;

  async function insertKit(name: string, deleted = false): Promise<number> {
    const { id } = await t.app.db
      .insertInto('testKits')
      .values({
        name,
        nameKey: name.toLowerCase(),
        isActive: 1,
        passThreshold: 4,
        version: 1,
        deletedAt: deleted ? new Date().toISOString() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const insertResult = (resultStatus: 'Pass' | 'Fail', organizationId: number | null) =>
    insertStoredResult(t.app, kitId, { resultStatus, organizationId });

  const counts = async (token: string) => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<TestResultCounts>(res);
    expect(body.status).toBe('Success');
    expect(body.error).toBeNull();
    return body.data;
  };

  beforeAll(async () => {
    otherOrg = await createOrganization(t.app, { name: 'Other Clinic' });
    adminToken = await signIn(t.app, f.admin.email, f.admin.password);
    clientAdminToken = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
    userToken = await signIn(t.app, f.user.email, f.user.password);
  });

  it('is all zeros on an empty database', async () => {
    expect(await counts(adminToken)).toEqual({ totalTestCount: 0, passCount: 0, failCount: 0, testKitCount: 0 });
    expect(await counts(clientAdminToken)).toEqual({
      totalTestCount: 0,
      passCount: 0,
      failCount: 0,
      testKitCount: 0,
    });
  });

  it('counts what is in the database for the Admin, and follows changes', async () => {
    kitId = await insertKit('KIT-A');
    await insertKit('KIT-GONE', true); // deleted kits are not counted
    await insertResult('Pass', f.organizationId);
    await insertResult('Pass', f.organizationId);
    await insertResult('Fail', f.organizationId);
    await insertResult('Pass', otherOrg);
    await insertResult('Fail', otherOrg);
    await insertResult('Fail', null);
    await insertResult('Fail', null);
    expect(await counts(adminToken)).toEqual({ totalTestCount: 7, passCount: 3, failCount: 4, testKitCount: 1 });

    await insertKit('KIT-B');
    await insertResult('Pass', null);
    expect(await counts(adminToken)).toEqual({ totalTestCount: 8, passCount: 4, failCount: 4, testKitCount: 2 });
  });

  it("limits a Client Admin to their organization's results, and the kits those were played on", async () => {
    expect(await counts(clientAdminToken)).toEqual({
      totalTestCount: 3,
      passCount: 2,
      failCount: 1,
      testKitCount: 1, // KIT-A: KIT-B has no result of theirs
    });
    await insertResult('Fail', f.organizationId);
    await insertResult('Pass', otherOrg);
    expect(await counts(clientAdminToken)).toEqual({
      totalTestCount: 4,
      passCount: 2,
      failCount: 2,
      testKitCount: 1,
    });
  });

  it('a Client Admin of another organization sees only theirs', async () => {
    const other = await createUser(t.app, { roleName: 'Client Admin', organizationId: otherOrg });
    const token = await signIn(t.app, other.email, other.password);
    expect(await counts(token)).toEqual({ totalTestCount: 3, passCount: 2, failCount: 1, testKitCount: 1 });
  });

  it('a Client Admin without an organization sees no results', async () => {
    const orphan = await createUser(t.app, { roleName: 'Client Admin' });
    const token = await signIn(t.app, orphan.email, orphan.password);
    const data = await counts(token);
    expect(data).toMatchObject({ totalTestCount: 0, passCount: 0, failCount: 0 });
  });

  it('refuses the User role with 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: bearer(userToken) });
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.forbidden, error: null, data: null });
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
    expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.unauthorized, error: null, data: null });
  });
});
