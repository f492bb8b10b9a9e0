import { randomUUID } from 'node:crypto';
import { type ApiData, type KitDoc, MSG, PLAY_MSG, type TestResultCounts } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createFixtureUsers, createOrganization, signIn, useTestApp } from '../../../test/helpers';
import {
  answersFor,
  DEMO_ENV,
  expectEnvelope,
  insertKit,
  liveKit,
  recentTime,
  resultRows,
  saveBody,
  wrongOf,
} from '../../../test/play';

const SAVE = '/api/TestResult/SaveTestResult';
const FIND = '/api/TestResult/FindTestResultId';
const COUNTS = '/api/TestResult/GetTestResultCounts';
const KEY = 'k3y-0f-this-device_aaaaaa';
const OTHER_KEY = 'another-device-key_bbbbbb';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Saved = ApiData<'saveTestResult'>;

describe('POST /api/TestResult/SaveTestResult (public)', () => {
  const t = useTestApp({ env: DEMO_ENV });
  let demo: KitDoc;
  let other: KitDoc;
  let admin: string;

  const save = (payload: object) => t.app.inject({ method: 'POST', url: SAVE, payload });
  const saved = async (payload: object) => expectEnvelope<Saved>(await save(payload), 200, 'Success').data;
  const row = (id: string) => t.app.db.selectFrom('testResults').selectAll().where('id', '=', id).executeTakeFirst();
  const counts = async () => {
    const res = await t.app.inject({ method: 'GET', url: COUNTS, headers: bearer(admin) });
    return expectEnvelope<TestResultCounts>(res, 200, 'Success').data;
  };

  beforeAll(async () => {
    const f = await createFixtureUsers(t.app);
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    demo = await liveKit(t.app, 'DEMO1');
    other = await insertKit(t.app, 'OTHER1');
  });

  it("stores the spec's submission with a new UUID and the server's score; the dashboard counts it", async () => {
    const before = await resultRows(t.app);
    const dash = await counts();
    const data = await saved(saveBody(demo, answersFor(demo, 5)));
    expect(data).toEqual({
      resultStatus: 'Pass',
      testResultId: expect.stringMatching(UUID),
      rightAnswerCount: 5,
      // None was sent: the server made one (API.md "Writing to a result").
      writeKey: expect.stringMatching(/^[A-Za-z0-9_-]{22,64}$/),
    });
    expect(await resultRows(t.app)).toEqual({ results: before.results + 1, details: before.details + 5 });
    const stored = await row(data.testResultId);
    expect(stored).toMatchObject({
      testKitId: demo.kitId,
      kitVersion: demo.version,
      firstName: 'Pat',
      lastName: 'Smeller',
    });
    // PlayedAt defaults to now.
    expect(Math.abs(Date.parse(stored?.playedAt ?? '') - Date.now())).toBeLessThan(60_000);

    const fail = await saved(saveBody(demo, answersFor(demo, 3)));
    expect(fail).toMatchObject({ resultStatus: 'Fail', rightAnswerCount: 3 });
    const pass4 = await saved(saveBody(demo, answersFor(demo, 4)));
    expect(pass4).toMatchObject({ resultStatus: 'Pass', rightAnswerCount: 4 });
    expect(await counts()).toEqual({
      ...dash,
      totalTestCount: dash.totalTestCount + 3,
      passCount: dash.passCount + 2,
      failCount: dash.failCount + 1,
    });
  });

  it('binds property names in any case and defaults absent names to Guest Player', async () => {
    const body = {
      testkitid: demo.kitId,
      testresultdetails: answersFor(demo).map((a) => ({
        scentcardsid: a.scentCardId,
        answerid: a.scentOptionId,
        smellintensity: a.smellIntensity,
      })),
    };
    const data = await saved(body);
    expect(await row(data.testResultId)).toMatchObject({
      firstName: 'Guest',
      lastName: 'Player',
      organizationId: null,
    });
  });

  it('stores names that break the name rule as none (API.md "People\'s names"), keeps good ones, and a resend is still the same play', async () => {
    const id = randomUUID();
    const body = saveBody(demo, answersFor(demo, 4), {
      Id: id,
      PlayedAt: recentTime(20).utc,
      FirstName: 'www.evil.example',
      LastName: 'Call 5550100',
      WriteKey: KEY,
    });
    const first = await saved(body);
    expect(await row(id)).toMatchObject({ firstName: 'Guest', lastName: 'Player' });
    expect(await saved(body)).toEqual(first);
    const good = await saved(
      saveBody(demo, answersFor(demo, 4), { FirstName: " Jr. O'Neil-García ", LastName: '李雷' }),
    );
    expect(await row(good.testResultId)).toMatchObject({ firstName: "Jr. O'Neil-García", lastName: '李雷' });
  });

  it('the same Id sent twice is stored once and answered the same both times', async () => {
    const id = randomUUID();
    const when = recentTime(30).utc;
    const body = saveBody(demo, answersFor(demo, 4), { Id: id, PlayedAt: when, WriteKey: KEY });
    const first = await saved(body);
    const before = await resultRows(t.app);
    const second = await saved({ ...body, FirstName: 'Changed', Latitude: 10, Longitude: 20 });
    expect(first).toEqual({ resultStatus: 'Pass', testResultId: id, rightAnswerCount: 4, writeKey: KEY });
    expect(second).toEqual(first);
    expect(await resultRows(t.app)).toEqual(before);
    expect(await row(id)).toMatchObject({ firstName: 'Pat', latitude: null, playedAt: when });
  });

  it('the same Id retried without PlayedAt is the same play (not "now" twice)', async () => {
    const id = randomUUID();
    const body = saveBody(demo, answersFor(demo, 2), { Id: id });
    const first = await saved(body);
    const before = await resultRows(t.app);
    await new Promise((r) => setTimeout(r, 5));
    // The same play; the key the server made the first time is not given to a keyless resend.
    expect(await saved(body)).toEqual({ ...first, writeKey: null });
    expect(await resultRows(t.app)).toEqual(before);
    // A resend carrying the key made the first time gets it back.
    expect(await saved({ ...body, WriteKey: first.writeKey })).toEqual(first);
  });

  it('keeps the first write key: a resend with another key gets null and changes nothing; a bad key is 400', async () => {
    const id = randomUUID();
    const body = saveBody(demo, answersFor(demo, 3), { Id: id, PlayedAt: recentTime(10).utc, WriteKey: KEY });
    expect((await saved(body)).writeKey).toBe(KEY);
    const hash = (await row(id))?.writeKeyHash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(KEY);
    expect((await saved({ ...body, WriteKey: OTHER_KEY })).writeKey).toBeNull();
    expect((await row(id))?.writeKeyHash).toBe(hash);
    for (const bad of ['short', 'has spaces in it and is long', 'x'.repeat(65), 'ü'.repeat(22), 42]) {
      const res = await save({ ...body, Id: randomUUID(), WriteKey: bad });
      expectEnvelope(res, 400, 'Failure');
    }
  });

  it('a different play under a stored Id is a 400 Warning, and nothing is overwritten', async () => {
    const id = randomUUID();
    const body = saveBody(demo, answersFor(demo, 5), { Id: id });
    await saved(body);
    const stored = await row(id);
    const before = await resultRows(t.app);
    const res = await save(saveBody(demo, answersFor(demo, 1), { Id: id }));
    expect(expectEnvelope(res, 400, 'Warning', PLAY_MSG.resultConflict).data).toBeNull();
    expect(await resultRows(t.app)).toEqual(before);
    expect(await row(id)).toEqual(stored);
  });

  const problems: [string, () => object, string][] = [
    [
      'an answer that is not one of the card options',
      () => {
        const a = answersFor(demo);
        const own = new Set(demo.cards[0].options.map((o) => o.scentOptionId));
        const foreign = demo.cards.flatMap((c) => c.options).find((o) => !own.has(o.scentOptionId));
        a[0] = { ...a[0], scentOptionId: foreign?.scentOptionId as number };
        return saveBody(demo, a);
      },
      PLAY_MSG.answerNotOption,
    ],
    [
      'an unknown card',
      () => {
        const a = answersFor(demo);
        a[1] = { ...a[1], scentCardId: 99_999 };
        return saveBody(demo, a);
      },
      PLAY_MSG.unknownCard,
    ],
    [
      'a card of another kit',
      () => {
        const a = answersFor(demo);
        a[3] = answersFor(other)[3];
        return saveBody(demo, a);
      },
      PLAY_MSG.unknownCard,
    ],
    ['a card missing', () => saveBody(demo, answersFor(demo).slice(1)), PLAY_MSG.cardMissing],
    [
      'a card answered twice',
      () => {
        const a = answersFor(demo);
        a[4] = { ...a[0], scentOptionId: wrongOf(demo.cards[0]) };
        return saveBody(demo, a);
      },
      PLAY_MSG.cardTwice,
    ],
    ['no answers', () => saveBody(demo, []), PLAY_MSG.cardMissing],
    ...[-1, 6, 2.5].map((n): [string, () => object, string] => [
      `smell intensity ${n}`,
      () => {
        const a = answersFor(demo);
        a[2] = { ...a[2], smellIntensity: n };
        return saveBody(demo, a);
      },
      PLAY_MSG.intensityRange,
    ]),
    ['an Id that is not a UUID', () => saveBody(demo, answersFor(demo), { Id: '12345' }), PLAY_MSG.invalidId],
    [
      'a PlayedAt that is not a date-time',
      () => saveBody(demo, answersFor(demo), { PlayedAt: '03/01/2026' }),
      PLAY_MSG.invalidPlayedAt,
    ],
  ];

  it.each(problems)('refuses %s with 400 Failure and its message; nothing is stored', async (_what, make, message) => {
    const before = await resultRows(t.app);
    const res = await save(make());
    expect(expectEnvelope(res, 400, 'Failure', message).data).toBeNull();
    expect(await resultRows(t.app)).toEqual(before);
  });

  it('answers 404 with the invalid QR message for an unknown or inactive kit', async () => {
    const before = await resultRows(t.app);
    const unknown = await save(saveBody(demo, answersFor(demo), { TestKitId: 777 }));
    expect(expectEnvelope(unknown, 404, 'Failure', PLAY_MSG.invalidKit).data).toBeNull();
    const off = await insertKit(t.app, 'OFF1');
    await t.app.db.updateTable('testKits').set({ isActive: 0 }).where('id', '=', off.kitId).execute();
    const inactive = await save(saveBody(off, answersFor(off)));
    expectEnvelope(inactive, 404, 'Failure', PLAY_MSG.invalidKit);
    const missing = await save({ TestResultDetails: [] });
    expectEnvelope(missing, 400, 'Failure', PLAY_MSG.invalidKit);
    expect(await resultRows(t.app)).toEqual(before);
  });

  it('stores the location and the organization when given, and PlayedAt in UTC', async () => {
    const org = await createOrganization(t.app, { name: 'Nose Clinic' });
    const when = recentTime(45, -8 * 60);
    const data = await saved(
      saveBody(demo, answersFor(demo), {
        Latitude: 47.6062,
        Longitude: -122.3321,
        OrganizationId: org,
        PlayedAt: when.local,
      }),
    );
    expect(await row(data.testResultId)).toMatchObject({
      latitude: 47.6062,
      longitude: -122.3321,
      organizationId: org,
      playedAt: when.utc,
      playedAtAdjusted: 0,
    });
  });

  it('stores a result naming an unknown organization without one: never lost for it', async () => {
    const data = await saved(saveBody(demo, answersFor(demo), { OrganizationId: 4242 }));
    expect(await row(data.testResultId)).toMatchObject({ organizationId: null });
  });

  it('refuses a body that is not an object with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: SAVE, payload: [saveBody(demo, answersFor(demo))] });
    expectEnvelope(res, 400, 'Failure', MSG.invalidRequest);
  });
});

describe('GET/POST /api/TestResult/FindTestResultId (public)', () => {
  const t = useTestApp({ env: DEMO_ENV });
  let id: string;

  beforeAll(async () => {
    const demo = await liveKit(t.app, 'DEMO1');
    const res = await t.app.inject({ method: 'POST', url: SAVE, payload: saveBody(demo, answersFor(demo)) });
    id = expectEnvelope<Saved>(res, 200, 'Success').data.testResultId;
  });

  it('says a new result is not completed, by GET or POST, the id in any case', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: `${FIND}?id=${id}` });
      expect(expectEnvelope(res, 200, 'Success').data).toEqual({ isCompleted: false });
    }
    const upper = await t.app.inject({ method: 'GET', url: `${FIND}?Id=${id.toUpperCase()}` });
    expect(expectEnvelope(upper, 200, 'Success').data).toEqual({ isCompleted: false });
    const inBody = await t.app.inject({ method: 'POST', url: FIND, payload: { id } });
    expect(expectEnvelope(inBody, 200, 'Success').data).toEqual({ isCompleted: false });
  });

  it('says completed once the questionnaire is', async () => {
    await t.app.db.updateTable('testResults').set({ questionnaireCompleted: 1 }).where('id', '=', id).execute();
    const res = await t.app.inject({ method: 'GET', url: `${FIND}?id=${id}` });
    expect(expectEnvelope(res, 200, 'Success').data).toEqual({ isCompleted: true });
  });

  it('answers 404 for an unknown id and 400 without one', async () => {
    for (const unknown of [randomUUID(), 'not-a-uuid', '42']) {
      const res = await t.app.inject({ method: 'GET', url: `${FIND}?id=${unknown}` });
      expect(expectEnvelope(res, 404, 'Failure', PLAY_MSG.resultNotFound).data).toBeNull();
    }
    const post = await t.app.inject({ method: 'POST', url: `${FIND}?id=${randomUUID()}` });
    expectEnvelope(post, 404, 'Failure', PLAY_MSG.resultNotFound);
    const none = await t.app.inject({ method: 'GET', url: FIND });
    expectEnvelope(none, 400, 'Failure', PLAY_MSG.invalidId);
  });
});
