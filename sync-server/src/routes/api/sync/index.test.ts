import { randomUUID } from 'node:crypto';
import { CATALOGUE_MSG, type KitDoc, MSG, PLAY_MSG, type ResultDoc, type ScentCard } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeKits, createKit } from '../../../repositories/kits';
import { resultDetails } from '../../../repositories/results';
import {
  bearer,
  createFixtureUsers,
  createOrganization,
  signIn,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';
import {
  answersFor,
  DEMO_ENV,
  expectEnvelope,
  insertKit,
  liveKit,
  pull,
  push,
  pushRequest,
  recentTime,
  resultDoc,
  resultRows,
  wrongOf,
} from '../../../test/play';

async function storedRow(t: TestApp, id: string) {
  return t.app.db.selectFrom('testResults').selectAll().where('id', '=', id).executeTakeFirst();
}

async function storedDetails(t: TestApp, id: string) {
  return resultDetails(t.app.db, id);
}

async function snapshotOf(t: TestApp, kitId: number, version: number): Promise<KitDoc> {
  const row = await t.app.db
    .selectFrom('kitVersions')
    .select('snapshot')
    .where('testKitId', '=', kitId)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.snapshot) as KitDoc;
}

describe('POST /api/sync/results/push', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  let demo: KitDoc;
  let other: KitDoc;

  let emptyKitId = 0;
  beforeAll(async () => {
    demo = await liveKit(t.app, 'DEMO1');
    other = await insertKit(t.app, 'OTHER1');
    // A kit whose only version has no cards: a result naming it cannot have been played.
    emptyKitId = await changeKits(t.app.db, (change) => createKit(change, { name: 'EMPTY1', passThreshold: 4 }, 0));
  });

  it('a different play under a keyed id without its key: refused as in use, nothing of the record comes back', async () => {
    const key = 'device-key-of-the-player-1';
    const doc = resultDoc(demo, answersFor(demo, 5), {
      writeKey: key,
      firstName: 'Dana',
      latitude: 40.7,
      longitude: -74,
    });
    expect(await push(t.app, [doc])).toEqual([]);
    const row = await storedRow(t, doc.id);
    const other = { ...doc, answers: answersFor(demo, 1) };
    const refused = await push(t.app, [
      { ...other, writeKey: undefined },
      { ...other, writeKey: 'guessed-key-0000000000' },
    ]);
    expect(refused).toEqual([
      { id: doc.id, rejected: true, reason: PLAY_MSG.resultIdInUse },
      { id: doc.id, rejected: true, reason: PLAY_MSG.resultIdInUse },
    ]);
    expect(JSON.stringify(refused)).not.toMatch(/Dana|40\.7|organizationId/);
    // The key's holder gets the stored document as the conflict, as before.
    expect(await push(t.app, [other])).toEqual([expect.objectContaining({ id: doc.id, firstName: 'Dana' })]);
    expect(await storedRow(t, doc.id)).toEqual(row);
  });

  it('stores a new result scored by the server; the same result pushed again is a no-op success', async () => {
    const before = await resultRows(t.app);
    // The device claims a Fail with 0 right: the server keeps its own score.
    const doc = resultDoc(demo, answersFor(demo, 5), { resultStatus: 'Fail', rightAnswerCount: 0 });
    expect(await push(t.app, [doc])).toEqual([]);
    expect(await resultRows(t.app)).toEqual({ results: before.results + 1, details: before.details + 5 });
    const row = await storedRow(t, doc.id);
    expect(row).toMatchObject({
      testKitId: demo.kitId,
      kitVersion: demo.version,
      resultStatus: 'Pass',
      rightAnswerCount: 5,
      firstName: 'Pat',
      lastName: 'Smeller',
      playedAt: doc.playedAt,
      questionnaireCompleted: 0,
    });

    // A resend with other names, a location and an organization changes nothing.
    const org = await createOrganization(t.app);
    const resend = { ...doc, firstName: 'Someone', lastName: 'Else', latitude: 1, longitude: 2, organizationId: org };
    expect(await push(t.app, [resend])).toEqual([]);
    expect(await push(t.app, [doc, doc])).toEqual([]);
    expect(await resultRows(t.app)).toEqual({ results: before.results + 1, details: before.details + 5 });
    expect(await storedRow(t, doc.id)).toEqual(row);
  });

  it('takes the same document twice in one batch once', async () => {
    const before = await resultRows(t.app);
    const doc = resultDoc(demo, answersFor(demo, 2));
    expect(await push(t.app, [doc, { ...doc }])).toEqual([]);
    expect(await resultRows(t.app)).toEqual({ results: before.results + 1, details: before.details + 5 });
  });

  it('returns the stored document as the conflict for a different play under a stored id; nothing is overwritten', async () => {
    const doc = resultDoc(demo, answersFor(demo, 5));
    expect(await push(t.app, [doc])).toEqual([]);
    const row = await storedRow(t, doc.id);
    const details = await storedDetails(t, doc.id);
    const before = await resultRows(t.app);

    const differentAnswers = { ...doc, answers: answersFor(demo, 1), resultStatus: 'Fail', rightAnswerCount: 1 };
    const differentTime = { ...doc, playedAt: new Date(Date.parse(doc.playedAt) - 1000).toISOString() };
    const conflicts = await push(t.app, [differentAnswers, differentTime]);
    const stored: ResultDoc = {
      id: doc.id,
      testKitId: demo.kitId,
      kitVersion: demo.version,
      organizationId: null,
      latitude: null,
      longitude: null,
      firstName: 'Pat',
      lastName: 'Smeller',
      playedAt: doc.playedAt,
      answers: doc.answers,
      resultStatus: 'Pass',
      rightAnswerCount: 5,
    };
    expect(conflicts).toEqual([stored, stored]);
    expect(await resultRows(t.app)).toEqual(before);
    expect(await storedRow(t, doc.id)).toEqual(row);
    expect(await storedDetails(t, doc.id)).toEqual(details);
  });

  it('scores a wrong but valid play: Fail below the threshold, Pass at 4 of 5', async () => {
    const three = resultDoc(demo, answersFor(demo, 3));
    const four = resultDoc(demo, answersFor(demo, 4), { resultStatus: 'Fail', rightAnswerCount: 0 });
    expect(await push(t.app, [three, four])).toEqual([]);
    expect(await storedRow(t, three.id)).toMatchObject({ resultStatus: 'Fail', rightAnswerCount: 3 });
    expect(await storedRow(t, four.id)).toMatchObject({ resultStatus: 'Pass', rightAnswerCount: 4 });
    const details = await storedDetails(t, four.id);
    expect(details.map((d) => d.isCorrect)).toEqual([true, true, true, true, false]);
    expect(details.map((d) => d.smellIntensity)).toEqual([3, 3, 3, 3, 3]);
  });

  it('stores names as Guest Player when absent, and a location only when both coordinates come', async () => {
    const located = resultDoc(demo, answersFor(demo), { latitude: 34.05, longitude: -118.25 });
    const half = resultDoc(demo, answersFor(demo), { latitude: 34.05, longitude: null });
    const anonymous = resultDoc(demo, answersFor(demo), { firstName: undefined, lastName: '  ' });
    expect(await push(t.app, [located, half, anonymous])).toEqual([]);
    expect(await storedRow(t, located.id)).toMatchObject({ latitude: 34.05, longitude: -118.25 });
    expect(await storedRow(t, half.id)).toMatchObject({ latitude: null, longitude: null });
    expect(await storedRow(t, anonymous.id)).toMatchObject({ firstName: 'Guest', lastName: 'Player' });
  });

  it('normalises playedAt to ISO UTC and matches a resend written with another offset', async () => {
    const when = recentTime(60, 120);
    const doc = resultDoc(demo, answersFor(demo), { playedAt: when.local });
    expect(await push(t.app, [doc])).toEqual([]);
    expect((await storedRow(t, doc.id))?.playedAt).toBe(when.utc);
    expect(await push(t.app, [{ ...doc, playedAt: when.utc }])).toEqual([]);
  });

  it.each([
    ['a week ahead of the server', () => new Date(Date.now() + 7 * 86_400_000).toISOString()],
    ['years before the kit version existed', () => '2019-05-01T10:00:00Z'],
  ])('stores a play time %s as the time received, flagged, and knows it again when resent', async (_what, sentTime) => {
    const doc = resultDoc(demo, answersFor(demo), { playedAt: sentTime() });
    const before = Date.now();
    expect(await push(t.app, [doc])).toEqual([]);
    const stored = await storedRow(t, doc.id);
    expect(stored?.playedAtAdjusted).toBe(1);
    expect(Date.parse(stored?.playedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(stored?.playedAt ?? '')).toBeLessThanOrEqual(Date.now());
    // The phone retries (it never saw the reply): the same play, nothing new.
    const counted = await resultRows(t.app);
    expect(await push(t.app, [doc])).toEqual([]);
    expect(await resultRows(t.app)).toEqual(counted);
    expect((await storedRow(t, doc.id))?.playedAt).toBe(stored?.playedAt);
  });

  it('stores a result naming an unknown organization without one', async () => {
    const doc = resultDoc(demo, answersFor(demo), { organizationId: 31337 });
    expect(await push(t.app, [doc])).toEqual([]);
    expect(await storedRow(t, doc.id)).toMatchObject({ organizationId: null });
  });

  const card = (kit: KitDoc, i: number) => kit.cards[i];
  const rejections: [string, (kit: KitDoc, other: KitDoc) => Record<string, unknown>, string][] = [
    [
      'an answer that is not one of the card options',
      (kit) => {
        const a = answersFor(kit);
        const own = new Set(card(kit, 0).options.map((o) => o.scentOptionId));
        const foreign = kit.cards.flatMap((c) => c.options).find((o) => !own.has(o.scentOptionId));
        a[0] = { ...a[0], scentOptionId: foreign?.scentOptionId as number };
        return resultDoc(kit, a);
      },
      PLAY_MSG.answerNotOption,
    ],
    [
      'an unknown card',
      (kit) => {
        const a = answersFor(kit);
        a[2] = { ...a[2], scentCardId: 987654 };
        return resultDoc(kit, a);
      },
      PLAY_MSG.unknownCard,
    ],
    [
      'a card of another kit',
      (kit, o) => {
        const a = answersFor(kit);
        a[4] = answersFor(o)[4];
        return resultDoc(kit, a);
      },
      PLAY_MSG.unknownCard,
    ],
    ['a card missing', (kit) => resultDoc(kit, answersFor(kit).slice(0, 4)), PLAY_MSG.cardMissing],
    [
      'a card answered twice',
      (kit) => {
        const a = answersFor(kit);
        a[4] = { ...a[0], scentOptionId: wrongOf(card(kit, 0)) };
        return resultDoc(kit, a);
      },
      PLAY_MSG.cardTwice,
    ],
    ['no answers at all', (kit) => resultDoc(kit, []), PLAY_MSG.cardMissing],
    ...[-1, 6, 2.5].map((n): [string, (kit: KitDoc) => Record<string, unknown>, string] => [
      `smell intensity ${n}`,
      (kit) => {
        const a = answersFor(kit);
        a[1] = { ...a[1], smellIntensity: n };
        return resultDoc(kit, a);
      },
      PLAY_MSG.intensityRange,
    ]),
    ['an id that is not a UUID', (kit) => resultDoc(kit, answersFor(kit), { id: 'result-1' }), PLAY_MSG.invalidId],
    [
      'a kit version the server does not know',
      (kit) => resultDoc(kit, answersFor(kit), { kitVersion: kit.version + 50 }),
      PLAY_MSG.unknownKitVersion,
    ],
    [
      'a kit that does not exist',
      (kit) => resultDoc(kit, answersFor(kit), { testKitId: 424242 }),
      PLAY_MSG.unknownKitVersion,
    ],
    [
      'a kit version saved before the kit had cards',
      (kit) => resultDoc(kit, answersFor(kit), { testKitId: emptyKitId, kitVersion: 1 }),
      PLAY_MSG.kitVersionNotPlayable,
    ],
    [
      'a play time that is not a date',
      (kit) => resultDoc(kit, answersFor(kit), { playedAt: 'yesterday' }),
      PLAY_MSG.invalidPlayedAt,
    ],
  ];

  it.each(rejections)(
    'rejects %s: returned with rejected and the reason, stored nowhere',
    async (_what, make, reason) => {
      const before = await resultRows(t.app);
      const doc = make(demo, other);
      const conflicts = await push(t.app, [doc]);
      // Only the id and the reason come back: nothing else of the sent document is echoed.
      expect(conflicts).toEqual([{ id: doc.id, rejected: true, reason }]);
      expect(await resultRows(t.app)).toEqual(before);
      // Pushed again (the device retried before it saw the answer): still rejected, still nothing.
      expect(await push(t.app, [doc])).toEqual([{ id: doc.id, rejected: true, reason }]);
      expect(await resultRows(t.app)).toEqual(before);
    },
  );

  it('answers a mixed batch with only its conflicts, in order', async () => {
    const stored = resultDoc(demo, answersFor(demo, 5));
    expect(await push(t.app, [stored])).toEqual([]);
    const before = await resultRows(t.app);
    const fresh = resultDoc(demo, answersFor(demo, 4));
    const bad = resultDoc(demo, answersFor(demo).slice(1));
    const clash = { ...stored, answers: answersFor(demo, 0) };
    const conflicts = await push(t.app, [fresh, bad, stored, clash]);
    expect(conflicts).toHaveLength(2);
    expect(conflicts[0]).toEqual({ id: bad.id, rejected: true, reason: PLAY_MSG.cardMissing });
    expect(conflicts[1]).toMatchObject({
      id: stored.id,
      answers: stored.answers,
      resultStatus: 'Pass',
      rightAnswerCount: 5,
    });
    expect(await resultRows(t.app)).toEqual({ results: before.results + 1, details: before.details + 5 });
    expect(await storedRow(t, fresh.id)).toMatchObject({ rightAnswerCount: 4 });
  });

  it('refuses a body that is not a list of push rows with 400 and stores nothing', async () => {
    const before = await resultRows(t.app);
    const doc = resultDoc(demo, answersFor(demo));
    const cases: [unknown, string][] = [
      [{ newDocumentState: doc }, MSG.invalidRequest],
      [[{ assumedMasterState: null }], MSG.invalidRequest],
      [[{ assumedMasterState: null, newDocumentState: 'text' }], MSG.invalidRequest],
      [['row'], MSG.invalidRequest],
      [
        Array.from({ length: 101 }, () => ({
          assumedMasterState: null,
          newDocumentState: resultDoc(demo, answersFor(demo)),
        })),
        PLAY_MSG.tooManyResults,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await pushRequest(t.app, payload);
      const body = expectEnvelope(res, 400, 'Failure', message);
      expect(body.data).toBeNull();
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/sync/results/push',
      headers: { 'content-type': 'application/json' },
      payload: '[{"newDocumentState": ',
    });
    expectEnvelope(malformed, 400, 'Failure');
    expect(await resultRows(t.app)).toEqual(before);
  });

  it('takes 100 rows in one push', async () => {
    const before = await resultRows(t.app);
    const docs = Array.from({ length: 100 }, () => resultDoc(demo, answersFor(demo, 4)));
    expect(await push(t.app, docs)).toEqual([]);
    expect(await resultRows(t.app)).toEqual({ results: before.results + 100, details: before.details + 500 });
  });
});

describe('kits change under devices', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  let admin: string;
  let v: number;
  let first: KitDoc;

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });

  beforeAll(async () => {
    const f = await createFixtureUsers(t.app);
    admin = await signIn(t.app, f.admin.email, f.admin.password);
  });

  it('pulls the kit by its code, ignoring case, equal to the stored snapshot of its version', async () => {
    const data = await pull(t.app, { codes: ['DEMO1', 'demo1', 'Demo1'], checkpoint: null, batchSize: 10 });
    expect(data.unknownCodes).toEqual([]);
    expect(data.documents).toHaveLength(1);
    first = data.documents[0] as KitDoc;
    v = first.version;
    expect(first).toMatchObject({ id: 'demo1', name: 'DEMO1', passThreshold: 4, _deleted: false });
    expect(first.cards).toHaveLength(5);
    expect(first.cards.every((c) => c.options.length === 5 && c.correctScentOptionId)).toBe(true);
    expect(first).toEqual(await snapshotOf(t, first.kitId, v));
    expect(data.checkpoint).toEqual({ versions: { demo1: v }, kitIds: { demo1: first.kitId } });
    // Caught up: the same checkpoint (any case) brings nothing.
    const again = await pull(t.app, { codes: ['demo1'], checkpoint: { versions: { DEMO1: v } }, batchSize: 10 });
    expect(again).toEqual({ documents: [], checkpoint: { versions: { demo1: v }, kitIds: {} }, unknownCodes: [] });
    // A checkpoint naming the kit it holds is caught up too.
    const named = await pull(t.app, {
      codes: ['demo1'],
      checkpoint: { versions: { demo1: v }, kitIds: { demo1: first.kitId } },
      batchSize: 10,
    });
    expect(named.documents).toEqual([]);
  });

  it('judges a result against the version it was played on after the card changed', async () => {
    // The Admin changes card 1's correct answer: the kit moves to v + 1.
    const card1 = first.cards[0];
    const cardRes = await get(`/api/SentCard/GetScentCardDetailById?Id=${card1.id}`);
    const card = expectEnvelope<ScentCard>(cardRes, 200, 'Success').data;
    const newCorrect = wrongOf(card1);
    const upd = await post('/api/SentCard/UpdateSentCardDetails', { ...card, scentCardOptionResultId: newCorrect });
    expectEnvelope(upd, 200, 'Success');
    const current = await liveKit(t.app, 'DEMO1');
    expect(current.version).toBe(v + 1);
    expect(current.cards[0].correctScentOptionId).toBe(newCorrect);

    // Old correct answers on cards 1-4, card 5 wrong: 4 of 5 on v (Pass), 3 of 5 on v + 1 (Fail).
    const answers = answersFor(first, 4);
    const onOld = resultDoc(first, answers);
    const onNew = resultDoc(current, answers);
    expect(await push(t.app, [onOld, onNew])).toEqual([]);
    expect(await storedRow(t, onOld.id)).toMatchObject({ kitVersion: v, resultStatus: 'Pass', rightAnswerCount: 4 });
    expect(await storedRow(t, onNew.id)).toMatchObject({
      kitVersion: v + 1,
      resultStatus: 'Fail',
      rightAnswerCount: 3,
    });
    expect((await storedDetails(t, onOld.id))[0]).toMatchObject({
      correctScentOptionId: card1.correctScentOptionId,
      isCorrect: true,
    });
    expect((await storedDetails(t, onNew.id))[0]).toMatchObject({ correctScentOptionId: newCorrect, isCorrect: false });

    // A device holding v gets v + 1; one holding v + 1 gets nothing.
    const next = await pull(t.app, { codes: ['DEMO1'], checkpoint: { versions: { demo1: v } }, batchSize: 10 });
    expect(next.documents).toEqual([current]);
    expect(next.checkpoint).toMatchObject({ versions: { demo1: v + 1 } });
    const none = await pull(t.app, { codes: ['DEMO1'], checkpoint: { versions: { demo1: v + 1 } }, batchSize: 10 });
    expect(none.documents).toEqual([]);
  });

  it('lists codes it never knew in unknownCodes', async () => {
    const data = await pull(t.app, { codes: ['NOPE42', 'demo1', 'not a code!'], checkpoint: null, batchSize: 10 });
    expect(data.unknownCodes).toEqual(['NOPE42', 'not a code!']);
    expect(data.documents.map((d) => d.id)).toEqual(['demo1']);
    expect(Object.keys(data.checkpoint.versions)).toEqual(['demo1']);
  });

  it('respects batchSize: fewer documents than the batch means caught up', async () => {
    await insertKit(t.app, 'BATCHA');
    await insertKit(t.app, 'BATCHB');
    const codes = ['demo1', 'batcha', 'batchb'];
    const one = await pull(t.app, { codes, checkpoint: null, batchSize: 2 });
    expect(one.documents.map((d) => d.id)).toEqual(['demo1', 'batcha']);
    const two = await pull(t.app, { codes, checkpoint: one.checkpoint, batchSize: 2 });
    expect(two.documents.map((d) => d.id)).toEqual(['batchb']);
    const three = await pull(t.app, { codes, checkpoint: two.checkpoint, batchSize: 2 });
    expect(three.documents).toEqual([]);
    expect(Object.keys(three.checkpoint.versions).sort()).toEqual(['batcha', 'batchb', 'demo1']);
  });

  it('sends a tombstone once a kit is made inactive, then nothing', async () => {
    const kit = await liveKit(t.app, 'BATCHA');
    const res = await post('/api/TestKit/UpdateTestKit', {
      Id: kit.kitId,
      Name: 'BATCHA',
      IsActive: false,
      PassThreshold: 4,
    });
    expectEnvelope(res, 200, 'Success');
    const data = await pull(t.app, {
      codes: ['BATCHA'],
      checkpoint: { versions: { batcha: kit.version } },
      batchSize: 10,
    });
    expect(data.documents).toEqual([
      { id: 'batcha', version: kit.version + 1, updatedAt: expect.any(String), _deleted: true },
    ]);
    expect(data.unknownCodes).toEqual([]);
    expect(data.checkpoint.versions.batcha).toBe(kit.version + 1);
    // A device that never had it is told too (its QR is no longer valid).
    const fresh = await pull(t.app, { codes: ['batcha'], checkpoint: null, batchSize: 10 });
    expect(fresh.documents).toEqual([expect.objectContaining({ id: 'batcha', _deleted: true })]);
    const after = await pull(t.app, { codes: ['BATCHA'], checkpoint: data.checkpoint, batchSize: 10 });
    expect(after.documents).toEqual([]);
  });

  it('sends a tombstone for the old code of a renamed kit, and the kit under its new code', async () => {
    const kit = await liveKit(t.app, 'BATCHB');
    const res = await post('/api/TestKit/UpdateTestKit', {
      Id: kit.kitId,
      Name: 'RENAMED9',
      IsActive: true,
      PassThreshold: 4,
    });
    expectEnvelope(res, 200, 'Success');
    const data = await pull(t.app, {
      codes: ['batchb', 'renamed9'],
      checkpoint: { versions: { batchb: kit.version } },
      batchSize: 10,
    });
    expect(data.documents).toEqual([
      { id: 'batchb', version: kit.version + 1, updatedAt: expect.any(String), _deleted: true },
      expect.objectContaining({
        id: 'renamed9',
        name: 'RENAMED9',
        kitId: kit.kitId,
        version: kit.version + 1,
        _deleted: false,
      }),
    ]);
    expect(data.unknownCodes).toEqual([]);
  });

  it('sends a tombstone for a deleted kit (a delete bumps the version)', async () => {
    const kit = await insertKit(t.app, 'GONE7');
    const res = await get(`/api/TestKit/DeleteTestKit?Ids=${kit.kitId}`);
    expectEnvelope(res, 200, 'Success');
    const data = await pull(t.app, {
      codes: ['GONE7'],
      checkpoint: { versions: { gone7: kit.version } },
      batchSize: 10,
    });
    expect(data.documents).toEqual([
      { id: 'gone7', version: kit.version + 1, updatedAt: expect.any(String), _deleted: true },
    ]);
    expect(data.unknownCodes).toEqual([]);
  });

  it('sends a tombstone for an active kit that is no longer playable', async () => {
    const kit = await insertKit(t.app, 'BROKEN1');
    // Not reachable through the API (an active kit's cards cannot be deleted): forced here.
    await t.app.db
      .updateTable('scentCards')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', kit.cards[0].id)
      .execute();
    await t.app.db
      .updateTable('testKits')
      .set({ version: kit.version + 1 })
      .where('id', '=', kit.kitId)
      .execute();
    const data = await pull(t.app, {
      codes: ['broken1'],
      checkpoint: { versions: { broken1: kit.version } },
      batchSize: 10,
    });
    expect(data.documents).toEqual([
      { id: 'broken1', version: kit.version + 1, updatedAt: expect.any(String), _deleted: true },
    ]);
  });

  it('refuses a malformed pull with 400', async () => {
    for (const payload of [
      { codes: 'DEMO1' },
      { codes: ['DEMO1'], batchSize: 0 },
      { codes: ['DEMO1'], checkpoint: { versions: { demo1: 'x' } } },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/sync/kits/pull', payload });
      expectEnvelope(res, 400, 'Failure');
    }
  });
});

describe('deleting what a stored result references', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  let admin: string;

  beforeAll(async () => {
    const f = await createFixtureUsers(t.app);
    admin = await signIn(t.app, f.admin.email, f.admin.password);
  });

  it('keeps the card, answer and picture names of the result after the card, option and kit go', async () => {
    const kit = await insertKit(t.app, 'SOLO1', true);
    const answers = answersFor(kit, 4);
    const doc = resultDoc(kit, answers);
    expect(await push(t.app, [doc])).toEqual([]);
    const details = await storedDetails(t, doc.id);
    const answered = kit.cards[0].options.find((o) => o.scentOptionId === answers[0].scentOptionId);
    expect(details[0]).toMatchObject({
      scentCardId: kit.cards[0].id,
      scentCardName: 'SOLO1 card 1',
      cardSortOrder: 1,
      answerName: answered?.name,
      answerStoredPath: answered?.storedPath,
      correctScentOptionId: kit.cards[0].correctScentOptionId,
      isCorrect: true,
    });
    const call = (url: string, payload?: object) =>
      t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: bearer(admin), ...(payload ? { payload } : {}) });

    // The kit has a result: "deleting" it deactivates it.
    expectEnvelope(
      await call(`/api/TestKit/DeleteTestKit?Ids=${kit.kitId}`),
      200,
      'Success',
      CATALOGUE_MSG.kitDeactivated,
    );
    // Its card 1, then the scent option answered on card 1 (no longer on any live card).
    expectEnvelope(await call(`/api/SentCard/DeleteScentCard?Id=${kit.cards[0].id}`), 200, 'Success');
    expectEnvelope(
      await call(`/api/ScentCardOption/DeleteScentCardOption?Id=${answers[0].scentOptionId}`),
      200,
      'Success',
    );
    // Card 2 renamed and given another correct answer.
    const card2 = expectEnvelope<ScentCard>(
      await call(`/api/SentCard/GetScentCardDetailById?Id=${kit.cards[1].id}`),
      200,
      'Success',
    ).data;
    const upd = await call('/api/SentCard/UpdateSentCardDetails', {
      ...card2,
      name: 'Renamed card',
      scentCardOptionResultId: wrongOf(kit.cards[1]),
    });
    expectEnvelope(upd, 200, 'Success');

    expect(await storedDetails(t, doc.id)).toEqual(details);
    expect(await storedRow(t, doc.id)).toMatchObject({ resultStatus: 'Pass', rightAnswerCount: 4 });
    // Hidden, never removed.
    const option = await t.app.db
      .selectFrom('scentOptions')
      .selectAll()
      .where('id', '=', answers[0].scentOptionId)
      .executeTakeFirst();
    expect(option?.deletedAt).toEqual(expect.any(String));
    const card = await t.app.db
      .selectFrom('scentCards')
      .selectAll()
      .where('id', '=', kit.cards[0].id)
      .executeTakeFirst();
    expect(card?.deletedAt).toEqual(expect.any(String));

    // The resend is still a no-op, and another play made offline on that version still counts.
    expect(await push(t.app, [doc])).toEqual([]);
    const late = resultDoc(kit, answersFor(kit, 5), { id: randomUUID() });
    expect(await push(t.app, [late])).toEqual([]);
    expect((await storedDetails(t, late.id))[0]).toMatchObject({
      scentCardName: 'SOLO1 card 1',
      answerName: kit.cards[0].options[0].name,
    });
    expect(await storedRow(t, late.id)).toMatchObject({ resultStatus: 'Pass', rightAnswerCount: 5 });
  });
});
