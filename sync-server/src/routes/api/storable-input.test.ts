// What no engine may store is refused alike on SQLite and PostgreSQL (this file runs on both): a
// U+0000 in any text field (PostgreSQL's text cannot hold it: 22021, a 500 before) and a whole
// number past 2^53 − 1 (an id past PostgreSQL's bigint: 22003), each a 400 Failure from the shared
// validation (shared-schema parseRequest), with nothing stored.
import { type KitDoc, MSG } from '@scentry/shared-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, countRows, createFixtureUsers, signIn, useTestApp } from '../../test/helpers';
import { answersFor, DEMO_ENV, expectEnvelope, liveKit, push, resultDoc, saveBody } from '../../test/play';

/** 2^63 as JSON writes it: one past PostgreSQL's bigint (JSON.parse reads 9223372036854775808). */
const PAST_BIGINT = '9223372036854775808';
const UNSAFE_IDS = ['1e20', PAST_BIGINT, String(2 ** 53)];

describe('input no engine may store', () => {
  const t = useTestApp({ env: DEMO_ENV });
  let admin: string;
  let demo: KitDoc;

  beforeAll(async () => {
    const f = await createFixtureUsers(t.app);
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    demo = await liveKit(t.app, 'DEMO1');
  });

  /** POSTs `body` (a JSON text, so numbers past 2^53 travel as written). */
  const post = (url: string, body: string, token: string | undefined = admin) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      payload: body,
    });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  const scentOptions = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('scentOptions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('U+0000 in a list filter, a name or a public submission: 400 Invalid request, nothing stored', async () => {
    const list = await post(
      '/api/User/GetUserList',
      JSON.stringify({ pageNumber: 1, rowsPerPage: 10, filter: { FirstName: 'a\u0000b' } }),
    );
    const refused = expectEnvelope(list, 400, 'Failure', MSG.invalidRequest);
    expect(refused.error).toContain('filter.firstName');

    const options = await scentOptions();
    const option = await post('/api/ScentCardOption/CreateScentCardOption', JSON.stringify({ Title: 'Rose\u0000' }));
    expectEnvelope(option, 400, 'Failure', MSG.invalidRequest);
    expect(await scentOptions()).toBe(options);

    const results = await countRows(t.app, 'testResults');
    const body = saveBody(demo, answersFor(demo, 5), { FirstName: 'Pat\u0000' });
    const save = await post('/api/TestResult/SaveTestResult', JSON.stringify(body), undefined);
    expectEnvelope(save, 400, 'Failure', MSG.invalidRequest);
    expect(await countRows(t.app, 'testResults')).toBe(results);
  });

  it('U+0000 in a synced document: that document comes back as a conflict, nothing stored', async () => {
    const results = await countRows(t.app, 'testResults');
    const conflicts = await push(t.app, [resultDoc(demo, answersFor(demo, 5), { firstName: 'Pat\u0000' })]);
    expect(conflicts).toHaveLength(1);
    expect(await countRows(t.app, 'testResults')).toBe(results);
  });

  it('an id past 2^53 − 1 in a query string, alone or in a list: 400 with the id rule, not a 500', async () => {
    for (const id of UNSAFE_IDS) {
      for (const url of [
        `/api/User/GetUserById?Id=${id}`,
        `/api/TestKit/GetTestKitById?Id=${id}`,
        `/api/ScentCardOption/DeleteScentCardOption?Id=${id}`,
      ]) {
        expectEnvelope(await get(url), 400, 'Failure', 'Invalid id');
      }
    }
    // The lists of ids of the bulk deletes: every id of 15 digits at most.
    const digits = '100000000000000000000000';
    expectEnvelope(await get(`/api/TestKit/DeleteTestKit?Ids=1,${digits}`), 400, 'Failure', 'Invalid ids');
    expectEnvelope(await get(`/api/User/DeleteUser?Id=${digits}`), 400, 'Failure', 'Invalid id');
    expect(await countRows(t.app, 'testKits')).toBeGreaterThan(0);
  });

  it('an id past 2^53 − 1 in a body: 400, nothing stored', async () => {
    for (const id of UNSAFE_IDS) {
      const change = await post(
        '/api/User/ChangePassword',
        `{"id": ${id}, "oldPassword": "x", "newPassword": "Strong-Pass1!", "confirmPassword": "Strong-Pass1!"}`,
      );
      expectEnvelope(change, 400, 'Failure', MSG.invalidRequest);
      const reset = await post(
        '/api/User/ResetPassword',
        `{"UserId": ${id}, "Password": "Strong-Pass1!", "ConfirmPassword": "Strong-Pass1!"}`,
      );
      expectEnvelope(reset, 400, 'Failure');
      const audit = await post('/api/Audit/GetAuditLog', `{"pageNumber": 1, "filter": {"UserId": ${id}}}`);
      expectEnvelope(audit, 400, 'Failure');
      const page = await post('/api/User/GetUserList', `{"pageNumber": ${id}, "rowsPerPage": 10}`);
      expectEnvelope(page, 400, 'Failure', MSG.invalidRequest);
    }
    const results = await countRows(t.app, 'testResults');
    const body = JSON.stringify(saveBody(demo, answersFor(demo, 5))).replace(
      /"TestKitId":\d+/,
      `"TestKitId":${PAST_BIGINT}`,
    );
    expect(body).toContain(PAST_BIGINT);
    expectEnvelope(await post('/api/TestResult/SaveTestResult', body, undefined), 400, 'Failure');
    expect(await countRows(t.app, 'testResults')).toBe(results);
  });
});
