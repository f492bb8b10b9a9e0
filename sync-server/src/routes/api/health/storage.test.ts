import { MSG } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, makeTestApp, type TestApp, testDatabaseUrl } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, pushRequest, resultDoc, saveBody } from '../../../test/play';

const unavailable = { status: 'Failure', message: MSG.serviceUnavailable, error: null, data: null };

/**
 * Health that tells the truth (API.md's health row): with the disk full, health stays 200 and says
 * `db: "full"`, reads go on, every write answers 503 'Service unavailable' (the cause logged once),
 * nothing stored is lost, and writes resume when there is space again. The disk is filled the way
 * SQLite sees a full disk: its page count capped where it stands (`max_page_count`), so the next
 * page a write needs is refused with SQLITE_FULL.
 */
describe.skipIf(testDatabaseUrl())('a full disk (SQLite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' }, logLevel: 'info' });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const health = async () => {
    const res = await t.app.inject({ url: '/api/health' });
    return { status: res.statusCode, db: res.json().data.db as string };
  };

  it('keeps health at 200 "full", reads going, writes answering 503, and resumes when space returns', async () => {
    const kit = await liveKit(t.app, 'DEMO1');
    const kept = resultDoc(kit, answersFor(kit));
    expect((await pushRequest(t.app, [{ assumedMasterState: null, newDocumentState: kept }])).statusCode).toBe(200);
    expect(await health()).toEqual({ status: 200, db: 'ok' });

    // (Kysely's CamelCasePlugin names the pragma's column pageCount.)
    const pages = await sql<{ pageCount: number }>`pragma page_count`.execute(t.app.db);
    const pageCount = Number(pages.rows[0]?.pageCount);
    expect(pageCount).toBeGreaterThan(10);
    await sql.raw(`pragma max_page_count = ${pageCount}`).execute(t.app.db);

    // Writes: pushes of 50 plays, until the file would have to grow (the pages left may hold some).
    const answers: number[] = [];
    for (let i = 0; i < 100 && !answers.includes(503); i++) {
      const docs = Array.from({ length: 50 }, () => resultDoc(kit, answersFor(kit)));
      const res = await pushRequest(
        t.app,
        docs.map((doc) => ({ assumedMasterState: null, newDocumentState: doc })),
      );
      answers.push(res.statusCode);
      if (res.statusCode === 503) expect(envelopeOf(res)).toEqual(unavailable);
    }
    expect(answers).toContain(503);
    expect(answers.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // A second write refused the same way; the cause is logged once, not per request.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/TestResult/SaveTestResult',
      payload: saveBody(kit, answersFor(kit)),
    });
    expect(again.statusCode).toBe(503);
    expect(t.logs().match(/writes fail: the disk \(or the database\) is full/g)).toHaveLength(1);
    expect(t.logs()).not.toContain('cannot rollback');

    // Health says so and stays 200; reads go on: a kit pull, the card page's kit, a stored result.
    expect(await health()).toEqual({ status: 200, db: 'full' });
    const pull = await t.app.inject({
      method: 'POST',
      url: '/api/sync/kits/pull',
      payload: { codes: ['DEMO1'], checkpoint: null },
    });
    expect(pull.statusCode).toBe(200);
    const found = await t.app.inject({ url: `/api/TestResult/FindTestResultId?id=${kept.id}` });
    expect(found.statusCode).toBe(200);

    // Space again: the next write is stored, and health is "ok".
    await sql.raw('pragma max_page_count = 1073741823').execute(t.app.db);
    const after = resultDoc(kit, answersFor(kit));
    expect((await pushRequest(t.app, [{ assumedMasterState: null, newDocumentState: after }])).statusCode).toBe(200);
    expect(await health()).toEqual({ status: 200, db: 'ok' });
    const stored = await t.app.db
      .selectFrom('testResults')
      .select('id')
      .where('id', 'in', [kept.id, after.id])
      .execute();
    expect(stored).toHaveLength(2);
  });

  it('a read-only database: health 200 "read-only", writes 503', async () => {
    await sql`pragma query_only = on`.execute(t.app.db);
    try {
      const kit = await liveKit(t.app, 'DEMO1');
      const doc = resultDoc(kit, answersFor(kit));
      const res = await pushRequest(t.app, [{ assumedMasterState: null, newDocumentState: doc }]);
      expect(res.statusCode, res.body).toBe(503);
      expect(envelopeOf(res)).toEqual(unavailable);
      expect(await health()).toEqual({ status: 200, db: 'read-only' });
    } finally {
      await sql`pragma query_only = off`.execute(t.app.db);
    }
  });
});
