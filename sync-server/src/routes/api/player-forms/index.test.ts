import { randomUUID } from 'node:crypto';
import {
  type ApiData,
  GUEST_NAME,
  type KitDoc,
  MEDICAL_FLAG_KEYS,
  MEDICAL_MSG,
  MSG,
  PLAY_MSG,
  QUESTIONNAIRE_MSG,
  QUESTIONNAIRE_QUESTIONS,
} from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, makeTestApp, type TestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, expectEnvelope, liveKit, push, resultDoc } from '../../../test/play';

const QUESTIONNAIRE_URL = '/api/TestResult/SaveQuestionnaireResult';
const MEDICAL_URL = '/api/TestResult/SaveUserMedicalInformation';
const PUSH_QUESTIONNAIRES = '/api/sync/questionnaires/push';
const PUSH_MEDICAL = '/api/sync/medical/push';

let t: TestApp;
let kit: KitDoc;

beforeAll(async () => {
  t = await makeTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  kit = await liveKit(t.app, 'DEMO1');
});
afterAll(async () => {
  await t.cleanup();
});

/** A result pushed as a device would (placeholder names unless given); its id. */
async function newResult(extra: Record<string, unknown> = {}): Promise<string> {
  const doc = resultDoc(kit, answersFor(kit), { firstName: null, lastName: null, ...extra });
  expect(await push(t.app, [doc])).toEqual([]);
  return doc.id;
}

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

const pushDocs = (url: string, docs: unknown[]) =>
  post(
    url,
    docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })),
  );

/** Pushes and returns the refusals, asserting a 200 Success. */
async function pushForms(url: string, docs: unknown[]) {
  return expectEnvelope<ApiData<'pushMedical'>>(await pushDocs(url, docs), 200, 'Success').data;
}

const storedResult = (id: string) =>
  t.app.db.selectFrom('testResults').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirstOrThrow();

const storedAnswers = (id: string) =>
  t.app.db
    .selectFrom('questionnaireAnswers')
    .select(['sortOrder', 'question', 'answer'])
    .where('testResultId', '=', id.toLowerCase())
    .orderBy('sortOrder')
    .execute();

// ── Medical form ────────────────────────────────────────────────────────────

const FLAGS_NO = Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, false]));

function medicalBody(testResultId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    TestResultId: testResultId,
    FirstName: 'Robin',
    LastName: 'Nose',
    Age: 42,
    Gender: 'Female',
    Race: 'Asian',
    ...FLAGS_NO,
    IsSinoNasalDisease: true,
    IsParkinsonDiseaseInFamily: true,
    ...extra,
  };
}

/** The body without one field. */
function without(body: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _gone, ...rest } = body;
  return rest;
}

/** The medical form as the device pushes it (camelCase). */
function medicalDoc(testResultId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const camel = Object.fromEntries(
    Object.entries(medicalBody(testResultId)).map(([k, v]) => [`${k[0].toLowerCase()}${k.slice(1)}`, v]),
  );
  return { id: randomUUID(), organizationId: null, ...camel, ...extra };
}

describe('SaveUserMedicalInformation', () => {
  it('stores the form on the result: names replace the placeholder, flags 0/1, the time', async () => {
    const id = await newResult();
    expect(await storedResult(id)).toMatchObject(GUEST_NAME);
    const res = await post(MEDICAL_URL, medicalBody(id));
    expect(expectEnvelope(res, 200, 'Success', MEDICAL_MSG.saved).data).toBeNull();
    const row = await storedResult(id);
    expect(row).toMatchObject({
      firstName: 'Robin',
      lastName: 'Nose',
      age: 42,
      gender: 'Female',
      race: 'Asian',
      isAlzheimerDisease: 0,
      isParkinsonDisease: 0,
      isHeadInjuriesConcussion: 0,
      isSinoNasalDisease: 1,
      isOtherNeurologicalDisorder: 0,
      isAlzheimerDiseaseInFamily: 0,
      isParkinsonDiseaseInFamily: 1,
      isOtherNeurologicalDisorderInFamily: 0,
      organizationId: null,
      medicalDocId: null,
    });
    expect(Date.parse(row.medicalUpdatedAt as string)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('takes the spec’s body without names: the result keeps the names it was played under', async () => {
    const id = await newResult({ firstName: 'Ana', lastName: 'Played' });
    const body = without(without(medicalBody(id), 'FirstName'), 'LastName');
    expect(expectEnvelope(await post(MEDICAL_URL, body), 200, 'Success', MEDICAL_MSG.saved).data).toBeNull();
    expect(await storedResult(id)).toMatchObject({
      firstName: 'Ana',
      lastName: 'Played',
      age: 42,
      isSinoNasalDisease: 1,
    });
    // The same body again is an identical resend; names given now are a different record.
    expect((await post(MEDICAL_URL, body)).statusCode).toBe(200);
    expect(expectEnvelope(await post(MEDICAL_URL, medicalBody(id)), 400, 'Warning').message).toBe(MEDICAL_MSG.conflict);
    // An empty name is still refused: only a name left out is optional.
    const other = await newResult();
    expect((await post(MEDICAL_URL, medicalBody(other, { FirstName: '' }))).statusCode).toBe(400);
  });

  it('binds keys ignoring case and trims the names', async () => {
    const id = await newResult();
    const body = Object.fromEntries(
      Object.entries(medicalBody(id, { FirstName: '  Robin ' })).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expectEnvelope(await post(MEDICAL_URL, body), 200, 'Success', MEDICAL_MSG.saved);
    expect(await storedResult(id)).toMatchObject({ firstName: 'Robin', lastName: 'Nose' });
  });

  it.each<[string, (b: Record<string, unknown>) => Record<string, unknown>, string]>([
    ['FirstName empty', (b) => ({ ...b, FirstName: '' }), MEDICAL_MSG.firstNameRequired],
    ['FirstName blank', (b) => ({ ...b, FirstName: '   ' }), MEDICAL_MSG.firstNameRequired],
    ['LastName empty', (b) => ({ ...b, LastName: '' }), MEDICAL_MSG.lastNameRequired],
    ['FirstName of 25 characters', (b) => ({ ...b, FirstName: 'A'.repeat(25) }), MEDICAL_MSG.nameTooLong],
    ['LastName of 30 characters', (b) => ({ ...b, LastName: 'B'.repeat(30) }), MEDICAL_MSG.nameTooLong],
    ['Age missing', (b) => without(b, 'Age'), 'Please enter Age.'],
    ['Age null', (b) => ({ ...b, Age: null }), 'Please enter Age.'],
    ['Age 0', (b) => ({ ...b, Age: 0 }), 'Please enter valid Age.'],
    ['Age 101', (b) => ({ ...b, Age: 101 }), 'Please enter valid Age.'],
    ['Age 2.5', (b) => ({ ...b, Age: 2.5 }), 'Please enter valid Age.'],
    ['Age -3', (b) => ({ ...b, Age: -3 }), 'Please enter valid Age.'],
    ['Race missing', (b) => without(b, 'Race'), 'Please select a Race/Ethnicity.'],
    ['Race unknown', (b) => ({ ...b, Race: 'Martian' }), 'Please select a Race/Ethnicity.'],
    ['Gender missing', (b) => without(b, 'Gender'), MEDICAL_MSG.genderRequired],
    ['Gender unknown', (b) => ({ ...b, Gender: 'Other' }), MEDICAL_MSG.genderRequired],
    ...MEDICAL_FLAG_KEYS.map((k): [string, (b: Record<string, unknown>) => Record<string, unknown>, string] => [
      `${k} missing`,
      (b) => without(b, k),
      'Please select an option.',
    ]),
    ['a flag that is not a boolean', (b) => ({ ...b, IsAlzheimerDisease: 'yes' }), 'Please select an option.'],
    ['TestResultId missing', (b) => without(b, 'TestResultId'), PLAY_MSG.invalidId],
    ['TestResultId not a UUID', (b) => ({ ...b, TestResultId: 'abc' }), PLAY_MSG.invalidId],
  ])('refuses %s (400 Failure, the message) and stores nothing', async (_name, change, message) => {
    const id = await newResult();
    const res = await post(MEDICAL_URL, change(medicalBody(id)));
    const body = expectEnvelope(res, 400, 'Failure', message);
    expect(body.data).toBeNull();
    expect(typeof body.error).toBe('string');
    expect(await storedResult(id)).toMatchObject({ ...GUEST_NAME, age: null, medicalUpdatedAt: null });
  });

  it.each([
    ['李雷', 'Ольга-Łucja'],
    ["O'Brien", 'Jean-Pierre'],
    ['عبد الله', 'देवनागरी'],
    ['O’Neil Jr.', 'עברית'],
  ])('takes names as people have them: %s %s, stored as sent', async (first, last) => {
    const id = await newResult();
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { FirstName: first, LastName: last })), 200, 'Success');
    expect(await storedResult(id)).toMatchObject({ firstName: first, lastName: last });
  });

  it('counts a name in characters: 24 Chinese characters (or 24 astral ones, 48 UTF-16 units) are taken', async () => {
    for (const name of ['李'.repeat(24), '𠮷'.repeat(24)]) {
      const id = await newResult();
      expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { FirstName: name })), 200, 'Success');
      expect(await storedResult(id)).toMatchObject({ firstName: name });
    }
    const id = await newResult();
    expectEnvelope(
      await post(MEDICAL_URL, medicalBody(id, { FirstName: '李'.repeat(25) })),
      400,
      'Failure',
      MEDICAL_MSG.nameTooLong,
    );
  });

  it('stores a name in NFC (a decomposed accent arrives composed)', async () => {
    const id = await newResult();
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { LastName: 'Jose\u0301' })), 200, 'Success');
    expect(await storedResult(id)).toMatchObject({ lastName: 'José' });
  });

  it.each(['Robin2', 'R@bin', '李雷!', 'Ann_Lee', '😀'])(
    "refuses digits and symbols in %j with the spec's message, storing nothing",
    async (name) => {
      const id = await newResult();
      expectEnvelope(
        await post(MEDICAL_URL, medicalBody(id, { FirstName: name })),
        400,
        'Failure',
        MSG.specialCharacters,
      );
      expect(await storedResult(id)).toMatchObject({ ...GUEST_NAME, medicalUpdatedAt: null });
    },
  );

  it('accepts the limits: Age 1 and 100, a 24-character name', async () => {
    for (const extra of [{ Age: 1 }, { Age: 100, FirstName: 'C'.repeat(24) }]) {
      const id = await newResult();
      expectEnvelope(await post(MEDICAL_URL, medicalBody(id, extra)), 200, 'Success');
      expect(await storedResult(id)).toMatchObject({ age: extra.Age });
    }
  });

  it('unknown result: 404 with its message', async () => {
    const res = await post(MEDICAL_URL, medicalBody(randomUUID()));
    expectEnvelope(res, 404, 'Failure', MEDICAL_MSG.resultUnknown);
  });

  it('an identical resend is a no-op success; a different second record is a 400 Warning', async () => {
    const id = await newResult();
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id)), 200, 'Success');
    const first = await storedResult(id);
    // The reply was lost: the same request again (the id in another case, keys in camelCase).
    const again = await post(MEDICAL_URL, { ...medicalBody(id), TestResultId: id.toUpperCase() });
    expectEnvelope(again, 200, 'Success', MEDICAL_MSG.saved);
    expect(await storedResult(id)).toEqual(first);
    for (const change of [{ Age: 43 }, { FirstName: 'Rob' }, { IsAlzheimerDisease: true }, { Race: 'White' }]) {
      const res = await post(MEDICAL_URL, medicalBody(id, change));
      expectEnvelope(res, 400, 'Warning', MEDICAL_MSG.conflict);
    }
    expect(await storedResult(id)).toEqual(first);
  });

  it('sets the organization once, while the result has none, and never overwrites it', async () => {
    const clinic = await createOrganization(t.app, { name: 'Nose Clinic' });
    const other = await createOrganization(t.app, { name: 'Other Clinic' });
    // Chosen in the form: set.
    const id = await newResult();
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { OrganizationId: clinic })), 200, 'Success');
    expect((await storedResult(id)).organizationId).toBe(clinic);
    // The identical record naming another organization: a no-op, the first one stays.
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { OrganizationId: other })), 200, 'Success');
    expect((await storedResult(id)).organizationId).toBe(clinic);

    // A result that carries one from play keeps it, silently.
    const played = await newResult({ organizationId: clinic });
    expectEnvelope(await post(MEDICAL_URL, medicalBody(played, { OrganizationId: other })), 200, 'Success');
    expect(await storedResult(played)).toMatchObject({ organizationId: clinic, firstName: 'Robin' });

    // None given: none set; null is the same as absent.
    const none = await newResult();
    expectEnvelope(await post(MEDICAL_URL, medicalBody(none, { OrganizationId: null })), 200, 'Success');
    expect((await storedResult(none)).organizationId).toBeNull();
  });

  it('refuses an organization players cannot choose (inactive, deleted, unknown): 400 Failure, nothing stored', async () => {
    const inactive = await createOrganization(t.app, { isActive: false });
    const deleted = await createOrganization(t.app);
    await t.app.db
      .updateTable('organizations')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', deleted)
      .execute();
    for (const org of [inactive, deleted, 999_999]) {
      const id = await newResult();
      const res = await post(MEDICAL_URL, medicalBody(id, { OrganizationId: org }));
      expectEnvelope(res, 400, 'Failure', MEDICAL_MSG.organizationUnavailable);
      expect(await storedResult(id)).toMatchObject({ organizationId: null, medicalUpdatedAt: null, ...GUEST_NAME });
      // The player chooses again (another request, now valid): stored.
      expectEnvelope(await post(MEDICAL_URL, medicalBody(id)), 200, 'Success');
    }
    for (const bad of [0, -1, 1.5, '7']) {
      const res = await post(MEDICAL_URL, medicalBody(await newResult(), { OrganizationId: bad }));
      expectEnvelope(res, 400, 'Failure');
    }
  });
});

describe('DropDownOrganization', () => {
  it('lists only active, live organizations, exactly {id, name}', async () => {
    const active = await createOrganization(t.app, { name: 'Listed Clinic' });
    const inactive = await createOrganization(t.app, { name: 'Closed Clinic', isActive: false });
    const deleted = await createOrganization(t.app, { name: 'Gone Clinic' });
    await t.app.db
      .updateTable('organizations')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', deleted)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/Organization/DropDownOrganization' });
    const list = expectEnvelope<{ id: number; name: string }[]>(res, 200, 'Success').data;
    expect(list).toContainEqual({ id: active, name: 'Listed Clinic' });
    const ids = list.map((o) => o.id);
    expect(ids).not.toContain(inactive);
    expect(ids).not.toContain(deleted);
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    const rows = await t.app.db
      .selectFrom('organizations')
      .select('id')
      .where('isActive', '=', 1)
      .where('deletedAt', 'is', null)
      .execute();
    expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
  });
});

// ── Questionnaire ───────────────────────────────────────────────────────────

const rowsOf = (answers: string[], questions: readonly string[] = QUESTIONNAIRE_QUESTIONS) =>
  answers.map((Answer, i) => ({ Question: questions[i], Answer }));

const questionnaireBody = (testResultId: string, answers = ['Yes', 'No', 'No', 'yES', 'no']) => ({
  TestResultId: testResultId,
  QuestionnaireListDetails: rowsOf(answers),
});

const completed = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/TestResult/FindTestResultId?id=${id}` });
  return expectEnvelope<{ isCompleted: boolean }>(res, 200, 'Success').data.isCompleted;
};

describe('SaveQuestionnaireResult', () => {
  it('stores five rows (questions as sent, answers Yes/No) and completes the test', async () => {
    const id = await newResult();
    expect(await completed(id)).toBe(false);
    const questions = ['  Odd   spacing, Case?  ', 'q2', 'Q2', 'ÜNICODE question ✓', 'x'.repeat(200)];
    const res = await post(QUESTIONNAIRE_URL, {
      TestResultId: id,
      QuestionnaireListDetails: rowsOf(['yES', 'No', ' no ', 'YES', 'nO'], questions),
    });
    expect(expectEnvelope(res, 200, 'Success', QUESTIONNAIRE_MSG.saved).data).toBeNull();
    expect(await storedAnswers(id)).toEqual([
      { sortOrder: 1, question: questions[0], answer: 'Yes' },
      { sortOrder: 2, question: 'q2', answer: 'No' },
      { sortOrder: 3, question: 'Q2', answer: 'No' },
      { sortOrder: 4, question: questions[3], answer: 'Yes' },
      { sortOrder: 5, question: questions[4], answer: 'No' },
    ]);
    expect((await storedResult(id)).questionnaireCompleted).toBe(1);
    expect(await completed(id)).toBe(true);
  });

  it.each<[string, (b: ReturnType<typeof questionnaireBody>) => unknown, string]>([
    [
      'four rows',
      (b) => ({ ...b, QuestionnaireListDetails: b.QuestionnaireListDetails.slice(0, 4) }),
      QUESTIONNAIRE_MSG.exactlyFive,
    ],
    [
      'six rows',
      (b) => ({ ...b, QuestionnaireListDetails: [...b.QuestionnaireListDetails, b.QuestionnaireListDetails[0]] }),
      QUESTIONNAIRE_MSG.exactlyFive,
    ],
    ['no rows', (b) => ({ ...b, QuestionnaireListDetails: [] }), QUESTIONNAIRE_MSG.exactlyFive],
    ['rows missing', (b) => ({ TestResultId: b.TestResultId }), QUESTIONNAIRE_MSG.exactlyFive],
    [
      'a 201-character question',
      (b) => ({
        ...b,
        QuestionnaireListDetails: b.QuestionnaireListDetails.map((r, i) =>
          i === 2 ? { ...r, Question: 'q'.repeat(201) } : r,
        ),
      }),
      QUESTIONNAIRE_MSG.question,
    ],
    [
      'an empty question',
      (b) => ({
        ...b,
        QuestionnaireListDetails: b.QuestionnaireListDetails.map((r, i) => (i ? r : { ...r, Question: '' })),
      }),
      QUESTIONNAIRE_MSG.question,
    ],
    [
      'the answer "maybe"',
      (b) => ({ ...b, QuestionnaireListDetails: rowsOf(['Yes', 'maybe', 'No', 'No', 'No']) }),
      QUESTIONNAIRE_MSG.answer,
    ],
    [
      'an answer true',
      (b) => ({ ...b, QuestionnaireListDetails: rowsOf(['Yes', 'No', 'No', 'No', true as never]) }),
      QUESTIONNAIRE_MSG.answer,
    ],
    [
      'an answer "Y"',
      (b) => ({ ...b, QuestionnaireListDetails: rowsOf(['Y', 'No', 'No', 'No', 'No']) }),
      QUESTIONNAIRE_MSG.answer,
    ],
    ['TestResultId not a UUID', (b) => ({ ...b, TestResultId: 'nope' }), PLAY_MSG.invalidId],
  ])('refuses %s (400 Failure) and stores nothing', async (_name, change, message) => {
    const id = await newResult();
    const res = await post(QUESTIONNAIRE_URL, change(questionnaireBody(id)));
    expectEnvelope(res, 400, 'Failure', message);
    expect(await storedAnswers(id)).toEqual([]);
    expect(await completed(id)).toBe(false);
  });

  it('unknown result: 404 with its message', async () => {
    const res = await post(QUESTIONNAIRE_URL, questionnaireBody(randomUUID()));
    expectEnvelope(res, 404, 'Failure', QUESTIONNAIRE_MSG.resultUnknown);
  });

  it('a second questionnaire is a 400 Warning whatever it says; the same one again is a no-op', async () => {
    const id = await newResult();
    expectEnvelope(await post(QUESTIONNAIRE_URL, questionnaireBody(id)), 200, 'Success');
    const stored = await storedAnswers(id);
    // The reply was lost: the identical rows again (answers in another case are the same answers).
    const resend = questionnaireBody(id, ['yes', 'NO', 'no', 'Yes', 'No']);
    expectEnvelope(await post(QUESTIONNAIRE_URL, resend), 200, 'Success', QUESTIONNAIRE_MSG.saved);
    for (const other of [
      questionnaireBody(id, ['No', 'No', 'No', 'Yes', 'No']),
      {
        TestResultId: id,
        QuestionnaireListDetails: rowsOf(['Yes', 'No', 'No', 'Yes', 'No'], ['a', 'b', 'c', 'd', 'e']),
      },
    ]) {
      const res = await post(QUESTIONNAIRE_URL, other);
      expectEnvelope(res, 400, 'Warning', 'Questionnaire is already completed');
    }
    expect(await storedAnswers(id)).toEqual(stored);
    expect(await completed(id)).toBe(true);
  });
});

// ── Pushes ──────────────────────────────────────────────────────────────────

const questionnaireDoc = (testResultId: string, answers = ['Yes', 'No', 'No', 'No', 'yes']) => ({
  id: randomUUID(),
  testResultId,
  answers: answers.map((answer, i) => ({ question: QUESTIONNAIRE_QUESTIONS[i], answer })),
});

describe('POST /api/sync/questionnaires/push', () => {
  it('stores a document once: the same document again (reply lost) is a no-op', async () => {
    const id = await newResult();
    const doc = questionnaireDoc(id);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [doc])).toEqual([]);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [doc])).toEqual([]);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [{ ...doc, id: doc.id.toUpperCase() }, doc])).toEqual([]);
    expect(await storedAnswers(id)).toEqual(
      doc.answers.map((a, i) => ({
        sortOrder: i + 1,
        question: a.question,
        answer: a.answer === 'yes' ? 'Yes' : a.answer,
      })),
    );
    expect(await storedResult(id)).toMatchObject({ questionnaireCompleted: 1, questionnaireDocId: doc.id });
    expect(await completed(id)).toBe(true);
  });

  it('a document before its result is rejected; once the result is up, the resend is stored', async () => {
    const result = resultDoc(kit, answersFor(kit));
    const doc = questionnaireDoc(result.id);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [doc])).toEqual([
      { id: doc.id, rejected: true, reason: QUESTIONNAIRE_MSG.resultUnknown },
    ]);
    expect(await push(t.app, [result])).toEqual([]);
    expect(await storedAnswers(result.id)).toEqual([]);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [doc])).toEqual([]);
    expect(await storedAnswers(result.id)).toHaveLength(5);
  });

  it('a second document (another id) for the result is rejected, even with the same answers', async () => {
    const id = await newResult();
    const first = questionnaireDoc(id);
    const second = questionnaireDoc(id, ['No', 'No', 'No', 'No', 'No']);
    const same = { ...first, id: randomUUID() };
    const refusals = await pushForms(PUSH_QUESTIONNAIRES, [first, second, same]);
    expect(refusals).toEqual([
      { id: second.id, rejected: true, reason: QUESTIONNAIRE_MSG.completed },
      { id: same.id, rejected: true, reason: QUESTIONNAIRE_MSG.completed },
    ]);
    // The same id with other answers is no resend either.
    const changed = { ...first, answers: second.answers };
    expect(await pushForms(PUSH_QUESTIONNAIRES, [changed])).toEqual([
      { id: first.id, rejected: true, reason: QUESTIONNAIRE_MSG.completed },
    ]);
    expect((await storedAnswers(id)).map((r) => r.answer)).toEqual(['Yes', 'No', 'No', 'No', 'Yes']);
    // After the direct endpoint stored one, a pushed document is another questionnaire.
    const online = await newResult();
    expectEnvelope(await post(QUESTIONNAIRE_URL, questionnaireBody(online)), 200, 'Success');
    expect(
      await pushForms(PUSH_QUESTIONNAIRES, [questionnaireDoc(online, ['No', 'No', 'No', 'No', 'No'])]),
    ).toHaveLength(1);
  });

  it('one document id belongs to one result', async () => {
    const [a, b] = [await newResult(), await newResult()];
    const doc = questionnaireDoc(a);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [doc, { ...doc, testResultId: b }])).toEqual([
      { id: doc.id, rejected: true, reason: QUESTIONNAIRE_MSG.completed },
    ]);
    expect(await storedAnswers(b)).toEqual([]);
  });

  it('an invalid document is rejected with its reason, nothing stored; the others of the push are taken', async () => {
    const id = await newResult();
    const good = await newResult();
    const bad = [
      { ...questionnaireDoc(id), answers: questionnaireDoc(id).answers.slice(0, 4) },
      questionnaireDoc(id, ['Yes', 'maybe', 'No', 'No', 'No']),
      { ...questionnaireDoc(id), id: 'not-a-uuid' },
      { ...questionnaireDoc(id), testResultId: 'nope' },
      {
        ...questionnaireDoc(id),
        answers: questionnaireDoc(id).answers.map((a, i) => (i ? a : { ...a, question: 'q'.repeat(201) })),
      },
    ];
    const goodDoc = questionnaireDoc(good);
    const refusals = await pushForms(PUSH_QUESTIONNAIRES, [...bad, goodDoc]);
    expect(refusals).toEqual([
      { id: bad[0].id, rejected: true, reason: QUESTIONNAIRE_MSG.exactlyFive },
      { id: bad[1].id, rejected: true, reason: QUESTIONNAIRE_MSG.answer },
      { id: 'not-a-uuid', rejected: true, reason: MSG.invalidRequest },
      { id: bad[3].id, rejected: true, reason: PLAY_MSG.invalidId },
      { id: bad[4].id, rejected: true, reason: QUESTIONNAIRE_MSG.question },
    ]);
    expect(await storedAnswers(id)).toEqual([]);
    expect(await completed(id)).toBe(false);
    expect(await storedAnswers(good)).toHaveLength(5);
    // A document without any id is echoed with an empty one.
    expect(await pushForms(PUSH_QUESTIONNAIRES, [{ testResultId: id }])).toEqual([
      { id: '', rejected: true, reason: MSG.invalidRequest },
    ]);
  });

  it('refuses a body that is not 1 to 20 rows (400 Failure)', async () => {
    for (const body of [[], Array.from({ length: 21 }, () => ({ newDocumentState: {} })), {}, 'x']) {
      const res = await post(PUSH_QUESTIONNAIRES, body);
      expectEnvelope(res, 400, 'Failure');
    }
  });
});

describe('POST /api/sync/medical/push', () => {
  it('stores a document once (camelCase, as the device sends it): the same again is a no-op', async () => {
    const clinic = await createOrganization(t.app);
    const id = await newResult();
    const doc = medicalDoc(id, { organizationId: clinic });
    expect(await pushForms(PUSH_MEDICAL, [doc])).toEqual([]);
    const first = await storedResult(id);
    expect(first).toMatchObject({
      firstName: 'Robin',
      lastName: 'Nose',
      age: 42,
      isSinoNasalDisease: 1,
      organizationId: clinic,
      medicalDocId: doc.id,
    });
    expect(await pushForms(PUSH_MEDICAL, [doc, doc])).toEqual([]);
    expect(await storedResult(id)).toEqual(first);
  });

  it('a document before its result is rejected; once the result is up, the resend is stored', async () => {
    const result = resultDoc(kit, answersFor(kit), { firstName: null, lastName: null });
    const doc = medicalDoc(result.id);
    expect(await pushForms(PUSH_MEDICAL, [doc])).toEqual([
      { id: doc.id, rejected: true, reason: MEDICAL_MSG.resultUnknown },
    ]);
    expect(await push(t.app, [result])).toEqual([]);
    expect(await storedResult(result.id)).toMatchObject({ ...GUEST_NAME, medicalUpdatedAt: null });
    expect(await pushForms(PUSH_MEDICAL, [doc])).toEqual([]);
    expect(await storedResult(result.id)).toMatchObject({ firstName: 'Robin', medicalDocId: doc.id });
  });

  it('a second document for the result is rejected with the Warning message; the first stands', async () => {
    const id = await newResult();
    const first = medicalDoc(id);
    const second = medicalDoc(id, { age: 70 });
    expect(await pushForms(PUSH_MEDICAL, [first, second])).toEqual([
      { id: second.id, rejected: true, reason: MEDICAL_MSG.conflict },
    ]);
    expect(await pushForms(PUSH_MEDICAL, [{ ...first, age: 71 }])).toEqual([
      { id: first.id, rejected: true, reason: MEDICAL_MSG.conflict },
    ]);
    expect(await storedResult(id)).toMatchObject({ age: 42, medicalDocId: first.id });
    // The direct endpoint's identical record after the push: a no-op; a different one: a Warning.
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id)), 200, 'Success');
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { Age: 9 })), 400, 'Warning', MEDICAL_MSG.conflict);
  });

  it('an invalid document is rejected with its reason and nothing is stored', async () => {
    const id = await newResult();
    const inactive = await createOrganization(t.app, { isActive: false });
    const bad = [
      medicalDoc(id, { age: 0 }),
      medicalDoc(id, { race: undefined }),
      medicalDoc(id, { isHeadInjuriesConcussion: null }),
      medicalDoc(id, { firstName: '' }),
      medicalDoc(id, { lastName: 'L'.repeat(25) }),
    ];
    expect(await pushForms(PUSH_MEDICAL, bad)).toEqual([
      { id: bad[0].id, rejected: true, reason: MEDICAL_MSG.ageInvalid },
      { id: bad[1].id, rejected: true, reason: MEDICAL_MSG.raceRequired },
      { id: bad[2].id, rejected: true, reason: MEDICAL_MSG.optionRequired },
      { id: bad[3].id, rejected: true, reason: MEDICAL_MSG.firstNameRequired },
      { id: bad[4].id, rejected: true, reason: MEDICAL_MSG.nameTooLong },
    ]);
    expect(await storedResult(id)).toMatchObject({
      ...GUEST_NAME,
      age: null,
      medicalUpdatedAt: null,
      medicalDocId: null,
    });
    // A form made offline whose provider was deactivated meanwhile is kept, without the provider.
    const late = medicalDoc(id, { organizationId: inactive });
    expect(await pushForms(PUSH_MEDICAL, [late])).toEqual([]);
    expect(await storedResult(id)).toMatchObject({ age: 42, organizationId: null, medicalDocId: late.id });
  });
});

// ── The write key (API.md "Writing to a result") ───────────────────────────

describe('forms of a keyed result', () => {
  const KEY = 'players-own-device-key-01';

  it('with the verify id only (no key, or a wrong one): 403, nothing stored; with the key: stored', async () => {
    const id = await newResult({ writeKey: KEY });
    const before = await storedResult(id);
    for (const WriteKey of [undefined, null, 'someone-elses-key-000000']) {
      expectEnvelope(
        await post(MEDICAL_URL, medicalBody(id, { WriteKey })),
        403,
        'Failure',
        PLAY_MSG.notAllowedForResult,
      );
      expectEnvelope(
        await post(QUESTIONNAIRE_URL, { ...questionnaireBody(id), WriteKey }),
        403,
        'Failure',
        PLAY_MSG.notAllowedForResult,
      );
    }
    expect(await storedResult(id)).toEqual(before);
    expect(await storedAnswers(id)).toEqual([]);
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { WriteKey: KEY })), 200, 'Success');
    expectEnvelope(await post(QUESTIONNAIRE_URL, { ...questionnaireBody(id), WriteKey: KEY }), 200, 'Success');
    expect(await storedResult(id)).toMatchObject({ firstName: 'Robin', questionnaireCompleted: 1 });
  });

  it('a refused second form carries the stored one to the key holder only', async () => {
    const id = await newResult({ writeKey: KEY });
    await post(MEDICAL_URL, medicalBody(id, { WriteKey: KEY }));
    await post(QUESTIONNAIRE_URL, { ...questionnaireBody(id), WriteKey: KEY });
    const medical = expectEnvelope(
      await post(MEDICAL_URL, medicalBody(id, { WriteKey: KEY, Age: 43 })),
      400,
      'Warning',
      MEDICAL_MSG.conflict,
    );
    expect(medical.data).toMatchObject({
      firstName: 'Robin',
      lastName: 'Nose',
      age: 42,
      gender: 'Female',
      race: 'Asian',
      isSinoNasalDisease: true,
      isAlzheimerDisease: false,
      organizationId: null,
    });
    const questionnaire = expectEnvelope(
      await post(QUESTIONNAIRE_URL, { ...questionnaireBody(id, ['No', 'No', 'No', 'No', 'No']), WriteKey: KEY }),
      400,
      'Warning',
      QUESTIONNAIRE_MSG.completed,
    );
    expect(questionnaire.data).toEqual({
      answers: ['Yes', 'No', 'No', 'Yes', 'No'].map((answer, i) => ({ question: QUESTIONNAIRE_QUESTIONS[i], answer })),
    });
    // A keyless result's conflict carries nothing (its id alone never reads a record).
    const keyless = await newResult();
    await post(MEDICAL_URL, medicalBody(keyless));
    expect(
      expectEnvelope(await post(MEDICAL_URL, medicalBody(keyless, { Age: 43 })), 400, 'Warning', MEDICAL_MSG.conflict)
        .data,
    ).toBeNull();
  });

  it('pushed forms need the key too: refused with the reason, stored with it', async () => {
    const id = await newResult({ writeKey: KEY });
    const medical = { id: randomUUID(), testResultId: id, ...medicalBody(id) };
    const questionnaire = {
      id: randomUUID(),
      testResultId: id,
      answers: ['Yes', 'No', 'No', 'No', 'No'].map((answer, i) => ({ question: QUESTIONNAIRE_QUESTIONS[i], answer })),
    };
    expect(await pushForms(PUSH_MEDICAL, [medical])).toEqual([
      { id: medical.id, rejected: true, reason: PLAY_MSG.notAllowedForResult },
    ]);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [{ ...questionnaire, writeKey: 'someone-elses-key-000000' }])).toEqual([
      { id: questionnaire.id, rejected: true, reason: PLAY_MSG.notAllowedForResult },
    ]);
    expect(await pushForms(PUSH_MEDICAL, [{ ...medical, writeKey: KEY }])).toEqual([]);
    expect(await pushForms(PUSH_QUESTIONNAIRES, [{ ...questionnaire, writeKey: KEY }])).toEqual([]);
    expect(await storedResult(id)).toMatchObject({ firstName: 'Robin', questionnaireCompleted: 1 });
  });

  it('a key of another form is a 400 Failure', async () => {
    const id = await newResult({ writeKey: KEY });
    expectEnvelope(await post(MEDICAL_URL, medicalBody(id, { WriteKey: 'short' })), 400, 'Failure');
  });
});
