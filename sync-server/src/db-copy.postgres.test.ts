// `npm run db:copy -- --to postgres://…` (scripts/db-copy.mjs) end to end: a SQLite server with the
// demo data plus 10,000 generated results (answers, questionnaires, organizations, positions) is
// stopped, copied into an empty PostgreSQL database, and a server started on that database shows
// the same dashboard, reports and lists, the same CSV exports byte for byte, and takes new users,
// kits and scent options (ids above the copied ones). PostgreSQL runs only (the run's cluster).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TestResultAnswersTable } from './db/database';
import { migrateTo } from './db/migrate';
import { createOption } from './test/catalogue';
import {
  bearer,
  createOrganization,
  makeTempDir,
  makeTestApp,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from './test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from './test/play';
import { makeTestDatabase, type TestDatabase, testDatabaseUrl } from './test/postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GENERATED = 10_000;

/** `npm run db:copy -- …` as the operator runs it, on DATA_DIR. */
const dbCopy = (args: string[], dataDir: string) =>
  spawnSync(process.execPath, ['scripts/db-copy.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

/**
 * `count` results of the kit written straight into the database in one transaction (as the bench
 * loads its results): each with its five answers, ~60 % passing, over the last 400 days, a third
 * without an organization, some with a position, medical answers and a questionnaire.
 */
async function insertResults(
  app: FastifyInstance,
  kit: Awaited<ReturnType<typeof liveKit>>,
  organizations: number[],
  count: number,
) {
  const firstNames = ['Ana', 'Bo', 'Chen', 'Dee', 'Élodie', 'Farid', "O'Neil"];
  const lastNames = ['Smith', 'Nguyen', 'García', 'Okafor', 'Müller', 'Lee'];
  const now = Date.parse('2026-11-20T12:00:00.000Z');
  await app.db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 200) {
      const results = [];
      const answers: Insertable<TestResultAnswersTable>[] = [];
      const questionnaire = [];
      for (let i = start; i < Math.min(count, start + 200); i++) {
        const id = randomUUID();
        const right = i % 5 === 0 ? 2 : i % 3 === 0 ? 3 : i % 7 === 0 ? 4 : 5;
        const located = i % 4 !== 0;
        const medical = i % 3 === 0;
        const playedAt = new Date(now - ((i * 3_456_789) % (400 * 86_400_000))).toISOString();
        results.push({
          id,
          testKitId: kit.kitId,
          kitVersion: kit.version,
          organizationId: i % 3 === 0 ? null : organizations[i % organizations.length],
          latitude: located ? 30 + ((i * 7) % 1700) / 100 : null,
          longitude: located ? -120 + ((i * 13) % 4500) / 100 : null,
          country: located ? 'United States' : null,
          state: located ? ['California', 'Texas', 'New York'][i % 3] : null,
          city: located ? ['Fresno', 'Austin', 'Albany', 'Reno'][i % 4] : null,
          firstName: firstNames[i % firstNames.length],
          lastName: `${lastNames[i % lastNames.length]} ${i}`,
          playedAt,
          resultStatus: right >= kit.passThreshold ? 'Pass' : 'Fail',
          rightAnswerCount: right,
          playHash: randomBytes(16).toString('hex'),
          age: medical ? 20 + (i % 60) : null,
          gender: medical ? ['Female', 'Male', 'Other'][i % 3] : null,
          race: medical ? 'Prefer not to say' : null,
          isAlzheimerDisease: medical ? i % 2 : null,
          isParkinsonDisease: medical ? (i >> 1) % 2 : null,
          isHeadInjuriesConcussion: medical ? 0 : null,
          isSinoNasalDisease: medical ? (i >> 2) % 2 : null,
          isOtherNeurologicalDisorder: medical ? 0 : null,
          isAlzheimerDiseaseInFamily: medical ? 1 : null,
          isParkinsonDiseaseInFamily: medical ? 0 : null,
          isOtherNeurologicalDisorderInFamily: medical ? (i >> 3) % 2 : null,
          medicalUpdatedAt: medical ? playedAt : null,
          questionnaireCompleted: i % 10 === 0 ? 1 : 0,
          createdAt: playedAt,
        });
        const details = kit.cards.map((card, c) => {
          const correct = card.correctScentOptionId as number;
          const wrong = card.options.find((o) => o.scentOptionId !== correct) as (typeof card.options)[number];
          const chosen = c < right ? card.options.find((o) => o.scentOptionId === correct) : wrong;
          return {
            scentCardId: card.id,
            scentCardName: card.name,
            cardSortOrder: card.sortOrder,
            scentOptionId: chosen?.scentOptionId as number,
            answerName: chosen?.name as string,
            answerStoredPath: chosen?.storedPath ?? null,
            correctScentOptionId: correct,
            smellIntensity: 1 + ((i + c) % 5),
            isCorrect: c < right,
          };
        });
        answers.push({
          testResultId: id,
          answers: JSON.stringify(details),
          intensitySum: details.reduce((sum, d) => sum + d.smellIntensity, 0),
        });
        if (i % 10 === 0)
          questionnaire.push(
            { testResultId: id, sortOrder: 1, question: 'Do you smoke?', answer: i % 20 === 0 ? 'Yes' : 'No' },
            { testResultId: id, sortOrder: 2, question: 'Any cold this week?', answer: 'No' },
          );
      }
      await trx.insertInto('testResults').values(results).execute();
      await trx.insertInto('testResultAnswers').values(answers).execute();
      if (questionnaire.length > 0) await trx.insertInto('questionnaireAnswers').values(questionnaire).execute();
    }
  });
}

/** What an Admin sees of the data (dashboard, reports, lists) and the two CSV exports, as sent. */
async function views(app: FastifyInstance, token: string, kitId: number) {
  const range = { fromDate: '01/01/2025', toDate: '12/31/2026' };
  const calls: [string, 'GET' | 'POST', string, object?][] = [
    ['counts', 'GET', '/api/TestResult/GetTestResultCounts'],
    ['counts of a range', 'POST', '/api/TestResult/GetTestResultCounts', range],
    ['trend by month', 'POST', '/api/TestResult/GetTestResultTrend', { ...range, groupBy: 'month' }],
    ['results page 1', 'POST', '/api/TestResult/GetTestResultList', { pageNumber: 1, rowsPerPage: 100 }],
    ['results page 37', 'POST', '/api/TestResult/GetTestResultList', { pageNumber: 37, rowsPerPage: 100 }],
    [
      'results failed',
      'POST',
      '/api/TestResult/GetTestResultList',
      { pageNumber: 2, rowsPerPage: 50, resultStatus: 'Fail' },
    ],
    [
      'results by name',
      'POST',
      '/api/TestResult/GetTestResultList',
      { pageNumber: 1, rowsPerPage: 50, searchText: 'müller' },
    ],
    ['kits', 'POST', '/api/TestKit/GetTestKit', { pageNumber: 1, rowsPerPage: 50 }],
    ['users', 'POST', '/api/User/GetUserList', { pageNumber: 1, rowsPerPage: 50 }],
    [
      'data locations',
      'POST',
      '/api/Report/GetDataLocation',
      { pageNumber: 1, rowsPerPage: 100, dataSetType: 'A', ...range },
    ],
    [
      'location data',
      'POST',
      '/api/Report/GetLocationData',
      { pageNumber: 1, rowsPerPage: 100, dataSetType: 'A', ...range },
    ],
    [
      'pass/fail by date',
      'POST',
      '/api/Report/PassFailDataByDate',
      { pageNumber: 1, rowsPerPage: 100, dataSetType: 'A', ...range },
    ],
    ['kit insights', 'POST', '/api/Report/GetKitInsights', { testKitId: kitId, ...range }],
    ['export', 'POST', '/api/TestResult/ExportCsv', {}],
    ['extended export', 'POST', '/api/TestResult/ExportCsv', { Extended: true }],
  ];
  const seen: Record<string, { status: number; body: Buffer }> = {};
  for (const [name, method, url, payload] of calls) {
    const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    seen[name] = { status: res.statusCode, body: res.rawPayload };
  }
  return seen;
}

/** The figures of db:copy's table: table → [rows on SQLite, rows on PostgreSQL]. */
function countsOf(stdout: string): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const m of stdout.matchAll(/^(\w+)\s+(\d+)\s+(\d+)$/gm)) out[m[1]] = [Number(m[2]), Number(m[3])];
  return out;
}

describe.skipIf(!testDatabaseUrl())('npm run db:copy -- --to postgres://… (SQLite to PostgreSQL)', () => {
  /** The SQLite server's DATA_DIR, kept for the PostgreSQL one (made here: a skipped run makes none). */
  let dataDir: string;
  let sqliteApp: TestApp | undefined;
  let pgApp: TestApp | undefined;
  let target: TestDatabase;
  let token: string;
  let kitId: number;
  let before: Awaited<ReturnType<typeof views>>;
  let copied: ReturnType<typeof spawnSync>;
  const maxIds: Record<string, number> = {};
  /** The SQLite server's configuration: its secrets and folders are given to the PostgreSQL one. */
  let sqliteConfig: TestApp['config'];

  beforeAll(async () => {
    dataDir = makeTempDir('scentry-db-copy-');
    sqliteApp = await makeTestApp({ dataDir, env: { ...DEMO_ENV, DATABASE_URL: '', RATE_LIMITS: 'off' } });
    const { app } = sqliteApp;
    sqliteConfig = sqliteApp.config;
    token = await signIn(app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const demo = await liveKit(app, 'DEMO1');
    kitId = demo.kitId;
    const organizations = [
      await createOrganization(app, { name: 'Clinic North' }),
      await createOrganization(app, { name: 'Clinic South' }),
      await createOrganization(app, { name: 'Fair 2026', isActive: false }),
    ];
    // A few through the API (as devices push them), the rest generated.
    expect(await push(app, [resultDoc(demo, answersFor(demo)), resultDoc(demo, answersFor(demo, 2))])).toEqual([]);
    await createOption(app, token, 'Clove before the move');
    await insertResults(app, demo, organizations, GENERATED);
    before = await views(app, token, kitId);
    for (const table of ['users', 'testKits', 'scentOptions', 'auditLog'] as const) {
      const row = await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      maxIds[table] = Number(row.id);
    }
    target = await makeTestDatabase({ prefix: 'copy' });
  }, 180_000);

  afterAll(async () => {
    await pgApp?.cleanup();
    await sqliteApp?.cleanup();
    await target?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses while the server runs on the SQLite database, without a target, and a URL that is not PostgreSQL', () => {
    const running = dbCopy(['--to', target.url], dataDir);
    expect(running.status).toBe(1);
    expect(running.stderr).toContain('the server seems to be running');

    const usage = dbCopy([], dataDir);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run db:copy -- --to postgres://');
    const notPg = dbCopy(['--to', 'mysql://root:secret@127.0.0.1/scentry'], dataDir);
    expect(notPg.status).toBe(2);
    expect(notPg.stderr).toContain('--to must be a PostgreSQL URL');
    expect(notPg.stderr).not.toContain('secret');
  });

  it('copies every table in one pass once the server stopped, and prints the same row counts on both sides', async () => {
    await sqliteApp?.cleanup();
    sqliteApp = undefined;
    expect(existsSync(path.join(dataDir, 'scentry.db-wal'))).toBe(false);
    copied = dbCopy([`--to=${target.url}`], dataDir);
    expect(copied.status, `${copied.stdout}\n${copied.stderr}`).toBe(0);
    const counts = countsOf(String(copied.stdout));
    expect(counts.test_results).toEqual([GENERATED + 2, GENERATED + 2]);
    expect(counts.test_result_answers).toEqual([GENERATED + 2, GENERATED + 2]);
    expect(counts.kysely_migration?.[0]).toBeGreaterThan(10);
    for (const table of ['users', 'organizations', 'scent_options', 'kit_answer_tallies', 'audit_log', 'kit_versions'])
      expect(counts[table]?.[0], table).toBeGreaterThan(0);
    for (const [table, [onSqlite, onPg]] of Object.entries(counts)) expect(onPg, table).toBe(onSqlite);
    expect(String(copied.stdout)).toContain(
      "not copied (SQLite only; PostgreSQL's names index, test_results_names, is made from the results)",
    );
    // The SQLite file is left as it was, closed (no write-ahead log left behind).
    expect(existsSync(path.join(dataDir, 'scentry.db-wal'))).toBe(false);
  }, 120_000);

  it('refuses to copy into a database that has rows, changing nothing, and a database it cannot reach', () => {
    const again = dbCopy(['--to', target.url], dataDir);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('is not empty: table public.');
    expect(again.stderr).toContain('nothing was changed');
    const unreachable = dbCopy(['--to', 'postgres://scentry:secret@127.0.0.1:1/scentry'], dataDir);
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr).toContain('cannot connect to postgres://scentry:***@127.0.0.1:1/scentry');
  });

  it('refuses a SQLite database of other migrations than this version (the target keeps no row)', async () => {
    const oldDir = makeTempDir('scentry-db-copy-old-');
    const fresh = await makeTestDatabase({ prefix: 'copyold' });
    try {
      const old = openDatabase(path.join(oldDir, 'scentry.db'));
      await migrateTo(old, '2026-11-26T0500-results-search-index');
      await old.destroy();
      const refused = dbCopy(['--to', fresh.url], oldDir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        "the SQLite database's migrations (13, the last 2026-11-26T0500-results-search-index) are not this version's",
      );
      expect(refused.stderr).toContain("start this version's server once on the SQLite database");
    } finally {
      await fresh.drop();
      rmSync(oldDir, { recursive: true, force: true });
    }
  });

  it('a server on the PostgreSQL copy shows the same dashboard, reports, lists and CSV exports byte for byte', async () => {
    pgApp = await makeTestApp({
      dataDir,
      // The same secrets and folders as the SQLite server had (DATA_DIR keeps the pictures).
      env: {
        ...DEMO_ENV,
        RATE_LIMITS: 'off',
        DATABASE_URL: target.url,
        DATABASE_POOL: '2',
        JWT_SECRET: sqliteConfig.jwtSecret,
        TOTP_KEY: sqliteConfig.totpKey.toString('base64'),
        // The development pass chain the SQLite server made, and its pictures' folder where the
        // configuration names one (UPLOADS_DIR; by default inside DATA_DIR, kept as it is).
        PASS_CERT_DIR: path.join(dataDir, 'pass-certs'),
        UPLOADS_DIR: (sqliteConfig as { uploadsDir?: string }).uploadsDir,
      },
    });
    // The Admin's token of the SQLite server still works: same secret, same token version.
    const after = await views(pgApp.app, token, kitId);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const name of Object.keys(before)) {
      expect(after[name].status, name).toBe(200);
      if (name.includes('export')) expect(after[name].body.equals(before[name].body), name).toBe(true);
      else expect(JSON.parse(after[name].body.toString()), name).toEqual(JSON.parse(before[name].body.toString()));
    }
    // The names search found results on both sides (PostgreSQL's names table made by the copy).
    expect(JSON.parse(before['results by name'].body.toString()).data.totalCount).toBeGreaterThan(0);
    const csv = before.export.body.toString();
    expect(csv.trim().split('\n')).toHaveLength(GENERATED + 3);
    const counts = JSON.parse(before.counts.body.toString()).data;
    expect(JSON.stringify(counts)).toMatch(/\d{4}/);
  }, 120_000);

  it('then takes a new user, kit and scent option with a picture, with ids above the copied ones', async () => {
    const app = (pgApp as TestApp).app;
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const user = await post('/api/User/CreateUser', {
      FirstName: 'After',
      LastName: 'Move',
      Email: 'after.move@example.org',
      RoleId: ROLES.User,
      Password: 'Strong-Pass1',
      ConfirmPassword: 'Strong-Pass1',
    });
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json().data.id).toBeGreaterThan(maxIds.users);
    const kit = await post('/api/TestKit/SaveTestKit', { Id: 0, Name: 'AfterMove1' });
    expect(kit.statusCode, kit.body).toBe(200);
    expect(kit.json().data.testKitId).toBeGreaterThan(maxIds.testKits);
    const option = await createOption(app, token, 'Vetiver after the move');
    expect(option.id).toBeGreaterThan(maxIds.scentOptions);
    const picture = await app.inject({ method: 'GET', url: option.storedPath });
    expect(picture.statusCode).toBe(200);
    const audit = await app.db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    expect(Number(audit.id)).toBeGreaterThan(maxIds.auditLog);

    // The triggers are on again: a result pushed now is tallied (kit insights) by them.
    const answers = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select coalesce(sum(answers), 0) as n from kit_answer_tallies where org_key = 0`.execute(app.db)
        ).rows[0].n,
      );
    const tallied = await answers();
    const demo = await liveKit(app, 'DEMO1');
    expect(await push(app, [resultDoc(demo, answersFor(demo))])).toEqual([]);
    expect(await answers()).toBeGreaterThan(tallied);
    const off = await sql<{
      n: number;
    }>`select count(*) as n from pg_trigger where not tgisinternal and tgenabled = 'D'`.execute(app.db);
    expect(Number(off.rows[0].n)).toBe(0);
  });
});
