import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXPORT_CSV_HEADER, RESULTS_MSG, type TestResultRow } from '@scentry/shared-schema';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestResultsTable } from '../../../db/database';
import { resultScope } from '../../../repositories/results';
import { openResultCursor } from '../../../repositories/results-list';
import { expectReply } from '../../../test/catalogue';
import { bearer, createOrganization, createUser, signIn, useTestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from '../../../test/play';

const LIST = '/api/TestResult/GetTestResultList';
const DETAIL = '/api/TestResult/GetTestAnswerResultDetailList';
const QUESTIONNAIRE = '/api/TestResult/GetQuestionnaireAnswerList';
const EXPORT = '/api/TestResult/ExportCsv';

type Seed = Partial<Insertable<TestResultsTable>>;

/** A result row's optional columns, all empty. */
const BLANK = {
  kitVersion: 1,
  organizationId: null,
  latitude: null,
  longitude: null,
  country: null,
  state: null,
  city: null,
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
};

describe('play results for staff (list, answers, questionnaire, CSV export)', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  let demoKit = 0;
  let otherKit = 0;
  let orgA = 0; // discloses names
  let orgB = 0; // hides names
  let orgGone = 0; // inactive and deleted
  const tokens = { admin: '', clientA: '', clientB: '', lonely: '' };
  /** Results seeded for the list (not the bulk export ones), by a test name. */
  const ids: Record<string, string> = {};

  let seq = 0;
  /** Inserts a result straight into the DB; every field can be set. */
  async function addResult(seed: Seed = {}): Promise<string> {
    seq += 1;
    const id = seed.id ?? randomUUID();
    await t.app.db
      .insertInto('testResults')
      .values({
        ...BLANK,
        testKitId: demoKit,
        firstName: `First${seq}`,
        lastName: `Last${seq}`,
        playedAt: new Date(Date.UTC(2025, 0, 1) + seq * 3600_000).toISOString(),
        resultStatus: 'Pass',
        rightAnswerCount: 5,
        playHash: randomUUID(),
        ...seed,
        id,
      })
      .execute();
    return id;
  }

  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  async function list(token: string, body: Record<string, unknown> = {}) {
    const res = await post(LIST, token, { pageNumber: 1, rowsPerPage: 100, ...body });
    return expectReply<{ list: TestResultRow[]; totalCount: number }>(res, 200, 'Success').data;
  }
  const idsOf = async (token: string, body: Record<string, unknown> = {}) =>
    (await list(token, body)).list.map((r) => r.id);

  const noFlags = {
    isAlzheimerDisease: 0,
    isParkinsonDisease: 0,
    isHeadInjuriesConcussion: 0,
    isSinoNasalDisease: 0,
    isOtherNeurologicalDisorder: 0,
    isAlzheimerDiseaseInFamily: 0,
    isParkinsonDiseaseInFamily: 0,
    isOtherNeurologicalDisorderInFamily: 0,
  };

  beforeAll(async () => {
    demoKit = (await liveKit(t.app, 'DEMO1')).kitId;
    otherKit = (
      await t.app.db
        .insertInto('testKits')
        .values({ name: 'Lavender9', nameKey: 'lavender9', isActive: 0, deletedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    orgA = await createOrganization(t.app, { name: 'Alpha Clinic' });
    orgB = await createOrganization(t.app, { name: 'Beta Care', discloseUserDetails: false });
    orgGone = await createOrganization(t.app, { name: 'Gone Health', isActive: false });
    await t.app.db
      .updateTable('organizations')
      .set({ deletedAt: '2025-06-01T00:00:00.000Z' })
      .where('id', '=', orgGone)
      .execute();
    const users = {
      admin: await createUser(t.app, { roleName: 'Admin' }),
      clientA: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgA }),
      clientB: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgB }),
      lonely: await createUser(t.app, { roleName: 'Client Admin', organizationId: null }),
    };
    for (const [k, u] of Object.entries(users))
      tokens[k as keyof typeof tokens] = await signIn(t.app, u.email, u.password);

    ids.a1 = await addResult({
      organizationId: orgA,
      firstName: 'Maria',
      lastName: 'Lopez',
      age: 34,
      gender: 'Female',
      race: 'Hispanic or Latino',
      ...noFlags,
      isParkinsonDisease: 1,
      isHeadInjuriesConcussion: 1,
      isAlzheimerDiseaseInFamily: 1,
      questionnaireCompleted: 1,
      country: 'United States',
      state: 'California',
      city: 'Fresno',
    });
    ids.a2 = await addResult({
      organizationId: orgA,
      firstName: 'John',
      lastName: 'smith',
      age: 61,
      gender: 'Male',
      race: 'White',
      resultStatus: 'Fail',
      rightAnswerCount: 2,
      ...noFlags,
    });
    ids.b1 = await addResult({
      organizationId: orgB,
      firstName: 'Secret',
      lastName: 'Person',
      age: 45,
      gender: 'Male',
    });
    ids.b2 = await addResult({ organizationId: orgB, firstName: 'Hidden', lastName: 'Name', testKitId: otherKit });
    ids.none = await addResult({ firstName: 'Nora', lastName: '50%_off', testKitId: otherKit, resultStatus: 'Fail' });
    ids.gone = await addResult({ organizationId: orgGone, firstName: 'Ghost', lastName: 'Player', age: 80 });
  });

  describe('GetTestResultList', () => {
    it('lists every result newest first for an Admin, with the row fields', async () => {
      const data = await list(tokens.admin);
      expect(data.totalCount).toBe(6);
      expect(data.list.map((r) => r.id)).toEqual([ids.gone, ids.none, ids.b2, ids.b1, ids.a2, ids.a1]);
      const a1 = data.list.find((r) => r.id === ids.a1);
      expect(a1).toEqual({
        id: ids.a1,
        shortId: ids.a1.slice(0, 8),
        firstName: 'Maria',
        lastName: 'Lopez',
        testKitId: demoKit,
        testKitName: 'DEMO1',
        resultStatus: 'Pass',
        answerStatus: 5,
        created: expect.stringMatching(/^2025-01-01T\d\d:00:00\.000Z$/),
        organizationId: orgA,
        organizationName: 'Alpha Clinic',
        age: 34,
        gender: 'Female',
        race: 'Hispanic or Latino',
        userDisease: "Parkinson's disease, Head injury or concussion",
        userFamilyDisease: "Alzheimer's disease",
        country: 'United States',
        state: 'California',
        city: 'Fresno',
        questionnaireCompleted: true,
      });
      const a2 = data.list.find((r) => r.id === ids.a2);
      expect(a2).toMatchObject({
        userDisease: 'None',
        userFamilyDisease: 'None',
        resultStatus: 'Fail',
        answerStatus: 2,
      });
      // Medical form not filled: null, not "None".
      const b1 = data.list.find((r) => r.id === ids.b1);
      expect(b1).toMatchObject({ userDisease: null, userFamilyDisease: null, questionnaireCompleted: false });
      expect(data.list.find((r) => r.id === ids.none)).toMatchObject({ organizationId: null, organizationName: null });
    });

    it('pages with a stable order and the total of the whole filtered set', async () => {
      const all = await idsOf(tokens.admin);
      const pages: string[] = [];
      for (const pageNumber of [1, 2, 3]) {
        const data = await list(tokens.admin, { pageNumber, rowsPerPage: 2 });
        expect(data.totalCount).toBe(6);
        expect(data.list).toHaveLength(2);
        pages.push(...data.list.map((r) => r.id));
      }
      expect(pages).toEqual(all);
      const past = await list(tokens.admin, { pageNumber: 9, rowsPerPage: 2 });
      expect(past).toEqual({ list: [], totalCount: 6 });
    });

    it('breaks ties of the same play time by id, newest first', async () => {
      const at = '2020-05-05T05:05:05.000Z';
      const tie = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of tie) await addResult({ id, playedAt: at, organizationId: orgGone, lastName: 'Tie' });
      try {
        const got = await idsOf(tokens.admin, { searchText: 'Tie', sortColumns: [] });
        expect(got).toEqual([...tie].sort().reverse());
        const asc = await idsOf(tokens.admin, {
          searchText: 'Tie',
          sortColumns: [{ columnName: 'created', sortOrder: 'asc' }],
        });
        expect(asc).toEqual([...tie].sort());
      } finally {
        await t.app.db.deleteFrom('testResults').where('id', 'in', tie).execute();
      }
    });

    it('searches first name, last name, full name, kit name and organization name, ignoring case', async () => {
      expect(await idsOf(tokens.admin, { searchText: 'maria' })).toEqual([ids.a1]);
      expect(await idsOf(tokens.admin, { searchText: 'SMITH' })).toEqual([ids.a2]);
      expect(await idsOf(tokens.admin, { searchText: 'john smi' })).toEqual([ids.a2]);
      expect(await idsOf(tokens.admin, { searchText: 'lavender' })).toEqual([ids.none, ids.b2]);
      expect(await idsOf(tokens.admin, { searchText: 'alpha' })).toEqual([ids.a2, ids.a1]);
      expect(await idsOf(tokens.admin, { searchText: 'gone heal' })).toEqual([ids.gone]);
      // LIKE's wildcards are plain text.
      expect(await idsOf(tokens.admin, { searchText: '50%_' })).toEqual([ids.none]);
      expect(await idsOf(tokens.admin, { searchText: '%' })).toEqual([ids.none]);
      expect(await idsOf(tokens.admin, { searchText: 'nobody here' })).toEqual([]);
      // Blank is no filter; the spec's PascalCase binds too.
      expect(await idsOf(tokens.admin, { SearchText: '   ' })).toHaveLength(6);
      expect(await idsOf(tokens.admin, { SearchText: 'Maria' })).toEqual([ids.a1]);
    });

    it('filters by kits, status, gender, race, age range', async () => {
      expect(await idsOf(tokens.admin, { testKitId: [otherKit] })).toEqual([ids.none, ids.b2]);
      expect(await idsOf(tokens.admin, { TestKitId: [otherKit, demoKit] })).toHaveLength(6);
      expect(await idsOf(tokens.admin, { testKitId: [] })).toHaveLength(6);
      expect(await idsOf(tokens.admin, { resultStatus: 'Fail' })).toEqual([ids.none, ids.a2]);
      expect(await idsOf(tokens.admin, { resultStatus: '' })).toHaveLength(6);
      expect(await idsOf(tokens.admin, { gender: 'Male' })).toEqual([ids.b1, ids.a2]);
      expect(await idsOf(tokens.admin, { race: 'White' })).toEqual([ids.a2]);
      expect(await idsOf(tokens.admin, { ageRangeMin: 40 })).toEqual([ids.gone, ids.b1, ids.a2]);
      expect(await idsOf(tokens.admin, { ageRangeMax: 45 })).toEqual([ids.b1, ids.a1]);
      expect(await idsOf(tokens.admin, { ageRangeMin: 34, ageRangeMax: 45 })).toEqual([ids.b1, ids.a1]);
      const bad = await post(LIST, tokens.admin, { pageNumber: 1, rowsPerPage: 10, ageRangeMin: 50, ageRangeMax: 40 });
      expectReply(bad, 400, 'Failure', RESULTS_MSG.ageRange);
    });

    it('filters by disorder and by family history (a yes answer)', async () => {
      expect(await idsOf(tokens.admin, { userDisease: 'ParkinsonDisease' })).toEqual([ids.a1]);
      expect(await idsOf(tokens.admin, { userDisease: 'HeadInjuriesConcussion' })).toEqual([ids.a1]);
      expect(await idsOf(tokens.admin, { userDisease: 'SinoNasalDisease' })).toEqual([]);
      expect(await idsOf(tokens.admin, { userFamilyDisease: 'AlzheimerDiseaseInFamily' })).toEqual([ids.a1]);
      expect(await idsOf(tokens.admin, { userFamilyDisease: 'ParkinsonDiseaseInFamily' })).toEqual([]);
      expect(await idsOf(tokens.admin, { userDisease: '', userFamilyDisease: null })).toHaveLength(6);
      const bad = await post(LIST, tokens.admin, { pageNumber: 1, rowsPerPage: 10, userDisease: 'Flu' });
      expectReply(bad, 400, 'Failure');
    });

    it("filters an Admin's view by organization, inactive and deleted ones included", async () => {
      expect(await idsOf(tokens.admin, { organizationId: orgA })).toEqual([ids.a2, ids.a1]);
      expect(await idsOf(tokens.admin, { OrganizationId: orgGone })).toEqual([ids.gone]);
      expect(await idsOf(tokens.admin, { organizationId: null })).toHaveLength(6);
      // LoginOrganizationId is ignored: the token decides.
      expect(await idsOf(tokens.admin, { loginOrganizationId: orgB })).toHaveLength(6);
    });

    it('takes From/To as whole days in America/Los_Angeles', async () => {
      // 07:30 UTC on 11/23 is 23:30 on 11/22 in Los Angeles (PST, UTC-8).
      const late = await addResult({ playedAt: '2025-11-23T07:30:00.000Z', organizationId: orgGone });
      // 08:00 UTC on 11/23 is midnight: the first instant of 11/23 there.
      const midnight = await addResult({ playedAt: '2025-11-23T08:00:00.000Z', organizationId: orgGone });
      try {
        const day = (from: string, to: string) => idsOf(tokens.admin, { fromDate: from, toDate: to });
        expect(await day('11/22/2025', '11/22/2025')).toEqual([late]);
        expect(await day('11/23/2025', '11/23/2025')).toEqual([midnight]);
        expect(await day('11/22/2025', '11/23/2025')).toEqual([midnight, late]);
        expect(await idsOf(tokens.admin, { fromDate: '11/23/2025' })).toEqual([midnight]);
        expect(await idsOf(tokens.admin, { toDate: '11/22/2025' })).toEqual(expect.arrayContaining([late]));
        expect(await idsOf(tokens.admin, { toDate: '11/22/2025' })).not.toContain(midnight);
        // Summer time: 06:59 UTC on 07/05 is still 07/04 (PDT, UTC-7).
        const summer = await addResult({ playedAt: '2025-07-05T06:59:59.999Z', organizationId: orgGone });
        expect(await day('07/04/2025', '07/04/2025')).toEqual([summer]);
        expect(await day('07/05/2025', '07/05/2025')).toEqual([]);
        await t.app.db.deleteFrom('testResults').where('id', '=', summer).execute();
        expect(await idsOf(tokens.admin, { fromDate: '', toDate: null })).toHaveLength(8);
        expectReply(await post(LIST, tokens.admin, { fromDate: '2025-11-22' }), 400, 'Failure');
        expectReply(await post(LIST, tokens.admin, { toDate: '13/01/2025' }), 400, 'Failure');
      } finally {
        await t.app.db.deleteFrom('testResults').where('id', 'in', [late, midnight]).execute();
      }
    });

    it('sorts by each column of RESULT_SORT_COLUMNS in any case, ignoring unknown ones', async () => {
      const sorted = (columnName: string, sortOrder: 'asc' | 'desc') =>
        list(tokens.admin, { sortColumns: [{ columnName, sortOrder }] }).then((d) => d.list);
      expect((await sorted('firstName', 'asc')).map((r) => r.firstName)).toEqual([
        'Ghost',
        'Hidden',
        'John',
        'Maria',
        'Nora',
        'Secret',
      ]);
      // Ignoring case: "smith" sorts among the capitals.
      expect((await sorted('LASTNAME', 'desc')).map((r) => r.lastName)).toEqual([
        'smith',
        'Player',
        'Person',
        'Name',
        'Lopez',
        '50%_off',
      ]);
      expect((await sorted('created', 'asc')).map((r) => r.id)).toEqual([
        ids.a1,
        ids.a2,
        ids.b1,
        ids.b2,
        ids.none,
        ids.gone,
      ]);
      expect((await sorted('testkitname', 'desc')).map((r) => r.testKitName)).toEqual([
        'Lavender9',
        'Lavender9',
        'DEMO1',
        'DEMO1',
        'DEMO1',
        'DEMO1',
      ]);
      const status = await sorted('resultStatus', 'asc');
      expect(status.slice(0, 2).map((r) => r.id)).toEqual([ids.none, ids.a2]); // Fail, then newest first
      expect((await sorted('answerStatus', 'asc')).map((r) => r.answerStatus)).toEqual([2, 5, 5, 5, 5, 5]);
      expect((await sorted('organizationName', 'asc')).map((r) => r.organizationName)).toEqual([
        null,
        'Alpha Clinic',
        'Alpha Clinic',
        'Beta Care',
        'Beta Care',
        'Gone Health',
      ]);
      expect((await sorted('age', 'desc')).map((r) => r.age)).toEqual([80, 61, 45, 34, null, null]);
      // Unknown names are ignored (default order); a second column breaks ties.
      expect((await sorted('password', 'asc')).map((r) => r.id)).toEqual(await idsOf(tokens.admin));
      const two = await list(tokens.admin, {
        sortColumns: [
          { columnName: 'testKitName', sortOrder: 'asc' },
          { columnName: 'age', sortOrder: 'asc' },
        ],
      });
      expect(two.list.map((r) => r.id)).toEqual([ids.a1, ids.b1, ids.a2, ids.gone, ids.none, ids.b2]);
    });

    it("keeps a Client Admin to their organization's results, whatever organization is asked", async () => {
      expect(await idsOf(tokens.clientA)).toEqual([ids.a2, ids.a1]);
      expect(await idsOf(tokens.clientA, { organizationId: orgB })).toEqual([ids.a2, ids.a1]);
      expect(await idsOf(tokens.clientA, { searchText: 'Secret' })).toEqual([]);
      expect((await list(tokens.clientA)).totalCount).toBe(2);
      expect(await idsOf(tokens.lonely)).toEqual([]);
    });

    it('removes names, and searching or sorting by them, for an organization that does not disclose them', async () => {
      const data = await list(tokens.clientB);
      expect(data.list.map((r) => r.id)).toEqual([ids.b2, ids.b1]);
      for (const row of data.list) expect([row.firstName, row.lastName]).toEqual([null, null]);
      expect(await idsOf(tokens.clientB, { searchText: 'Secret' })).toEqual([]);
      expect(await idsOf(tokens.clientB, { searchText: 'Hidden Name' })).toEqual([]);
      expect(await idsOf(tokens.clientB, { searchText: 'e' })).toEqual([ids.b2, ids.b1]); // "Beta Care"
      expect(await idsOf(tokens.clientB, { searchText: 'lavender' })).toEqual([ids.b2]);
      // Sorting by names would reveal their order: ignored.
      const byName = await idsOf(tokens.clientB, { sortColumns: [{ columnName: 'firstName', sortOrder: 'asc' }] });
      expect(byName).toEqual([ids.b2, ids.b1]);
      const byLast = await idsOf(tokens.clientB, { sortColumns: [{ columnName: 'lastName', sortOrder: 'desc' }] });
      expect(byLast).toEqual([ids.b2, ids.b1]);
      // The Admin still sees them.
      expect((await list(tokens.admin, { organizationId: orgB })).list.map((r) => r.firstName)).toEqual([
        'Hidden',
        'Secret',
      ]);
    });
  });

  describe('one result: answers and questionnaire', () => {
    let played = '';
    beforeAll(async () => {
      const kit = await liveKit(t.app, 'DEMO1');
      const answers = answersFor(kit, 3, 4);
      answers[4].smellIntensity = 0;
      // Sent last card first: the stored answers are kept in card order all the same.
      const doc = resultDoc(kit, [...answers].reverse(), { organizationId: orgA });
      expect(await push(t.app, [doc])).toEqual([]);
      played = doc.id;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/TestResult/SaveQuestionnaireResult',
        payload: {
          TestResultId: played,
          QuestionnaireListDetails: ['Q one?', 'Q two?', 'Q three?', 'Q four?', 'Q five?'].map((Question, i) => ({
            Question,
            Answer: i % 2 ? 'No' : 'Yes',
          })),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    const detail = (token: string, body: Record<string, unknown>) =>
      post(DETAIL, token, { pageNumber: 1, rowsPerPage: 10, ...body });

    it('lists the answers in card order with the right answer, intensity words and Right/Wrong', async () => {
      const kit = await liveKit(t.app, 'DEMO1');
      const data = expectReply<{ list: Record<string, unknown>[]; totalCount: number }>(
        await detail(tokens.admin, { testResultId: played }),
        200,
        'Success',
      ).data;
      expect(data.totalCount).toBe(5);
      expect(data.list.map((r) => r.cardSortOrder)).toEqual([1, 2, 3, 4, 5]);
      const card1 = kit.cards[0];
      const correct1 = card1.options.find((o) => o.scentOptionId === card1.correctScentOptionId);
      expect(data.list[0]).toEqual({
        scentCardName: card1.name,
        cardSortOrder: 1,
        answerName: correct1?.name,
        answerStoredPath: correct1?.storedPath,
        correctAnswerName: correct1?.name,
        smellIntensity: 4,
        smellIntensityText: 'Strong',
        answerStatus: 'Right',
      });
      const card5 = kit.cards[4];
      expect(data.list[4]).toMatchObject({
        answerStatus: 'Wrong',
        smellIntensity: 0,
        smellIntensityText: 'No smell',
        correctAnswerName: card5.options.find((o) => o.scentOptionId === card5.correctScentOptionId)?.name,
      });
      expect(data.list[4].answerName).not.toBe(data.list[4].correctAnswerName);
      expect(data.list.map((r) => r.answerStatus)).toEqual(['Right', 'Right', 'Right', 'Wrong', 'Wrong']);
      // Paged; the id binds in upper case too.
      const page2 = expectReply<{ list: Record<string, unknown>[]; totalCount: number }>(
        await detail(tokens.clientA, { TestResultId: played.toUpperCase(), pageNumber: 2, rowsPerPage: 2 }),
        200,
        'Success',
      ).data;
      expect(page2.totalCount).toBe(5);
      expect(page2.list.map((r) => r.cardSortOrder)).toEqual([3, 4]);
    });

    it('audits each view of the answers', async () => {
      const before = await t.app.db
        .selectFrom('auditLog')
        .selectAll()
        .where('entityId', '=', played)
        .where('action', '=', 'view')
        .execute();
      await detail(tokens.clientA, { testResultId: played });
      const after = await t.app.db
        .selectFrom('auditLog')
        .selectAll()
        .where('entityId', '=', played)
        .where('action', '=', 'view')
        .orderBy('id')
        .execute();
      expect(after.length).toBe(before.length + 1);
      expect(after.at(-1)).toMatchObject({
        entity: 'test result',
        entityId: played,
        userEmail: expect.stringContaining('@'),
      });
    });

    it("answers another organization's result as an unknown one (404), for answers and questionnaire", async () => {
      const unknown = randomUUID();
      for (const url of [DETAIL, QUESTIONNAIRE]) {
        const foreign = await post(url, tokens.clientB, { testResultId: played });
        const missing = await post(url, tokens.clientB, { testResultId: unknown });
        expectReply(foreign, 404, 'Failure', RESULTS_MSG.resultNotFound);
        expect(foreign.json()).toEqual(missing.json());
        expectReply(
          await post(url, tokens.lonely, { testResultId: played }),
          404,
          'Failure',
          RESULTS_MSG.resultNotFound,
        );
        expectReply(
          await post(url, tokens.admin, { testResultId: unknown }),
          404,
          'Failure',
          RESULTS_MSG.resultNotFound,
        );
        expectReply(await post(url, tokens.admin, { testResultId: 'not-a-uuid' }), 400, 'Failure');
      }
      // A refused view is not audited as a view.
      const views = await t.app.db.selectFrom('auditLog').select('id').where('entityId', '=', unknown).execute();
      expect(views).toEqual([]);
    });

    it('lists the questionnaire answers in the order asked, paged', async () => {
      const data = expectReply<{ list: { question: string; answer: string }[]; totalCount: number }>(
        await post(QUESTIONNAIRE, tokens.clientA, { testResultId: played, pageNumber: 1, rowsPerPage: 10 }),
        200,
        'Success',
      ).data;
      expect(data.totalCount).toBe(5);
      expect(data.list).toEqual([
        { question: 'Q one?', answer: 'Yes' },
        { question: 'Q two?', answer: 'No' },
        { question: 'Q three?', answer: 'Yes' },
        { question: 'Q four?', answer: 'No' },
        { question: 'Q five?', answer: 'Yes' },
      ]);
      const page = expectReply<{ list: { question: string }[]; totalCount: number }>(
        await post(QUESTIONNAIRE, tokens.admin, { testResultId: played, pageNumber: 3, rowsPerPage: 2 }),
        200,
        'Success',
      ).data;
      expect(page).toEqual({ list: [{ question: 'Q five?', answer: 'Yes' }], totalCount: 5 });
      // A result without a questionnaire: an empty list.
      const none = await post(QUESTIONNAIRE, tokens.admin, { testResultId: ids.a2 });
      expect(expectReply(none, 200, 'Success').data).toEqual({ list: [], totalCount: 0 });
    });
  });

  describe('ExportCsv', () => {
    const records = (res: LightMyRequestResponse): string[][] => parse(res.rawPayload, { bom: true });
    const exportOf = (token: string, body: Record<string, unknown> = {}) => post(EXPORT, token, body);

    it('sends the filtered set as a UTF-8 CSV with a BOM, the exact header, and a UTC-stamped name', async () => {
      const res = await exportOf(tokens.admin, { organizationId: orgA, pageNumber: 1, rowsPerPage: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="results-\d{8}T\d{6}Z\.csv"$/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = res.rawPayload.toString('utf8').slice(1);
      // The spec's header, each name quoted as every text cell is.
      expect(text.split('\r\n')[0]).toBe(
        EXPORT_CSV_HEADER.split(',')
          .map((name) => `"${name}"`)
          .join(','),
      );
      const rows = records(res);
      expect(rows[0]).toEqual(EXPORT_CSV_HEADER.split(','));
      // Paging ignored: the organization's three results, newest first (the played one, then the seeded).
      expect(rows).toHaveLength(4);
      expect(rows[1].slice(1, 3)).toEqual(['Pat', 'Smeller']);
      expect(rows.slice(2)).toEqual([
        [
          expect.stringMatching(/^2025-01-01T\d\d:00:00\.000Z$/),
          'John',
          'smith',
          'Male',
          '61',
          'White',
          'None',
          'None',
          'Alpha Clinic',
          'DEMO1',
          'Fail',
        ],
        [
          expect.stringMatching(/^2025-01-01T\d\d:00:00\.000Z$/),
          'Maria',
          'Lopez',
          'Female',
          '34',
          'Hispanic or Latino',
          "Parkinson's disease, Head injury or concussion",
          "Alzheimer's disease",
          'Alpha Clinic',
          'DEMO1',
          'Pass',
        ],
      ]);
    });

    it('applies every filter and the requested sort, as the list does', async () => {
      const body = { searchText: 'a', resultStatus: 'Pass', sortColumns: [{ columnName: 'age', sortOrder: 'desc' }] };
      const listed = (await list(tokens.admin, body)).list;
      const rows = records(await exportOf(tokens.admin, body)).slice(1);
      expect(rows.map((r) => r[0])).toEqual(listed.map((r) => r.created));
      expect(rows.map((r) => r[1])).toEqual(listed.map((r) => r.firstName));
    });

    it('quotes commas, quotes and line breaks, and defuses formulas', async () => {
      const org = await createOrganization(t.app, { name: '=HYPERLINK("http://evil","x")' });
      const tricky = await addResult({
        organizationId: org,
        firstName: 'Doe, "Jr"',
        lastName: 'Line1\nLine2\r\nLine3',
        gender: '@SUM(1)',
        race: '+cmd',
        testKitId: otherKit,
      });
      const formula = await addResult({ organizationId: org, firstName: '=1+1', lastName: '-2+3', race: '\tTab' });
      const rows = records(await exportOf(tokens.admin, { organizationId: org })).slice(1);
      expect(rows).toHaveLength(2);
      const [f, t1] = rows;
      expect(f.slice(1, 3)).toEqual(["'=1+1", "'-2+3"]);
      expect(f[5]).toBe("'\tTab");
      expect(f[8]).toBe(`'=HYPERLINK("http://evil","x")`);
      expect(t1.slice(1, 6)).toEqual(['Doe, "Jr"', 'Line1\nLine2\r\nLine3', "'@SUM(1)", '', "'+cmd"]);
      expect(t1[9]).toBe('Lavender9');
      await t.app.db.deleteFrom('testResults').where('id', 'in', [tricky, formula]).execute();
    });

    it('keeps a cell with a semicolon whole for readers set to commas and to semicolons', async () => {
      const org = await createOrganization(t.app, { name: 'Semi; Colon' });
      const semi = await addResult({ organizationId: org, firstName: 'a;=1+2', lastName: 'say "hi";\n=2', age: 7 });
      const res = await exportOf(tokens.admin, { organizationId: org });
      const text = res.rawPayload.toString('utf8').slice(1);
      const [row] = records(res).slice(1);
      expect([row[1], row[2], row[4], row[8]]).toEqual(['a;=1+2', 'say "hi";\n=2', '7', 'Semi; Colon']);
      // The number is bare, every text cell quoted, an unanswered one empty.
      expect(text).toContain('"a;=1+2","say ""hi"";\n=2",,7,');
      // A reader set to semicolons that honours quotes takes each line whole, as one cell.
      const { data } = Papa.parse<string[]>(text, { delimiter: ';', newline: '\r\n', skipEmptyLines: true });
      expect(data.map((r) => r.length)).toEqual([1, 1]);
      expect(data[1][0]).toContain('"a;=1+2","say "hi";\n=2",');
      await t.app.db.deleteFrom('testResults').where('id', '=', semi).execute();
    });

    it("keeps a Client Admin's export to their organization, names empty where not disclosed", async () => {
      const a = records(await exportOf(tokens.clientA, { organizationId: orgB })).slice(1);
      expect(a.map((r) => r[8])).toEqual(['Alpha Clinic', 'Alpha Clinic', 'Alpha Clinic']);
      const b = records(await exportOf(tokens.clientB)).slice(1);
      expect(b).toHaveLength(2);
      for (const row of b) {
        expect(row[1]).toBe('');
        expect(row[2]).toBe('');
        expect(row[8]).toBe('Beta Care');
      }
      const byName = await exportOf(tokens.clientB, { searchText: 'Secret' });
      expectReply(byName, 400, 'Failure', RESULTS_MSG.noExport);
    });

    it('refuses an empty set with the spec message, as the envelope', async () => {
      const res = await exportOf(tokens.admin, { searchText: 'no such player anywhere' });
      expectReply(res, 400, 'Failure', RESULTS_MSG.noExport);
      expect(RESULTS_MSG.noExport).toBe('Sorry! There is no data to export.');
      expectReply(await exportOf(tokens.lonely), 400, 'Failure', RESULTS_MSG.noExport);
      expectReply(await exportOf(tokens.admin, { fromDate: 'yesterday' }), 400, 'Failure');
    });

    it('audits each export with its filters and row count', async () => {
      const before = await t.app.db.selectFrom('auditLog').select('id').where('action', '=', 'export').execute();
      await exportOf(tokens.clientA, { resultStatus: 'Pass', gender: '' });
      const rows = await t.app.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'export')
        .orderBy('id')
        .execute();
      expect(rows).toHaveLength(before.length + 1);
      const last = rows.at(-1);
      expect(last).toMatchObject({ entity: 'test result', entityId: null });
      expect(JSON.parse(last?.detail ?? '')).toEqual({ rows: 1, filters: { resultStatus: 'Pass' } });
      // A refused export is not audited.
      await exportOf(tokens.admin, { searchText: 'no such player anywhere' });
      expect(await t.app.db.selectFrom('auditLog').select('id').where('action', '=', 'export').execute()).toHaveLength(
        rows.length,
      );
    });

    let bulkOrg = 0;
    it('streams a large export whole: 20,000 rows, in order, no content-length', async () => {
      const org = await createOrganization(t.app, { name: 'Bulk Org' });
      bulkOrg = org;
      const base = Date.UTC(2024, 0, 1);
      const rows = Array.from({ length: 20_000 }, (_, i) => ({
        ...BLANK,
        id: randomUUID(),
        testKitId: demoKit,
        organizationId: org,
        firstName: `Bulk${i}`,
        lastName: i % 3 ? 'Plain' : 'Comma, Quote"',
        playedAt: new Date(base + i * 60_000).toISOString(),
        resultStatus: i % 2 ? 'Pass' : 'Fail',
        rightAnswerCount: i % 2 ? 5 : 1,
        playHash: randomUUID(),
        age: 1 + (i % 100),
      }));
      await t.app.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 1000)
          await trx
            .insertInto('testResults')
            .values(rows.slice(i, i + 1000))
            .execute();
      });
      const res = await exportOf(tokens.admin, { organizationId: org });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBeUndefined();
      const parsed = records(res);
      expect(parsed).toHaveLength(20_001);
      expect(parsed[1][1]).toBe('Bulk19999');
      expect(parsed[20_000][1]).toBe('Bulk0');
      expect(parsed[20_000][2]).toBe('Comma, Quote"');
      expect(new Set(parsed.slice(1).map((r) => r[1])).size).toBe(20_000);
      // The list agrees on the total.
      expect((await list(tokens.admin, { organizationId: org, rowsPerPage: 1 })).totalCount).toBe(20_000);
    });

    it('reads the export on its own connection and snapshot: the app reads and writes meanwhile', async () => {
      expect(bulkOrg).toBeGreaterThan(0);
      const admin = resultScope({ roleName: 'Admin', organizationId: null, discloseUserDetails: true });
      const cursor = await openResultCursor(t.app.db, admin, { organizationId: bulkOrg }, null);
      try {
        expect(cursor.count).toBe(20_000);
        // Read one row at a time on either engine (SQLite's rows come at once, PostgreSQL's as fetched).
        const rows =
          Symbol.asyncIterator in cursor.rows ? cursor.rows[Symbol.asyncIterator]() : cursor.rows[Symbol.iterator]();
        expect((await rows.next()).value?.[1]).toBe('Bulk19999');
        // Half-way through the read (a client that stopped reading), other requests are answered
        // and a write lands: the export holds nothing the app's connection needs.
        const late = await addResult({
          organizationId: bulkOrg,
          playedAt: '2000-01-01T00:00:00.000Z',
          firstName: 'Late',
        });
        expect((await list(tokens.admin, { organizationId: bulkOrg, rowsPerPage: 1 })).totalCount).toBe(20_001);
        let n = 1;
        let last = '';
        for (let r = await rows.next(); !r.done; r = await rows.next()) {
          n += 1;
          last = r.value[1] ?? '';
        }
        // Exactly the rows of the moment the export began (the count audited with it).
        expect(n).toBe(20_000);
        expect(last).toBe('Bulk0');
        await t.app.db.deleteFrom('testResults').where('id', '=', late).execute();
      } finally {
        cursor.close();
      }
    });

    it('survives a client that goes away mid-stream', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: EXPORT,
            headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
          },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => undefined);
        req.end(JSON.stringify({ organizationId: bulkOrg }));
        setTimeout(() => reject(new Error('no data')), 5000);
      });
      // The server goes on serving, and the next export is whole.
      await new Promise((r) => setTimeout(r, 50));
      const res = await exportOf(tokens.admin, { organizationId: bulkOrg });
      expect(records(res)).toHaveLength(20_001);
    });
  });
});
