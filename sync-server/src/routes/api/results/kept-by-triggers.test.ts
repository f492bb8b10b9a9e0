import { randomUUID } from 'node:crypto';
import type { TestResultRow } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectReply } from '../../../test/catalogue';
import { bearer, createOrganization, createUser, signIn, useTestApp } from '../../../test/helpers';
import { DEMO_ENV, liveKit } from '../../../test/play';

const LIST = '/api/TestResult/GetTestResultList';

/**
 * What the results list reads from tables that triggers keep beside the results: the total without
 * a filter from the kept count (migration 2026-11-28T1700-result-counts), and the search text
 * through the names index (SQLite's FTS5 table; PostgreSQL's narrow names table, 2026-11-28T1710).
 * Each must follow every way a result comes, changes and goes, for every scope.
 */
describe('the results list, read from what triggers keep', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  let kit = 0;
  let otherKit = 0;
  let orgA = 0;
  let orgB = 0;
  const tokens = { admin: '', clientA: '', clientB: '' };

  beforeAll(async () => {
    kit = (await liveKit(t.app, 'DEMO1')).kitId;
    otherKit = (
      await t.app.db
        .insertInto('testKits')
        .values({ name: 'Counted2', nameKey: 'counted2', isActive: 0, deletedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    orgA = await createOrganization(t.app, { name: 'Count Clinic A' });
    orgB = await createOrganization(t.app, { name: 'Count Clinic B' });
    const users = {
      admin: await createUser(t.app, { roleName: 'Admin' }),
      clientA: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgA }),
      clientB: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgB }),
    };
    for (const [k, u] of Object.entries(users))
      tokens[k as keyof typeof tokens] = await signIn(t.app, u.email, u.password);
  });

  const add = (organizationId: number | null, testKitId = kit, lastName = 'Me') =>
    t.app.db
      .insertInto('testResults')
      .values({
        id: randomUUID(),
        testKitId,
        kitVersion: 1,
        organizationId,
        firstName: 'Count',
        lastName,
        playedAt: new Date().toISOString(),
        resultStatus: 'Pass',
        rightAnswerCount: 5,
        playHash: randomUUID(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);

  const total = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: LIST,
      headers: bearer(token),
      payload: { pageNumber: 1, rowsPerPage: 10, ...body },
    });
    return expectReply<{ list: TestResultRow[]; totalCount: number }>(res, 200, 'Success').data.totalCount;
  };
  /** What the table holds, counted: the figure every total must equal. */
  const counted = async (organizationId?: number) => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from test_results
      where ${organizationId === undefined ? sql`1 = 1` : sql`organization_id = ${organizationId}`}`.execute(t.app.db);
    return Number(rows[0].n);
  };
  const expectTotals = async () => {
    expect(await total(tokens.admin)).toBe(await counted());
    expect(await total(tokens.admin, { organizationId: orgA })).toBe(await counted(orgA));
    expect(await total(tokens.clientA)).toBe(await counted(orgA));
    expect(await total(tokens.clientB)).toBe(await counted(orgB));
  };

  it('follows results stored, moved to another organization or kit, and deleted', async () => {
    const before = await total(tokens.admin);
    const a = await add(orgA);
    const b = await add(orgB, otherKit);
    const none = await add(null);
    await add(orgA, otherKit);
    await expectTotals();
    expect(await total(tokens.admin)).toBe(before + 4);
    expect(await total(tokens.clientA)).toBe(2);

    // An organization set later (SaveUserMedicalInformation does this), another one, another kit.
    await t.app.db.updateTable('testResults').set({ organizationId: orgB }).where('id', '=', none).execute();
    await t.app.db.updateTable('testResults').set({ organizationId: orgB }).where('id', '=', a).execute();
    await t.app.db.updateTable('testResults').set({ testKitId: kit }).where('id', '=', b).execute();
    await expectTotals();
    expect(await total(tokens.clientB)).toBe(3);

    await t.app.db.deleteFrom('testResults').where('id', 'in', [a, b]).execute();
    await expectTotals();
    expect(await total(tokens.admin)).toBe(before + 2);
    // A filter still counts the table itself.
    expect(await total(tokens.admin, { resultStatus: 'Pass' })).toBeGreaterThanOrEqual(2);
  });

  it('finds a result by its names as stored, changed and deleted', async () => {
    const id = await add(orgA, kit, 'Quuxwell');
    const found = (text: string) => total(tokens.admin, { searchText: text });
    expect(await found('Quuxwell')).toBe(1);
    expect(await found('count quux')).toBe(1);
    await t.app.db.updateTable('testResults').set({ lastName: 'Frobnitz' }).where('id', '=', id).execute();
    expect(await found('Quuxwell')).toBe(0);
    expect(await found('Frobnitz')).toBe(1);
    // Found by its names and by its organization's name at once: counted once.
    await t.app.db.updateTable('organizations').set({ name: 'Frobnitz Clinic' }).where('id', '=', orgA).execute();
    expect(await found('Frobnitz')).toBe(await counted(orgA));
    await t.app.db.deleteFrom('testResults').where('id', '=', id).execute();
    expect(await found('Frobnitz')).toBe(await counted(orgA));
    await t.app.db.updateTable('organizations').set({ name: 'Count Clinic A' }).where('id', '=', orgA).execute();
    expect(await found('Frobnitz')).toBe(0);
  });
});
