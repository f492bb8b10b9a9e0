import { randomUUID } from 'node:crypto';
import {
  type Access,
  CONTRACT,
  type EndpointName,
  MEDICAL_FLAG_KEYS,
  PLAY_MSG,
  QUESTIONNAIRE_QUESTIONS,
  roleAllows,
} from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertResult } from './test/catalogue';
import { bearer, createOrganization, createUser, envelopeOf, signIn, useTestApp } from './test/helpers';
import { multipart } from './test/multipart';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from './test/play';

const MEDICAL = {
  FirstName: 'Robin',
  LastName: 'Nose',
  Age: 42,
  Gender: 'Female',
  Race: 'Asian',
  ...Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, false])),
};
const QUESTIONS = QUESTIONNAIRE_QUESTIONS.map((Question) => ({ Question, Answer: 'No' }));

type Caller = 'no token' | 'User' | 'Client Admin A' | 'Client Admin B' | 'Admin' | 'made inactive';

/**
 * Every /api endpoint of the contract × every kind of caller: the guard's answer is the one the
 * endpoint's access (API.md) gives that caller — 401 without a working token, 403 for a role it
 * does not allow, and neither for a caller it does. Later endpoints join by being declared.
 */
describe('authorization matrix', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  const tokens = {} as Record<Exclude<Caller, 'no token'>, string>;
  let orgA = 0;
  let orgB = 0;

  beforeAll(async () => {
    orgA = await createOrganization(t.app, { name: 'Org A' });
    orgB = await createOrganization(t.app, { name: 'Org B' });
    const users = {
      User: await createUser(t.app, { roleName: 'User', organizationId: orgA }),
      'Client Admin A': await createUser(t.app, { roleName: 'Client Admin', organizationId: orgA }),
      'Client Admin B': await createUser(t.app, { roleName: 'Client Admin', organizationId: orgB }),
      Admin: await createUser(t.app, { roleName: 'Admin' }),
      'made inactive': await createUser(t.app, { roleName: 'Admin' }),
    };
    for (const [caller, u] of Object.entries(users))
      tokens[caller as keyof typeof tokens] = await signIn(t.app, u.email, u.password);
    await t.app.db.updateTable('users').set({ isActive: 0 }).where('id', '=', users['made inactive'].id).execute();
  });

  const role = {
    User: 'User',
    'Client Admin A': 'Client Admin',
    'Client Admin B': 'Client Admin',
    Admin: 'Admin',
  } as const;
  function expected(access: Access, caller: Caller): 'allowed' | 401 | 403 {
    if (access === 'public') return 'allowed';
    if (caller === 'no token' || caller === 'made inactive') return 401;
    return roleAllows(access, role[caller]) ? 'allowed' : 403;
  }

  const names = Object.keys(CONTRACT) as EndpointName[];

  /** API.md's access column, written out again on purpose: a declaration that drifts from it fails. */
  const API_MD: Record<EndpointName, Access> = {
    health: 'public',
    appConfig: 'public',
    authenticate: 'public',
    changePassword: 'auth',
    getUserList: 'admin',
    getUserById: 'admin',
    createUser: 'admin',
    updateUser: 'admin',
    deleteUser: 'admin',
    resetPassword: 'admin',
    getRoles: 'public',
    dropDownOrganization: 'public',
    getOrganizationById: 'public',
    getOrganizationList: 'admin',
    createOrganization: 'admin',
    editOrganization: 'admin',
    deleteOrganization: 'admin',
    getAuditLog: 'admin',
    getScentCardOptionList: 'admin',
    dropDownForScentCardOption: 'admin',
    getScentCardOptionById: 'admin',
    createScentCardOption: 'admin',
    updateScentCardOption: 'admin',
    deleteScentCardOption: 'admin',
    getTestKit: 'admin',
    getTestKitById: 'admin',
    saveTestKit: 'admin',
    updateTestKit: 'admin',
    deleteTestKit: 'admin',
    getTestNameList: 'staff',
    getSentCardDetails: 'public',
    getScentCardByTestKitId: 'admin',
    getScentCardDetailById: 'admin',
    createSentCardDetails: 'admin',
    updateSentCardDetails: 'admin',
    deleteScentCard: 'admin',
    saveTestResult: 'public',
    findTestResultId: 'public',
    findTestResultIdPost: 'public',
    getTestResultCounts: 'staff',
    pullKits: 'public',
    pushResults: 'public',
    verifyResult: 'public',
    sendResultInEmail: 'public',
    sendQuestionnaireResultInEmail: 'public',
    generatePkSafePass: 'public',
    pushEmails: 'public',
    reportDevice: 'public',
    getDeviceList: 'staff',
    dismissGaps: 'staff',
    getWebhookList: 'staff',
    saveWebhook: 'staff',
    rotateSecret: 'staff',
    deleteWebhook: 'staff',
    sendTestEvent: 'staff',
    getDeliveryList: 'staff',
    redeliver: 'staff',
    exportFhir: 'staff',
    getCovidQuestionnaire: 'public',
    getMedicalHistoryQuestionnaire: 'public',
    saveQuestionnaireResult: 'public',
    saveUserMedicalInformation: 'public',
    pushQuestionnaires: 'public',
    pushMedical: 'public',
    getTestResultList: 'staff',
    getTestAnswerResultDetailList: 'staff',
    getQuestionnaireAnswerList: 'staff',
    exportCsv: 'staff',
    getDataLocation: 'staff',
    getLocationData: 'staff',
    passFailDataByDate: 'staff',
    // --- #24 dashboard ---
    getTestResultCountsPost: 'staff',
    getTestResultTrend: 'staff',
    getKitInsights: 'staff',
    // Any signed-in user, for their own sessions; the calling token is kept,
    // so the tokens of this suite go on working after it is called.
    endOtherSessions: 'auth',
    forgotPassword: 'public',
    resetPasswordWithToken: 'public',
    sendResetLink: 'admin',
    verifyTotp: 'public',
    totpSetup: 'auth',
    totpEnable: 'auth',
    totpDisable: 'auth',
    totpRecoveryCodes: 'auth',
    totpClear: 'admin',
  };

  it("declares each endpoint's access as API.md gives it", () => {
    for (const name of names) expect(CONTRACT[name].route.access, name).toBe(API_MD[name]);
  });
  const callers: Caller[] = ['no token', 'User', 'Client Admin A', 'Client Admin B', 'Admin', 'made inactive'];

  it.each(names)('%s answers each caller as its access says', async (name) => {
    const { method, path, access } = CONTRACT[name].route;
    for (const caller of callers) {
      const token = caller === 'no token' ? undefined : tokens[caller];
      const res = await t.app.inject({
        method,
        // No record has this id, so an allowed delete changes nothing for the next callers;
        // bodies are empty (a 400 or 404 is "allowed": the guard let the call through).
        url: method === 'GET' ? `${path}?Id=987654&testKitName=DEMO1` : path,
        headers: token ? bearer(token) : {},
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      const want = expected(access, caller);
      if (want === 'allowed') {
        expect([401, 403], `${name} as ${caller}`).not.toContain(res.statusCode);
        expect(res.statusCode, `${name} as ${caller}`).toBeLessThan(500);
      } else {
        expect(res.statusCode, `${name} as ${caller}`).toBe(want);
        expect(envelopeOf(res).status).toBe('Failure');
      }
    }
  });

  it("gives a Client Admin only their own organization's data", async () => {
    const demo = await liveKit(t.app, 'DEMO1');
    for (let i = 0; i < 3; i++) await insertResult(t.app, demo.kitId, { organizationId: orgA });
    await insertResult(t.app, demo.kitId, { organizationId: orgB, resultStatus: 'Fail' });
    const counts = async (caller: keyof typeof tokens) =>
      envelopeOf<{ totalTestCount: number; failCount: number }>(
        await t.app.inject({ url: '/api/TestResult/GetTestResultCounts', headers: bearer(tokens[caller]) }),
      ).data;
    expect(await counts('Client Admin A')).toMatchObject({ totalTestCount: 3, failCount: 0 });
    expect(await counts('Client Admin B')).toMatchObject({ totalTestCount: 1, failCount: 1 });
    expect((await counts('Admin')).totalTestCount).toBe(4);
    // --- #24 dashboard --- the trend of the same days, whatever organization a Client Admin names.
    const today = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const trendTotal = async (caller: keyof typeof tokens, organizationId?: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/TestResult/GetTestResultTrend',
        headers: bearer(tokens[caller]),
        payload: { fromDate: today, toDate: today, groupBy: 'month', organizationId },
      });
      return envelopeOf<{ total: number; fail: number }[]>(res).data.reduce((n, p) => n + p.total, 0);
    };
    expect(await trendTotal('Client Admin A')).toBe(3);
    expect(await trendTotal('Client Admin A', orgB)).toBe(3);
    expect(await trendTotal('Client Admin B')).toBe(1);
    expect(await trendTotal('Admin')).toBe(4);
    expect(await trendTotal('Admin', orgB)).toBe(1);
  });

  /**
   * The public writes about a result × who calls: the result's id alone (what the report and its
   * verify QR print), any staff token, a wrong key — refused; the key's holder — let through.
   */
  describe("writes about a keyed result need its write key, whoever's token comes with them", () => {
    const KEY = 'matrix-result-write-key-01';
    const WRONG = 'not-the-key-of-this-result';
    let resultId = '';
    beforeAll(async () => {
      const demo = await liveKit(t.app, 'DEMO1');
      const doc = resultDoc(demo, answersFor(demo), { writeKey: KEY });
      expect(await push(t.app, [doc])).toEqual([]);
      resultId = doc.id;
    });

    /** Each write, as a body for the given key (undefined: none sent); `pushed`: a push's refusal list. */
    const WRITES: { name: EndpointName; body: (key?: string) => unknown; pushed?: boolean; form?: boolean }[] = [
      {
        name: 'saveUserMedicalInformation',
        body: (key) => ({ ...MEDICAL, TestResultId: resultId, WriteKey: key }),
      },
      {
        name: 'saveQuestionnaireResult',
        body: (key) => ({ TestResultId: resultId, WriteKey: key, QuestionnaireListDetails: QUESTIONS }),
      },
      { name: 'generatePkSafePass', body: (key) => ({ TestResultId: resultId, WriteKey: key }) },
      {
        name: 'sendResultInEmail',
        form: true,
        body: (key) => ({ TestResultId: resultId, WriteKey: key, Email: `matrix.${randomUUID()}@example.com` }),
      },
      {
        name: 'pushEmails',
        pushed: true,
        body: (key) => [
          {
            newDocumentState: {
              id: randomUUID(),
              testResultId: resultId,
              writeKey: key,
              kind: 'result',
              email: `matrix.${randomUUID()}@example.com`,
            },
          },
        ],
      },
      {
        name: 'pushMedical',
        pushed: true,
        body: (key) => [{ newDocumentState: { ...MEDICAL, id: randomUUID(), testResultId: resultId, writeKey: key } }],
      },
      {
        name: 'pushQuestionnaires',
        pushed: true,
        body: (key) => [
          {
            newDocumentState: {
              id: randomUUID(),
              testResultId: resultId,
              writeKey: key,
              answers: QUESTIONS.map((q) => ({ question: q.Question, answer: q.Answer })),
            },
          },
        ],
      },
    ];

    it.each(WRITES.map((w) => w.name))('%s', async (name) => {
      const write = WRITES.find((w) => w.name === name) as (typeof WRITES)[number];
      const { method, path } = CONTRACT[name].route;
      const call = (key: string | undefined, token?: string) => {
        const auth = token ? bearer(token) : {};
        if (!write.form) return t.app.inject({ method, url: path, headers: auth, payload: write.body(key) as object });
        // A multipart send (the e-mails): the model as its JSON field.
        const form = multipart([{ name: 'model', value: JSON.stringify(write.body(key)) }]);
        return t.app.inject({ method, url: path, headers: { ...auth, ...form.headers }, payload: form.payload });
      };
      const refused = (res: Awaited<ReturnType<typeof call>>) =>
        write.pushed
          ? res.statusCode === 200 && JSON.stringify(envelopeOf(res).data).includes(PLAY_MSG.notAllowedForResult)
          : res.statusCode === 403 && envelopeOf(res).message === PLAY_MSG.notAllowedForResult;
      for (const caller of ['no token', 'User', 'Client Admin A', 'Admin'] as const) {
        const token = caller === 'no token' ? undefined : tokens[caller];
        for (const key of [undefined, WRONG])
          expect(refused(await call(key, token)), `${name} as ${caller}, key ${key}`).toBe(true);
      }
      const allowed = await call(KEY);
      expect(refused(allowed), `${name} with the key`).toBe(false);
      expect(allowed.statusCode).toBeLessThan(500);
    });
  });
});
