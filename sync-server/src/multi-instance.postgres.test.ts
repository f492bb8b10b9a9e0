import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ApiData,
  type KitDoc,
  LARGEST_COSTS,
  MEDICAL_FLAG_KEYS,
  MSG,
  makeWriteKey,
  QUESTIONNAIRE_QUESTIONS,
  type SignInReply,
  type TotpChallengeData,
  type TotpSetupReply,
} from '@scentry/shared-schema';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resultDetails } from './repositories/results';
import { DEMO_KIT_CODE } from './services/demo-seed';
import {
  bearer,
  createOrganization,
  createUser,
  envelopeOf,
  type FixtureUser,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
} from './test/helpers';
import { makeTestInstances, type TestInstances } from './test/instances';
import { answersFor, liveKit, resultDoc, saveBody } from './test/play';
import { testDatabaseUrl } from './test/postgres';
import { type Receiver, startReceiver, until } from './test/webhooks';

/**
 * Two instances of the server on one PostgreSQL database, as behind a load balancer (issue 26):
 * every request below goes to one app or the other through app.inject, and whatever one app did
 * must hold on the other. The races are run many times with fresh data: a race lost only now and
 * then is still lost.
 */

const READ_COST = LARGEST_COSTS.read.cost;
// The kit-pull throttle: three of the costliest pulls an hour per address (refilling too slowly to
// matter while the test runs), so its count across both apps shows in a handful of requests.
const READ_RATE = `${3 * READ_COST}/1h`;
const WRONG = 'Wrong-Passw0rd!';
const COUNTS = '/api/TestResult/GetTestResultCounts';

let addressSeq = 0;
/** A client address of its own, so one test's throttles and limits never touch another's. */
const freshAddress = () =>
  `10.${90 + Math.floor(addressSeq / 62500)}.${Math.floor(++addressSeq / 250) % 250}.${addressSeq % 250}`;

const post = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: { token?: string; address?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    ...(options.token ? { headers: bearer(options.token) } : {}),
    remoteAddress: options.address ?? freshAddress(),
  });

function expectSuccess<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  const body = envelopeOf<T>(res);
  expect(body.status).toBe('Success');
  return body.data;
}

const authenticate = (app: FastifyInstance, email: string, password: string, address: string, deviceToken?: string) =>
  post(
    app,
    '/api/User/Authenticate',
    { Email: email, Password: password, ...(deviceToken ? { DeviceToken: deviceToken } : {}) },
    { address },
  );

/** The code an authenticator app shows for `secret` at `at` (ms). */
const codeAt = (secret: string, at: number) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe.skipIf(!testDatabaseUrl())('two instances on one PostgreSQL database', () => {
  let pair: TestInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** The apps alternately: the i-th request of a sequence goes to A, B, A, … */
  const either = (i: number) => (i % 2 === 0 ? a : b);
  let adminToken: string;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Both with the demo: the second finds it seeded by the first and seeds nothing.
    pair = await makeTestInstances(2, {
      WEBHOOK_TEST_RECEIVER: receiver.url,
      SEED_DEMO: '1',
      RATE_LIMIT_READ: READ_RATE,
      PUBLIC_URL: 'https://scentry.example',
    });
    [a, b] = pair.apps.map((t) => t.app);
    adminToken = await signIn(a, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await pair?.cleanup();
    await receiver?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('start on one database: one Admin, one demo kit, each app its own DATA_DIR', async () => {
    const admins = await a.db.selectFrom('users').select('id').where('email', '=', TEST_ADMIN_EMAIL).execute();
    expect(admins).toHaveLength(1);
    const kits = await b.db.selectFrom('testKits').select('id').execute();
    expect(kits).toHaveLength(1);
    expect(pair.apps[0].dataDir).not.toBe(pair.apps[1].dataDir);
    // The token A signed is good on B.
    expectSuccess(await b.inject({ method: 'GET', url: COUNTS, headers: bearer(adminToken) }));
  });

  describe('results: exactly once', () => {
    const ROUNDS = 20;

    it(`the same result pushed to both at the same moment is stored once, both replies taking it (${ROUNDS} times)`, async () => {
      const kit = await liveKit(a, DEMO_KIT_CODE);
      for (let round = 0; round < ROUNDS; round++) {
        const doc = resultDoc(kit, answersFor(kit, round % 6), { writeKey: makeWriteKey() });
        const body = [{ assumedMasterState: null, newDocumentState: doc }];
        const replies = await Promise.all([a, b].map((app) => post(app, '/api/sync/results/push', body)));
        // No conflict on either side: both took the document (the device stops resending it).
        for (const res of replies) expect(expectSuccess<unknown[]>(res)).toEqual([]);
        const rows = await a.db
          .selectFrom('testResults')
          .select(['id', 'rightAnswerCount'])
          .where('id', '=', doc.id)
          .execute();
        expect(rows).toEqual([{ id: doc.id, rightAnswerCount: round % 6 }]);
        expect(await resultDetails(b.db, doc.id)).toHaveLength(kit.cards.length);
      }
    });

    it(`SaveTestResult with one Id on both at once: one row, the same reply from both (${ROUNDS} times)`, async () => {
      const kit = await liveKit(b, DEMO_KIT_CODE);
      for (let round = 0; round < ROUNDS; round++) {
        const id = crypto.randomUUID();
        const body = saveBody(kit, answersFor(kit, 5 - (round % 6)), { Id: id, WriteKey: makeWriteKey() });
        const replies = await Promise.all([a, b].map((app) => post(app, '/api/TestResult/SaveTestResult', body)));
        const [fromA, fromB] = replies.map((res) => expectSuccess<ApiData<'saveTestResult'>>(res));
        expect(fromA.testResultId).toBe(id);
        expect(fromB).toEqual(fromA);
        const rows = await b.db.selectFrom('testResults').select('id').where('id', '=', id).execute();
        expect(rows).toHaveLength(1);
      }
    });
    it('a crowd: 60 different results sent at once, half to each app, by push and SaveTestResult, each stored', async () => {
      const kit = await liveKit(a, DEMO_KIT_CODE);
      const docs = Array.from({ length: 60 }, (_, i) => resultDoc(kit, answersFor(kit, i % 6)));
      const replies = await Promise.all(
        docs.map((doc, i) =>
          i % 3 === 0
            ? post(either(i), '/api/TestResult/SaveTestResult', saveBody(kit, doc.answers, { Id: doc.id }))
            : post(either(i), '/api/sync/results/push', [{ assumedMasterState: null, newDocumentState: doc }]),
        ),
      );
      for (const res of replies) expectSuccess(res);
      const ids = docs.map((d) => d.id);
      const rows = await a.db.selectFrom('testResults').select('id').where('id', 'in', ids).execute();
      expect(rows).toHaveLength(60);
      // The kit's running tallies, raised by every insert at once, equal a count of the rows.
      const { rows: tallies } = await sql<{ results: number | string; answers: number | string }>`
        select sum(case when scent_card_id = 0 then answers else 0 end) as results,
          sum(case when scent_card_id <> 0 then answers else 0 end) as answers
        from kit_answer_tallies where test_kit_id = ${kit.kitId} and org_key = 0`.execute(b.db);
      const tallied = tallies[0];
      const results = await b.db
        .selectFrom('testResults')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('testKitId', '=', kit.kitId)
        .executeTakeFirstOrThrow();
      const stored = await b.db
        .selectFrom('testResultAnswers')
        .innerJoin('testResults', 'testResults.id', 'testResultAnswers.testResultId')
        .select('testResultAnswers.answers')
        .where('testResults.testKitId', '=', kit.kitId)
        .execute();
      const answers = { n: stored.reduce((n, r) => n + (JSON.parse(r.answers) as unknown[]).length, 0) };
      expect({ results: Number(tallied.results), answers: Number(tallied.answers) }).toEqual({
        results: Number(results.n),
        answers: Number(answers.n),
      });
    });
  });

  describe('player forms', () => {
    it('a crowd: 40 medical forms naming a clinic sent at once, half to each app, each stored and tallied', async () => {
      const kit = await liveKit(a, DEMO_KIT_CODE);
      const clinic = await createOrganization(a);
      const docs = Array.from({ length: 40 }, (_, i) => resultDoc(kit, answersFor(kit, i % 6)));
      for (const res of await Promise.all(
        docs.map((doc, i) =>
          post(either(i), '/api/sync/results/push', [{ assumedMasterState: null, newDocumentState: doc }]),
        ),
      ))
        expectSuccess(res);
      const flags = Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, false]));
      const form = (id: string) => ({
        TestResultId: id,
        FirstName: 'Robin',
        LastName: 'Nose',
        Age: 42,
        Gender: 'Female',
        Race: 'Asian',
        OrganizationId: clinic,
        ...flags,
      });
      const replies = await Promise.all(
        docs.map((doc, i) => post(either(i + 1), '/api/TestResult/SaveUserMedicalInformation', form(doc.id))),
      );
      for (const res of replies) expectSuccess(res);
      // The clinic's tallies (moved there from no organization by each form) count every result.
      const { rows } = await sql<{ results: number | string }>`
        select sum(answers) as results from kit_answer_tallies
        where test_kit_id = ${kit.kitId} and org_key = ${clinic} and scent_card_id = 0`.execute(a.db);
      expect(Number(rows[0].results)).toBe(40);
    });
  });

  describe('devices', () => {
    it("a device's documents stored on one, its report taken by the other: one list on both, its gap and its forms counted", async () => {
      const kit = await liveKit(a, DEMO_KIT_CODE);
      const deviceId = randomUUID();
      const docs = [1, 2, 4].map((seq) => resultDoc(kit, answersFor(kit, seq), { deviceId, seq }));
      for (const [i, doc] of docs.entries())
        expectSuccess(
          await post(either(i), '/api/sync/results/push', [{ assumedMasterState: null, newDocumentState: doc }]),
        );
      // A questionnaire sent at once under number 5, a clash under 2 on the other instance.
      const answers = QUESTIONNAIRE_QUESTIONS.map((q) => ({ Question: q, Answer: 'No' }));
      expectSuccess(
        await post(b, '/api/TestResult/SaveQuestionnaireResult', {
          TestResultId: docs[0]?.id,
          QuestionnaireListDetails: answers,
          DeviceId: deviceId,
          Seq: 5,
        }),
      );
      const clash = resultDoc(kit, answersFor(kit, 0), { deviceId, seq: 2 });
      expectSuccess(await post(b, '/api/sync/results/push', [{ assumedMasterState: null, newDocumentState: clash }]));
      const report = { deviceId, deviceKey: 'a'.repeat(24), build: 'test', lastSeq: 6, pendingSeqs: [6] };
      expectSuccess(await post(b, '/api/sync/devices/report', report));
      for (const app of [a, b]) {
        const list = expectSuccess<{ list: { deviceId: string; missingSeqs: number[]; highestSeqReceived: number }[] }>(
          await post(app, '/api/Device/GetDeviceList', { pageNumber: 1, rowsPerPage: 100 }, { token: adminToken }),
        );
        const row = list.list.find((d) => d.deviceId === deviceId);
        expect(row).toMatchObject({ missingSeqs: [3], highestSeqReceived: 5 });
      }
    });
  });

  describe('webhooks', () => {
    it('results stored on both: each event delivered once, under one webhook-id, whichever instance sends', async () => {
      const kit = await liveKit(a, DEMO_KIT_CODE);
      const organizationId = await createOrganization(a, { name: 'Webhook Clinic' });
      const saved = expectSuccess<{ id: number }>(
        await post(
          b,
          '/api/Webhook/SaveWebhook',
          { organizationId, url: receiver.url, events: ['result.stored'], isActive: true },
          { token: adminToken },
        ),
      );
      const docs = Array.from({ length: 20 }, () => resultDoc(kit, answersFor(kit), { organizationId }));
      await Promise.all(
        docs.map(async (doc, i) =>
          expectSuccess(
            await post(either(i), '/api/sync/results/push', [{ assumedMasterState: null, newDocumentState: doc }]),
          ),
        ),
      );
      await until(() => receiver.received.length >= docs.length, 'every delivery', 30_000);
      // Both workers ran all along; a second look finds nothing more sent.
      await new Promise((r) => setTimeout(r, 1_500));
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
      expect(ids).toHaveLength(docs.length);
      expect(new Set(ids).size).toBe(docs.length);
      const bodies = receiver.received.map((r) => r.body).join('\n');
      for (const doc of docs) expect(bodies).toContain(doc.id);
      const rows = await a.db
        .selectFrom('webhookDeliveries')
        .select(['status', 'attempts'])
        .where('webhookId', '=', saved.id)
        .execute();
      expect(rows.map((r) => `${r.status} ${r.attempts}`)).toEqual(docs.map(() => 'delivered 1'));
    });
  });

  describe('kits', () => {
    const pullFrom = async (app: FastifyInstance, versions: Record<string, number> | null) =>
      expectSuccess<ApiData<'pullKits'>>(
        await post(app, '/api/sync/kits/pull', {
          codes: [DEMO_KIT_CODE],
          checkpoint: versions ? { versions } : null,
          batchSize: 10,
        }),
      );
    const update = (app: FastifyInstance, passThreshold: number) =>
      post(
        app,
        '/api/TestKit/UpdateTestKit',
        { Id: kitId, Name: DEMO_KIT_CODE, PassThreshold: passThreshold },
        { token: adminToken },
      );
    let kitId: number;
    beforeAll(async () => {
      kitId = (await liveKit(a, DEMO_KIT_CODE)).kitId;
    });
    const current = () =>
      a.db
        .selectFrom('testKits')
        .select(['version', 'passThreshold'])
        .where('id', '=', kitId)
        .executeTakeFirstOrThrow();

    it('a kit changed through one is pulled from the other (each way)', async () => {
      for (const [writer, reader] of [
        [a, b],
        [b, a],
      ]) {
        const held = (await pullFrom(reader, null)).documents[0] as KitDoc;
        const threshold = (held.passThreshold % 5) + 1;
        expectSuccess(await update(writer, threshold));
        const pulled = await pullFrom(reader, { [held.id]: held.version });
        expect(pulled.documents).toHaveLength(1);
        expect(pulled.documents[0]).toMatchObject({
          id: held.id,
          version: held.version + 1,
          passThreshold: threshold,
          _deleted: false,
        });
        // Caught up: the same checkpoint the reply gave brings nothing more.
        expect((await pullFrom(reader, pulled.checkpoint.versions)).documents).toEqual([]);
      }
    });

    it('two apps changing one kit at once give versions N+1 and N+2, never N+1 twice (10 times)', async () => {
      for (let round = 0; round < 10; round++) {
        const before = await current();
        // Two different thresholds, both other than the current one: each edit is a change.
        const fromA = (before.passThreshold % 5) + 1;
        const fromB = (fromA % 5) + 1;
        const replies = await Promise.all([update(a, fromA), update(b, fromB)]);
        for (const res of replies) expectSuccess(res);
        const after = await current();
        expect(after.version).toBe(before.version + 2);
        expect([fromA, fromB]).toContain(after.passThreshold);
        const snapshots = await b.db
          .selectFrom('kitVersions')
          .select(['version', 'snapshot'])
          .where('testKitId', '=', kitId)
          .where('version', '>', before.version)
          .orderBy('version')
          .execute();
        expect(snapshots.map((s) => s.version)).toEqual([before.version + 1, before.version + 2]);
        // One edit after the other: the first snapshot holds one app's threshold, the last the other's.
        const thresholds = snapshots.map((s) => (JSON.parse(s.snapshot) as KitDoc).passThreshold);
        expect([...thresholds].sort()).toEqual([fromA, fromB].sort());
        expect(thresholds[1]).toBe(after.passThreshold);
      }
    });
  });

  describe('limits count across both', () => {
    it('wrong passwords alternately on A and B reach the sign-in limit at the same total as on one app; then the right one is refused on both', async () => {
      const user = await createUser(a, { roleName: 'User' });
      const address = freshAddress();
      // 10 per e-mail and address (LOGIN_LIMITS.perAddress), five on each app.
      for (let i = 0; i < 10; i++)
        expect((await authenticate(either(i), user.email, WRONG, address)).statusCode).toBe(400);
      for (const app of [a, b]) {
        const res = await authenticate(app, user.email, user.password, address);
        expect(res.statusCode).toBe(429);
        expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.tooManyAttempts, error: null, data: null });
      }
    });

    it('60 guesses sent at once, half to each app: 10 are checked, the right password among them is refused', async () => {
      for (let round = 0; round < 2; round++) {
        const victim = await createUser(a, { roleName: 'Admin' });
        const address = freshAddress();
        const replies = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            authenticate(either(i), victim.email, i === 31 ? victim.password : `${WRONG}${i}`, address),
          ),
        );
        const statuses = replies.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 400)).toHaveLength(10);
        expect(statuses.filter((s) => s === 429)).toHaveLength(50);
        expect(statuses[31]).toBe(429);
      }
    });

    it('the account limit counts failures from many addresses on both apps; a device token made on one lets its device in on the other', async () => {
      const user = await createUser(b, { roleName: 'User' });
      const deviceToken = expectSuccess<SignInReply>(
        await authenticate(a, user.email, user.password, freshAddress()),
      ).deviceToken;
      // 30 failures (LOGIN_LIMITS.perAccount), three from each address, alternating apps.
      for (let i = 0; i < 30; i++) {
        const address = `198.51.100.${100 + Math.floor(i / 3)}`;
        expect((await authenticate(either(i), user.email, WRONG, address)).statusCode).toBe(400);
      }
      for (const app of [a, b])
        expect((await authenticate(app, user.email, user.password, freshAddress())).statusCode).toBe(429);
      // The device that signed in on A before gets in on B (its token is keyed from the shared JWT_SECRET).
      expect((await authenticate(b, user.email, user.password, freshAddress(), deviceToken)).statusCode).toBe(200);
    });

    it('a per-address throttle (the kit pull) counts both apps’ requests', async () => {
      const address = freshAddress();
      // The costliest pull: one token per kit code asked.
      const body = { codes: Array.from({ length: READ_COST }, (_, i) => `NOKIT${i}`), checkpoint: null, batchSize: 10 };
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await post(either(i), '/api/sync/kits/pull', body, { address })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await post(a, '/api/sync/kits/pull', body, { address })).statusCode).toBe(429);
    });
  });

  describe('sessions, reset links and TOTP steps are the database’s', () => {
    let user: FixtureUser;
    beforeAll(async () => {
      user = await createUser(a, { roleName: 'Admin' });
    });
    const works = async (app: FastifyInstance, token: string) =>
      (await app.inject({ method: 'GET', url: COUNTS, headers: bearer(token) })).statusCode;

    it('EndOtherSessions on one app ends the other sessions on both; the calling one goes on', async () => {
      const [kept, other] = [await signIn(a, user.email, user.password), await signIn(b, user.email, user.password)];
      for (const app of [a, b]) for (const token of [kept, other]) expect(await works(app, token)).toBe(200);
      expectSuccess(await post(a, '/api/User/EndOtherSessions', {}, { token: kept }));
      for (const app of [a, b]) {
        expect(await works(app, other)).toBe(401);
        expect(await works(app, kept)).toBe(200);
      }
    });

    it('a password changed on one app ends the old sessions on the other', async () => {
      const me = await createUser(b, { roleName: 'Admin' });
      const [caller, onA] = [await signIn(b, me.email, me.password), await signIn(a, me.email, me.password)];
      const next = 'Next-Passw0rd-22';
      expectSuccess(
        await post(
          b,
          '/api/User/ChangePassword',
          { Id: me.id, OldPassword: me.password, NewPassword: next, ConfirmPassword: next },
          { token: caller },
        ),
      );
      expect(await works(a, onA)).toBe(401);
      expect(await works(b, onA)).toBe(401);
      // The new password signs in on the other app.
      expect((await authenticate(a, me.email, next, freshAddress())).statusCode).toBe(200);
    });

    it('a reset link asked on one app resets on the other, once', async () => {
      const me = await createUser(a, { roleName: 'User' });
      expectSuccess(await post(a, '/api/User/ForgotPassword', { Email: me.email }));
      // Without SMTP_URL the link is in the outbox of the app that sent it.
      const sender = pair.apps[0];
      await sender.app.accountMail.drain();
      const outbox = path.join(sender.dataDir, 'outbox');
      let token: string | undefined;
      for (const file of readdirSync(outbox)) {
        const mail = await simpleParser(readFileSync(path.join(outbox, file)));
        if (mail.text?.includes(me.email) || JSON.stringify(mail.to).includes(me.email))
          token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? token;
      }
      expect(token).toEqual(expect.any(String));
      const next = 'Reset-Passw0rd-33';
      const reset = { Token: token, Password: next, ConfirmPassword: next };
      expectSuccess(await post(b, '/api/User/ResetPasswordWithToken', reset));
      expect((await authenticate(a, me.email, next, freshAddress())).statusCode).toBe(200);
      // Used up on B: refused on A.
      const again = await post(a, '/api/User/ResetPasswordWithToken', reset);
      expect(envelopeOf(again)).toMatchObject({ status: 'Failure', message: MSG.resetLinkExpired });
    });

    it('a TOTP code used on one app is refused on the other (replay); the next step is taken there', async () => {
      // Date only: the step is then fixed whatever this busy machine's pace.
      const at = Math.floor(Date.now() / 30_000) * 30_000 - 2 * 3600_000;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at);
      const me = await createUser(a, { roleName: 'Admin' });
      const token = await signIn(a, me.email, me.password);
      const setup = expectSuccess<TotpSetupReply>(
        await post(a, '/api/User/TotpSetup', { Password: me.password }, { token }),
      );
      expectSuccess(await post(b, '/api/User/TotpEnable', { Code: codeAt(setup.secret, at) }, { token }));
      const challenge = async (app: FastifyInstance) => {
        const res = await authenticate(app, me.email, me.password, freshAddress());
        expect(res.statusCode, res.body).toBe(400);
        return envelopeOf<TotpChallengeData>(res).data.challenge;
      };
      const verify = async (app: FastifyInstance, code: string) =>
        post(app, '/api/User/VerifyTotp', { Challenge: await challenge(app), Code: code });

      vi.setSystemTime(at + 30_000);
      const code = codeAt(setup.secret, at + 30_000);
      expectSuccess(await verify(a, code));
      const replay = await verify(b, code);
      expect(envelopeOf(replay)).toMatchObject({ status: 'Warning', message: MSG.totpCodeWrong });
      // The step that enabled it on B, still inside the window, is refused on A too.
      expect(envelopeOf(await verify(a, codeAt(setup.secret, at))).message).toBe(MSG.totpCodeWrong);
      // B takes the next step: the refusal above was the replay, not B.
      vi.setSystemTime(at + 60_000);
      expectSuccess(await verify(b, codeAt(setup.secret, at + 60_000)));
    });
  });
});
