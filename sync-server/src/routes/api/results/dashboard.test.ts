import { randomUUID } from 'node:crypto';
import {
  MSG,
  RESULTS_MSG,
  type TestResultCounts,
  type TestResultListRequest,
  type TestResultRow,
  type TrendPoint,
} from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createOrganization, createUser, signIn, useTestApp } from '../../../test/helpers';
import { expectEnvelope } from '../../../test/play';

const COUNTS = '/api/TestResult/GetTestResultCounts';
const TREND = '/api/TestResult/GetTestResultTrend';
const LIST = '/api/TestResult/GetTestResultList';

/**
 * A wall-clock time in America/Los_Angeles as the UTC instant, written out by hand so the test does
 * not lean on the code it checks: PST is UTC−8, PDT (from 2026-03-08 02:00 to 2026-11-01 02:00) UTC−7.
 */
const la = (local: string, offsetHours: 7 | 8) =>
  new Date(Date.parse(`${local}Z`) + offsetHours * 3600_000).toISOString();

/**
 * The dashboard's counts of a period and its trend (issue 24; API.md GetTestResultCounts,
 * GetTestResultTrend, "Reports: trend and kit insights"): whole days, weeks from Monday and months
 * of America/Los_Angeles across both daylight-saving changes of 2026, zero-filled, scoped as the
 * results list for two organizations.
 */
describe('dashboard: GetTestResultCounts with a period, GetTestResultTrend', () => {
  const t = useTestApp({ env: { RATE_LIMITS: 'off' } });
  let orgA = 0;
  let orgB = 0;
  const kits = { k1: 0, k2: 0, k3: 0, gone: 0 };
  const tokens = { admin: '', clientA: '', clientB: '', lonely: '', user: '' };

  async function addKit(name: string, deleted = false): Promise<number> {
    const { id } = await t.app.db
      .insertInto('testKits')
      .values({
        name,
        nameKey: name.toLowerCase(),
        isActive: 1,
        passThreshold: 4,
        version: 2,
        deletedAt: deleted ? '2026-01-01T00:00:00.000Z' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function addResult(
    playedAt: string,
    resultStatus: 'Pass' | 'Fail',
    organizationId: number | null,
    testKitId = kits.k1,
    kitVersion = 1,
  ): Promise<void> {
    await t.app.db
      .insertInto('testResults')
      .values({
        id: randomUUID(),
        testKitId,
        kitVersion,
        organizationId,
        latitude: null,
        longitude: null,
        country: null,
        state: null,
        city: null,
        firstName: 'Pat',
        lastName: 'Player',
        playedAt,
        resultStatus,
        rightAnswerCount: resultStatus === 'Pass' ? 5 : 2,
        playHash: randomUUID(),
        age: null,
        gender: null,
        race: null,
        isAlzheimerDisease: null,
        isParkinsonDisease: null,
        isHeadInjuriesConcussion: null,
        isSinoNasalDisease: null,
        isOtherNeurologicalDisorder: null,
        isAlzheimerDiseaseInFamily: null,
        isParkinsonDiseaseInFamily: null,
        isOtherNeurologicalDisorderInFamily: null,
        medicalUpdatedAt: null,
      })
      .execute();
  }

  const countsGet = async (token: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `${COUNTS}${query}`, headers: bearer(token) });
    return expectEnvelope<TestResultCounts>(res, 200, 'Success').data;
  };
  const countsPost = async (token: string, payload: Record<string, unknown>, query = '') => {
    const res = await t.app.inject({ method: 'POST', url: `${COUNTS}${query}`, headers: bearer(token), payload });
    return expectEnvelope<TestResultCounts>(res, 200, 'Success').data;
  };
  const trendReply = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: TREND, headers: bearer(token), payload });
  const trend = async (token: string, payload: Record<string, unknown>) =>
    expectEnvelope<TrendPoint[]>(await trendReply(token, payload), 200, 'Success').data;
  const listTotal = async (token: string, body: Partial<TestResultListRequest>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: LIST,
      headers: bearer(token),
      payload: { pageNumber: 1, rowsPerPage: 1, ...body },
    });
    return expectEnvelope<{ list: TestResultRow[]; totalCount: number }>(res, 200, 'Success').data.totalCount;
  };
  /** The trend's periods that are not empty, as `period: pass/fail`. */
  const nonEmpty = (points: TrendPoint[]) =>
    points.filter((p) => p.total > 0).map((p) => `${p.period}: ${p.pass}/${p.fail}`);

  beforeAll(async () => {
    orgA = await createOrganization(t.app, { name: 'Clinic A' });
    orgB = await createOrganization(t.app, { name: 'Clinic B' });
    kits.k1 = await addKit('K1');
    kits.k2 = await addKit('K2');
    kits.k3 = await addKit('K3');
    kits.gone = await addKit('Gone', true);
    const users = {
      admin: await createUser(t.app, { roleName: 'Admin' }),
      clientA: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgA }),
      clientB: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgB }),
      lonely: await createUser(t.app, { roleName: 'Client Admin' }),
      user: await createUser(t.app, { roleName: 'User', organizationId: orgA }),
    };
    for (const [who, u] of Object.entries(users))
      tokens[who as keyof typeof tokens] = await signIn(t.app, u.email, u.password);

    // Spring forward, Sunday 2026-03-08 (clocks 02:00 PST → 03:00 PDT).
    await addResult(la('2026-03-07T23:30:00', 8), 'Pass', orgA); // Sat 03-07, week of Mon 03-02
    await addResult(la('2026-03-08T23:30:00', 7), 'Fail', orgA); // Sun 03-08, still week of 03-02
    await addResult(la('2026-03-09T00:30:00', 7), 'Pass', orgA, kits.k2, 2); // Mon 03-09, week of 03-09 (07:30Z)
    await addResult(la('2026-03-03T12:00:00', 8), 'Fail', orgB, kits.k3); // Tue 03-03, Clinic B
    // Fall back, Sunday 2026-11-01 (clocks 02:00 PDT → 01:00 PST).
    await addResult(la('2026-10-31T23:30:00', 7), 'Pass', orgA); // Sat 10-31, October (06:30Z on 11-01)
    await addResult(la('2026-11-01T23:30:00', 8), 'Fail', orgA); // Sun 11-01, week of Mon 10-26 (07:30Z on 11-02)
    await addResult(la('2026-11-02T00:30:00', 8), 'Fail', orgB, kits.k3); // Mon 11-02, week of 11-02
    await addResult(la('2026-11-02T09:00:00', 8), 'Pass', null, kits.gone); // no organization, a deleted kit
  });

  describe('GetTestResultCounts', () => {
    it('counts all time without dates, every organization for the Admin, the kits in the system', async () => {
      expect(await countsGet(tokens.admin)).toEqual({
        totalTestCount: 8,
        passCount: 4,
        failCount: 4,
        testKitCount: 3, // K1, K2, K3: the deleted kit is not in the system
      });
    });

    it("counts a period's whole Los Angeles days, from the query or the body", async () => {
      // 03/08 only: the Sunday's 23:30 PDT (06:30Z on 03-09) is in, Saturday's 23:30 PST (07:30Z on 03-08) is not.
      const sunday = { totalTestCount: 1, passCount: 0, failCount: 1, testKitCount: 3 };
      expect(await countsGet(tokens.admin, '?fromDate=03/08/2026&toDate=03/08/2026')).toEqual(sunday);
      expect(await countsPost(tokens.admin, { fromDate: '03/08/2026', toDate: '03/08/2026' })).toEqual(sunday);
      expect(await countsPost(tokens.admin, {}, '?FromDate=03/08/2026&ToDate=03/08/2026')).toEqual(sunday);
      // Open at one end.
      expect(await countsGet(tokens.admin, '?fromDate=11/01/2026')).toMatchObject({ totalTestCount: 3, passCount: 1 });
      expect(await countsPost(tokens.admin, { toDate: '03/07/2026' })).toMatchObject({ totalTestCount: 2 });
      expect(await countsPost(tokens.admin, { fromDate: '', toDate: null })).toMatchObject({ totalTestCount: 8 });
      // The Admin's kit count is the system's, whatever the period.
      expect(await countsGet(tokens.admin, '?fromDate=01/01/2020&toDate=01/31/2020')).toEqual({
        totalTestCount: 0,
        passCount: 0,
        failCount: 0,
        testKitCount: 3,
      });
    });

    it('agrees with the results list filtered by the same days', async () => {
      for (const [fromDate, toDate] of [
        ['03/08/2026', '03/09/2026'],
        ['10/31/2026', '11/01/2026'],
        ['03/01/2026', '11/30/2026'],
      ]) {
        const c = await countsPost(tokens.admin, { fromDate, toDate });
        expect(c.totalTestCount).toBe(await listTotal(tokens.admin, { fromDate, toDate }));
        expect(c.failCount).toBe(await listTotal(tokens.admin, { fromDate, toDate, resultStatus: 'Fail' }));
        expect(c.passCount).toBe(await listTotal(tokens.admin, { fromDate, toDate, resultStatus: 'Pass' }));
      }
    });

    it("gives a Client Admin their organization's results and the kits those were played on in the period", async () => {
      // Clinic A played K1 (twice in March, twice around November) and K2 (version 2) on 03-09.
      expect(await countsGet(tokens.clientA)).toEqual({
        totalTestCount: 5,
        passCount: 3,
        failCount: 2,
        testKitCount: 2,
      });
      expect(await countsPost(tokens.clientA, { fromDate: '03/09/2026', toDate: '03/09/2026' })).toEqual({
        totalTestCount: 1,
        passCount: 1,
        failCount: 0,
        testKitCount: 1, // K2 only
      });
      expect(await countsPost(tokens.clientA, { fromDate: '10/01/2026', toDate: '12/31/2026' })).toEqual({
        totalTestCount: 2,
        passCount: 1,
        failCount: 1,
        testKitCount: 1, // K1 only
      });
      expect(await countsPost(tokens.clientA, { fromDate: '01/01/2020', toDate: '01/31/2020' })).toEqual({
        totalTestCount: 0,
        passCount: 0,
        failCount: 0,
        testKitCount: 0,
      });
      // Clinic B: K3 only; two results.
      expect(await countsGet(tokens.clientB)).toEqual({
        totalTestCount: 2,
        passCount: 0,
        failCount: 2,
        testKitCount: 1,
      });
      // A Client Admin outside every organization sees nothing.
      expect(await countsGet(tokens.lonely)).toEqual({
        totalTestCount: 0,
        passCount: 0,
        failCount: 0,
        testKitCount: 0,
      });
    });

    it('refuses a bad day or To before From with the list messages (400 envelope)', async () => {
      const bad = async (method: 'GET' | 'POST', query: string, payload?: Record<string, unknown>) =>
        t.app.inject({ method, url: `${COUNTS}${query}`, headers: bearer(tokens.admin), payload });
      expectEnvelope(await bad('GET', '?fromDate=2026-03-08'), 400, 'Failure', MSG.invalidDate);
      expectEnvelope(await bad('GET', '?toDate=02/30/2026'), 400, 'Failure', MSG.invalidDate);
      expectEnvelope(await bad('POST', '', { fromDate: '13/01/2026' }), 400, 'Failure', MSG.invalidDate);
      expectEnvelope(await bad('POST', '', { fromDate: 20260308 }), 400, 'Failure', MSG.invalidDate);
      expectEnvelope(
        await bad('GET', '?fromDate=03/09/2026&toDate=03/08/2026'),
        400,
        'Failure',
        RESULTS_MSG.toBeforeFrom,
      );
      expectEnvelope(
        await bad('POST', '', { fromDate: '03/09/2026', toDate: '03/08/2026' }),
        400,
        'Failure',
        RESULTS_MSG.toBeforeFrom,
      );
    });

    it('refuses the User role and an anonymous caller', async () => {
      expectEnvelope(
        await t.app.inject({ method: 'POST', url: COUNTS, headers: bearer(tokens.user), payload: {} }),
        403,
        'Failure',
      );
      expectEnvelope(await t.app.inject({ method: 'POST', url: COUNTS, payload: {} }), 401, 'Failure');
    });
  });

  describe('GetTestResultTrend', () => {
    it('puts plays at 23:30 and 00:30 around the spring change in their Los Angeles day, zero-filled', async () => {
      const days = await trend(tokens.admin, { fromDate: '03/06/2026', toDate: '03/10/2026', groupBy: 'day' });
      expect(days).toEqual([
        { period: '2026-03-06', total: 0, pass: 0, fail: 0 },
        { period: '2026-03-07', total: 1, pass: 1, fail: 0 },
        { period: '2026-03-08', total: 1, pass: 0, fail: 1 },
        { period: '2026-03-09', total: 1, pass: 1, fail: 0 },
        { period: '2026-03-10', total: 0, pass: 0, fail: 0 },
      ]);
    });

    it('puts plays around the autumn change in their day, week (from Monday) and month', async () => {
      const days = await trend(tokens.admin, { fromDate: '10/31/2026', toDate: '11/02/2026', groupBy: 'day' });
      expect(days.map((d) => [d.period, d.total])).toEqual([
        ['2026-10-31', 1],
        ['2026-11-01', 1],
        ['2026-11-02', 2],
      ]);
      const weeks = await trend(tokens.admin, { fromDate: '10/26/2026', toDate: '11/08/2026', groupBy: 'week' });
      expect(weeks).toEqual([
        { period: '2026-10-26', total: 2, pass: 1, fail: 1 }, // Sat 10-31 and Sun 11-01
        { period: '2026-11-02', total: 2, pass: 1, fail: 1 }, // Mon 11-02
      ]);
      const months = await trend(tokens.admin, { fromDate: '10/01/2026', toDate: '11/30/2026', groupBy: 'month' });
      expect(months).toEqual([
        { period: '2026-10-01', total: 1, pass: 1, fail: 0 },
        { period: '2026-11-01', total: 3, pass: 1, fail: 2 },
      ]);
    });

    it('starts weeks on Monday: the spring Sunday is in the week of Monday 03-02, its next day starts a week', async () => {
      const weeks = await trend(tokens.admin, { fromDate: '03/01/2026', toDate: '03/15/2026', groupBy: 'week' });
      expect(weeks).toEqual([
        { period: '2026-02-23', total: 0, pass: 0, fail: 0 }, // Sunday 03-01 alone: its week began in February
        { period: '2026-03-02', total: 3, pass: 1, fail: 2 }, // Clinic B's Tuesday, Saturday, Sunday
        { period: '2026-03-09', total: 1, pass: 1, fail: 0 },
      ]);
    });

    it("names a period by its first day even before fromDate, and counts only the range's days", async () => {
      // From Wednesday 03-04: Clinic B's Tuesday 03-03 is outside the range though inside its week.
      const weeks = await trend(tokens.admin, { fromDate: '03/04/2026', toDate: '03/08/2026', groupBy: 'week' });
      expect(weeks).toEqual([{ period: '2026-03-02', total: 2, pass: 1, fail: 1 }]);
      const months = await trend(tokens.admin, { fromDate: '03/08/2026', toDate: '05/02/2026', groupBy: 'month' });
      expect(months).toEqual([
        { period: '2026-03-01', total: 2, pass: 1, fail: 1 },
        { period: '2026-04-01', total: 0, pass: 0, fail: 0 },
        { period: '2026-05-01', total: 0, pass: 0, fail: 0 },
      ]);
      // One day, grouped by month: one period.
      expect(await trend(tokens.admin, { fromDate: '11/02/2026', toDate: '11/02/2026', groupBy: 'month' })).toEqual([
        { period: '2026-11-01', total: 2, pass: 1, fail: 1 },
      ]);
    });

    it('lists every month of a year in order, zero-filled, and agrees with the counts', async () => {
      const months = await trend(tokens.admin, { fromDate: '01/01/2026', toDate: '12/31/2026', groupBy: 'month' });
      expect(months.map((m) => m.period)).toEqual(
        Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
      );
      expect(nonEmpty(months)).toEqual(['2026-03-01: 2/2', '2026-10-01: 1/0', '2026-11-01: 1/2']);
      const weeks = await trend(tokens.admin, { fromDate: '01/01/2026', toDate: '12/31/2026', groupBy: 'week' });
      expect(weeks).toHaveLength(53); // Mon 2025-12-29 … Mon 2026-12-28
      expect(weeks[0].period).toBe('2025-12-29');
      expect(weeks.at(-1)?.period).toBe('2026-12-28');
      const days = await trend(tokens.admin, { fromDate: '01/01/2026', toDate: '12/31/2026', groupBy: 'day' });
      expect(days).toHaveLength(365);
      const counts = await countsPost(tokens.admin, { fromDate: '01/01/2026', toDate: '12/31/2026' });
      for (const points of [months, weeks, days]) {
        expect(points.reduce((n, p) => n + p.total, 0)).toBe(counts.totalTestCount);
        expect(points.reduce((n, p) => n + p.fail, 0)).toBe(counts.failCount);
      }
    });

    it('is scoped as the list: a Client Admin sees their organization whatever they name, an Admin may choose one', async () => {
      const body = { fromDate: '01/01/2026', toDate: '12/31/2026', groupBy: 'month' };
      expect(nonEmpty(await trend(tokens.clientA, body))).toEqual([
        '2026-03-01: 2/1',
        '2026-10-01: 1/0',
        '2026-11-01: 0/1',
      ]);
      // Naming another organization changes nothing for a Client Admin (the list ignores it too).
      expect(await trend(tokens.clientA, { ...body, organizationId: orgB })).toEqual(await trend(tokens.clientA, body));
      expect(nonEmpty(await trend(tokens.clientB, body))).toEqual(['2026-03-01: 0/1', '2026-11-01: 0/1']);
      expect(nonEmpty(await trend(tokens.admin, { ...body, organizationId: orgB }))).toEqual([
        '2026-03-01: 0/1',
        '2026-11-01: 0/1',
      ]);
      expect(nonEmpty(await trend(tokens.admin, { ...body, organizationId: null }))).toEqual([
        '2026-03-01: 2/2',
        '2026-10-01: 1/0',
        '2026-11-01: 1/2',
      ]);
      const nothing = await trend(tokens.lonely, body);
      expect(nothing).toHaveLength(12);
      expect(nonEmpty(nothing)).toEqual([]);
    });

    it('refuses missing or bad days, To before From, an unknown grouping and too many periods (400 envelope)', async () => {
      const refused = async (payload: Record<string, unknown>, message: string) =>
        expectEnvelope(await trendReply(tokens.admin, payload), 400, 'Failure', message);
      await refused({ toDate: '03/08/2026', groupBy: 'day' }, RESULTS_MSG.datesRequired);
      await refused({ fromDate: '03/08/2026', groupBy: 'day' }, RESULTS_MSG.datesRequired);
      await refused({ fromDate: '2026-03-08', toDate: '03/08/2026', groupBy: 'day' }, MSG.invalidDate);
      await refused({ fromDate: '02/29/2026', toDate: '03/08/2026', groupBy: 'day' }, MSG.invalidDate);
      await refused({ fromDate: '03/09/2026', toDate: '03/08/2026', groupBy: 'day' }, RESULTS_MSG.toBeforeFrom);
      await refused({ fromDate: '03/01/2026', toDate: '03/08/2026', groupBy: 'year' }, RESULTS_MSG.trendGroupBy);
      await refused({ fromDate: '03/01/2026', toDate: '03/08/2026' }, RESULTS_MSG.trendGroupBy);
      // A day over more than three years.
      await refused({ fromDate: '01/01/2023', toDate: '03/08/2026', groupBy: 'day' }, RESULTS_MSG.trendTooManyPeriods);
      await refused(
        { fromDate: '01/01/1900', toDate: '12/31/9999', groupBy: 'month' },
        RESULTS_MSG.trendTooManyPeriods,
      );
      // The same range by week or month is fine; three years by day too.
      expect(await trend(tokens.admin, { fromDate: '01/01/2023', toDate: '03/08/2026', groupBy: 'week' })).toHaveLength(
        167,
      );
      expect(await trend(tokens.admin, { fromDate: '01/01/2024', toDate: '12/31/2026', groupBy: 'day' })).toHaveLength(
        1096,
      );
      // The last days a stored time can hold.
      expect(await trend(tokens.admin, { fromDate: '12/01/9999', toDate: '12/31/9999', groupBy: 'month' })).toEqual([
        { period: '9999-12-01', total: 0, pass: 0, fail: 0 },
      ]);
    });

    it('refuses the User role and an anonymous caller', async () => {
      const body = { fromDate: '03/01/2026', toDate: '03/08/2026', groupBy: 'day' };
      expectEnvelope(await trendReply(tokens.user, body), 403, 'Failure');
      expectEnvelope(await t.app.inject({ method: 'POST', url: TREND, payload: body }), 401, 'Failure');
    });
  });
});
