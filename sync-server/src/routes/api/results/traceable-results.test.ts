import { randomUUID } from 'node:crypto';
import {
  EXPORT_CSV_EXTENDED_COLUMNS,
  EXPORT_CSV_HEADER,
  MEDICAL_FLAG_KEYS,
  type TestResultRow,
} from '@scentry/shared-schema';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestResultsTable } from '../../../db/database';
import { dialectOf } from '../../../db/dialect';
import { insertResultDetails } from '../../../repositories/results';
import { trigramQuery } from '../../../repositories/results-list';
import { expectReply } from '../../../test/catalogue';
import { bearer, createOrganization, createUser, signIn, useTestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc } from '../../../test/play';

/*
 * Traceable results (issue #24, API.md GetTestResultList row): the short id on list rows, finding a
 * result by the start of its id (as printed on the report, or whole as in the verify link), the
 * Extended export, and the names' trigram index (migration 2026-11-26T0500) kept current.
 */

const LIST = '/api/TestResult/GetTestResultList';
const EXPORT = '/api/TestResult/ExportCsv';
const MEDICAL = '/api/TestResult/SaveUserMedicalInformation';

// Fixed ids: two share their first 6 characters (one per organization), one has letters to search
// in upper case, and one starts with the hex letters a name holds too.
const ID = {
  a1: '0f0e1849-aaaa-4bbb-8ccc-000000000001',
  b1: '0f0e18ff-aaaa-4bbb-8ccc-000000000002',
  none: 'abcdef12-3456-4789-8abc-def012345678',
  beef: 'beefed00-0000-4000-8000-000000000004',
  named: 'c0ffee00-0000-4000-8000-000000000005',
};

describe('traceable results: short id, id search, Extended export, the names index', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  let demoKit = 0;
  let orgA = 0; // discloses names
  let orgB = 0; // does not
  const tokens = { admin: '', clientA: '', clientB: '' };

  let seq = 0;
  async function addResult(seed: Partial<Insertable<TestResultsTable>> & { id: string }): Promise<string> {
    seq += 1;
    await t.app.db
      .insertInto('testResults')
      .values({
        testKitId: demoKit,
        kitVersion: 1,
        firstName: `First${seq}`,
        lastName: `Last${seq}`,
        playedAt: new Date(Date.UTC(2025, 0, 1) + seq * 3600_000).toISOString(),
        resultStatus: 'Pass',
        rightAnswerCount: 5,
        playHash: randomUUID(),
        ...seed,
      })
      .execute();
    return seed.id;
  }

  const post = (url: string, token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  async function list(token: string, body: Record<string, unknown> = {}) {
    const res = await post(LIST, token, { pageNumber: 1, rowsPerPage: 100, ...body });
    return expectReply<{ list: TestResultRow[]; totalCount: number }>(res, 200, 'Success').data;
  }
  const idsOf = async (token: string, searchText: string) => (await list(token, { searchText })).list.map((r) => r.id);

  beforeAll(async () => {
    demoKit = (await liveKit(t.app, 'DEMO1')).kitId;
    orgA = await createOrganization(t.app, { name: 'Alpha Clinic' });
    orgB = await createOrganization(t.app, { name: 'Beta Care', discloseUserDetails: false });
    const users = {
      admin: await createUser(t.app, { roleName: 'Admin' }),
      clientA: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgA }),
      clientB: await createUser(t.app, { roleName: 'Client Admin', organizationId: orgB }),
    };
    for (const [k, u] of Object.entries(users))
      tokens[k as keyof typeof tokens] = await signIn(t.app, u.email, u.password);

    await addResult({
      id: ID.a1,
      organizationId: orgA,
      firstName: 'Ann',
      lastName: 'Lee',
      rightAnswerCount: 4,
      country: 'United States',
      state: 'California',
      city: 'San Francisco',
      latitude: 37.774929,
      longitude: -122.419416,
      questionnaireCompleted: 1,
    });
    await addResult({
      id: ID.b1,
      organizationId: orgB,
      firstName: 'Secret',
      lastName: 'Person',
      resultStatus: 'Fail',
      rightAnswerCount: 2,
      country: 'United States',
      state: 'New York',
      city: 'New York',
      latitude: 40.712776,
      longitude: -74.005974,
    });
    await addResult({ id: ID.none, firstName: 'Guest', lastName: 'Player' });
    await addResult({ id: ID.beef, organizationId: orgA, firstName: 'Guest', lastName: 'Player' });
    await addResult({ id: ID.named, organizationId: orgA, firstName: 'Beefed', lastName: 'Up' });
    // Answer rows of a1: intensities 3, 4, 5, 2, 3 (sum 17: the average over 5 cards is 3.4).
    await insertResultDetails(
      t.app.db,
      ID.a1,
      [3, 4, 5, 2, 3].map((smellIntensity, i) => ({
        scentCardId: i + 1,
        scentCardName: `Card ${i + 1}`,
        cardSortOrder: i + 1,
        scentOptionId: 1,
        answerName: 'Rose',
        answerStoredPath: null,
        correctScentOptionId: 1,
        smellIntensity,
        isCorrect: true,
      })),
    );
  });

  describe('GetTestResultList', () => {
    it('gives each row its short id: the first 8 characters, as the report prints them', async () => {
      const rows = (await list(tokens.admin)).list;
      expect(rows).toHaveLength(5);
      for (const row of rows) expect(row.shortId).toBe(row.id.slice(0, 8));
      expect(rows.find((r) => r.id === ID.a1)?.shortId).toBe('0f0e1849');
    });

    it('finds a result by its 8-character id, in any case, and by its whole id with hyphens', async () => {
      expect(await idsOf(tokens.admin, '0f0e1849')).toEqual([ID.a1]);
      expect(await idsOf(tokens.admin, '0F0E1849')).toEqual([ID.a1]);
      expect(await idsOf(tokens.admin, ID.a1)).toEqual([ID.a1]);
      expect(await idsOf(tokens.admin, ID.none.toUpperCase())).toEqual([ID.none]);
      expect(await idsOf(tokens.admin, '  abcdef12-3456  ')).toEqual([ID.none]);
      // 6 characters are enough; both results starting so are found, newest first.
      expect(await idsOf(tokens.admin, '0f0e18')).toEqual([ID.b1, ID.a1]);
      // A start that no id has finds nothing.
      expect(await idsOf(tokens.admin, '0f0e1850')).toEqual([]);
    });

    it('does not take 5 characters, or more than 36, or other letters for an id', async () => {
      expect(await idsOf(tokens.admin, '0f0e1')).toEqual([]);
      expect(await idsOf(tokens.admin, `${ID.a1}0`)).toEqual([]);
      expect(await idsOf(tokens.admin, '0f0e1849x')).toEqual([]);
    });

    it('ORs the id with the name search: a text both starts an id and is in a name', async () => {
      expect(await idsOf(tokens.admin, 'beefed')).toEqual([ID.named, ID.beef]);
      expect(await idsOf(tokens.admin, 'ann lee')).toEqual([ID.a1]);
      expect(await idsOf(tokens.admin, 'GUEST PLAY')).toEqual([ID.beef, ID.none]);
      expect(await idsOf(tokens.admin, 'alpha')).toEqual([ID.named, ID.beef, ID.a1]);
      // Two characters: below the trigram index, the LIKE as before.
      expect(await idsOf(tokens.admin, 'ee')).toEqual([ID.named, ID.a1]);
    });

    it('finds the same with an organization, a kit or dates, where each result left is checked', async () => {
      const ids = async (body: Record<string, unknown>) => (await list(tokens.admin, body)).list.map((r) => r.id);
      expect(await ids({ searchText: 'beefed', organizationId: orgA })).toEqual([ID.named, ID.beef]);
      expect(await ids({ searchText: 'GUEST PLAY', organizationId: orgA })).toEqual([ID.beef]);
      expect(await ids({ searchText: '0F0E1849', organizationId: orgA })).toEqual([ID.a1]);
      expect(await ids({ searchText: ID.b1, organizationId: orgA })).toEqual([]);
      expect(await ids({ searchText: 'ann lee', testKitId: [demoKit] })).toEqual([ID.a1]);
      expect(await ids({ searchText: '0f0e18', testKitId: [demoKit] })).toEqual([ID.b1, ID.a1]);
      expect(await ids({ searchText: 'alpha', testKitId: [demoKit] })).toEqual([ID.named, ID.beef, ID.a1]);
      expect(await ids({ searchText: 'guest player', fromDate: '01/01/2000', toDate: '12/31/2099' })).toEqual([
        ID.beef,
        ID.none,
      ]);
      // The kit filter is applied too: another kit leaves nothing.
      expect(await ids({ searchText: 'ann lee', testKitId: [demoKit + 1000] })).toEqual([]);
    });

    it("keeps a Client Admin's id search to their organization; ids are searchable where names are not", async () => {
      expect(await idsOf(tokens.clientA, '0f0e18')).toEqual([ID.a1]);
      expect(await idsOf(tokens.clientA, ID.b1)).toEqual([]);
      expect(await idsOf(tokens.clientA, 'abcdef12')).toEqual([]);
      expect(await idsOf(tokens.clientB, '0f0e18')).toEqual([ID.b1]);
      expect(await idsOf(tokens.clientB, '0F0E18FF-AAAA')).toEqual([ID.b1]);
      // Names stay unsearchable where they are not disclosed.
      expect(await idsOf(tokens.clientB, 'Secret')).toEqual([]);
      const row = (await list(tokens.clientB, { searchText: '0f0e18ff' })).list[0];
      expect(row).toMatchObject({ id: ID.b1, shortId: '0f0e18ff', firstName: null, lastName: null });
    });
  });

  describe('ExportCsv', () => {
    const records = (res: LightMyRequestResponse): string[][] => parse(res.rawPayload, { bom: true });
    const exportOf = (token: string, body: Record<string, unknown> = {}) => post(EXPORT, token, body);
    const pinned = EXPORT_CSV_HEADER.split(',');
    const extended = EXPORT_CSV_EXTENDED_COLUMNS.split(',');
    const quotedHeader = (names: string[]) => names.map((n) => `"${n}"`).join(',');

    it('keeps the header byte for byte without Extended, or with it false', async () => {
      for (const body of [{}, { extended: false }, { Extended: null }]) {
        const res = await exportOf(tokens.admin, body);
        expect(res.statusCode, res.body).toBe(200);
        const text = res.rawPayload.toString('utf8');
        expect(text.split('\r\n')[0]).toBe(`\uFEFF${quotedHeader(pinned)}`);
        expect(records(res)[1]).toHaveLength(pinned.length);
      }
    });

    it('appends the Extended columns after the pinned ones, each cell as stored', async () => {
      const res = await exportOf(tokens.admin, { Extended: true, organizationId: orgA });
      expect(res.statusCode, res.body).toBe(200);
      const text = res.rawPayload.toString('utf8').slice(1);
      expect(text.split('\r\n')[0]).toBe(quotedHeader([...pinned, ...extended]));
      const rows = records(res);
      expect(rows[0]).toEqual([...pinned, ...extended]);
      const byId = new Map(rows.slice(1).map((r) => [r[pinned.length], r]));
      expect([...byId.keys()]).toEqual([ID.named, ID.beef, ID.a1]);
      const a1 = byId.get(ID.a1) ?? [];
      expect(a1.slice(0, pinned.length)).toEqual([
        expect.stringMatching(/^2025-01-01T01:00:00\.000Z$/),
        'Ann',
        'Lee',
        '',
        '',
        '',
        '',
        '',
        'Alpha Clinic',
        'DEMO1',
        'Pass',
      ]);
      expect(a1.slice(pinned.length)).toEqual([
        ID.a1,
        '4',
        '3.4',
        'United States',
        'California',
        'San Francisco',
        '37.77493',
        '-122.41942',
        'Yes',
        '2025-01-01T01:00:00.000Z',
      ]);
      // No answer rows: no average; no place: empty cells; numbers bare, texts quoted.
      expect((byId.get(ID.beef) ?? []).slice(pinned.length)).toEqual([
        ID.beef,
        '5',
        '',
        '',
        '',
        '',
        '',
        '',
        'No',
        expect.any(String),
      ]);
      expect(text).toContain(
        `"${ID.a1}",4,3.4,"United States","California","San Francisco",37.77493,-122.41942,"Yes","2025-01-01T01:00:00.000Z"`,
      );
    });

    it('rounds the coordinates to 2 decimals for a Client Admin whose organization does not disclose names', async () => {
      const res = await exportOf(tokens.clientB, { extended: true });
      expect(res.statusCode, res.body).toBe(200);
      const rows = records(res);
      expect(rows).toHaveLength(2);
      expect(rows[1].slice(1, 3)).toEqual(['', '']); // names removed, as in the plain export
      expect(rows[1].slice(pinned.length)).toEqual([
        ID.b1,
        '2',
        '',
        'United States',
        'New York',
        'New York',
        '40.71',
        '-74.01',
        'No',
        '2025-01-01T02:00:00.000Z',
      ]);
      // A Client Admin whose organization discloses names gets the coordinates as an Admin does.
      const a = records(await exportOf(tokens.clientA, { extended: true, searchText: '0f0e1849' }));
      expect(a[1].slice(pinned.length + 6, pinned.length + 8)).toEqual(['37.77493', '-122.41942']);
    });

    it('applies the filters (the id search too) to the Extended export', async () => {
      const rows = records(await exportOf(tokens.admin, { extended: true, searchText: '0F0E18' })).slice(1);
      expect(rows.map((r) => r[pinned.length])).toEqual([ID.b1, ID.a1]);
    });

    it('refuses an Extended that is not a boolean with a 400 envelope', async () => {
      const res = await exportOf(tokens.admin, { extended: 'yes' });
      expectReply(res, 400, 'Failure');
    });
  });

  describe('the names trigram index', () => {
    const indexed = async (text: string) => {
      // The names index of either engine (SQLite: FTS5; PostgreSQL: pg_trgm), as the list asks it.
      const dialect = dialectOf(t.app.db);
      const keys = dialect.namesContaining(text);
      if (!keys) throw new Error('too short');
      const { rows } = await sql<{ id: string }>`select r.id from test_results r
        where r.${dialect.resultKey} in (${keys}) order by r.id`.execute(t.app.db);
      return rows.map((r) => r.id);
    };

    it('asks for the text as one phrase, quotes doubled', () => {
      expect(trigramQuery('ab')).toBeNull();
      expect(trigramQuery('😀a')).toBeNull();
      expect(trigramQuery('Ann')).toBe('"Ann"');
      expect(trigramQuery('guest player')).toBe('"guest player"');
      expect(trigramQuery('a"bc')).toBe('"a""bc"');
      expect(trigramQuery('😀ab')).toBe('"😀ab"');
    });

    it('indexes a result when stored, its names when set later, and forgets it when deleted', async () => {
      const kit = await liveKit(t.app, 'DEMO1');
      const doc = resultDoc(kit, answersFor(kit), { firstName: 'Quilla', lastName: 'Zorbin' });
      expect(await push(t.app, [doc])).toEqual([]);
      expect(await indexed('zorbin')).toEqual([doc.id]);
      expect(await idsOf(tokens.admin, 'Quilla Zor')).toEqual([doc.id]);

      // SaveUserMedicalInformation sets the names the player gives after play.
      const res = await t.app.inject({
        method: 'POST',
        url: MEDICAL,
        payload: {
          TestResultId: doc.id,
          FirstName: 'Xaviera',
          LastName: 'Pomfret',
          Age: 30,
          Gender: 'Female',
          Race: 'Asian',
          ...Object.fromEntries(MEDICAL_FLAG_KEYS.map((k) => [k, false])),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await indexed('zorbin')).toEqual([]);
      expect(await indexed('pomfret')).toEqual([doc.id]);
      expect(await idsOf(tokens.admin, 'Zorbin')).toEqual([]);
      expect(await idsOf(tokens.admin, 'xaviera pom')).toEqual([doc.id]);

      // An update of other columns leaves the index as it is.
      await t.app.db.updateTable('testResults').set({ age: 31 }).where('id', '=', doc.id).execute();
      expect(await indexed('pomfret')).toEqual([doc.id]);

      await t.app.db.deleteFrom('testResultAnswers').where('testResultId', '=', doc.id).execute();
      await t.app.db.deleteFrom('testResults').where('id', '=', doc.id).execute();
      expect(await indexed('pomfret')).toEqual([]);
      // SQLite's FTS5 table is kept by triggers: one row per result, or the result waits in the
      // pending list of its batch (never both). (PostgreSQL's index is the table's own.)
      if (dialectOf(t.app.db).name === 'sqlite') {
        const { rows } = await sql<{ n: number }>`select (select count(*) from test_results_names_fts)
          + (select count(*) from test_results_names_pending) as n`.execute(t.app.db);
        const stored = await t.app.db
          .selectFrom('testResults')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(rows[0].n)).toBe(Number(stored.n));
      }
    });

    it('pages a large match newest first, as the sorted set would (the page read in the played order)', async () => {
      // 2,100 results named alike (more than SCAN_IN_ORDER_FROM), at distinct times, ids in another order.
      const bulk = Array.from({ length: 2100 }, (_, k) => {
        const i = k + 1;
        return {
          id: `${((i * 7919) % 2100).toString(16).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`,
          testKitId: demoKit,
          kitVersion: 1,
          firstName: 'Bulk',
          lastName: `Namesake${i}`,
          playedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
          resultStatus: 'Pass',
          rightAnswerCount: 5,
          playHash: `h${i}`,
        };
      });
      for (let k = 0; k < bulk.length; k += 500)
        await t.app.db
          .insertInto('testResults')
          .values(bulk.slice(k, k + 500))
          .execute();
      const all = await t.app.db
        .selectFrom('testResults')
        .select('id')
        .where('firstName', '=', 'Bulk')
        .orderBy('playedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const page = async (pageNumber: number) =>
        (await list(tokens.admin, { searchText: 'bulk name', pageNumber, rowsPerPage: 25 })).list.map((r) => r.id);
      const first = await list(tokens.admin, { searchText: 'bulk name', rowsPerPage: 25 });
      expect(first.totalCount).toBe(2100);
      expect(await page(1)).toEqual(all.slice(0, 25).map((r) => r.id));
      expect(await page(3)).toEqual(all.slice(50, 75).map((r) => r.id));
      // Oldest first: the set sorted the other way.
      const oldest = await list(tokens.admin, {
        searchText: 'bulk name',
        rowsPerPage: 5,
        sortColumns: [{ columnName: 'created', sortOrder: 'asc' }],
      });
      expect(oldest.list.map((r) => r.id)).toEqual(
        all
          .slice(-5)
          .reverse()
          .map((r) => r.id),
      );
      await t.app.db.deleteFrom('testResults').where('firstName', '=', 'Bulk').execute();
    });

    it('matches exactly what the LIKE matched: case beyond ASCII and split trigrams are checked', async () => {
      const e1 = await addResult({ id: randomUUID(), firstName: 'Élodie', lastName: 'Abcab' });
      const e2 = await addResult({ id: randomUUID(), firstName: 'Abca', lastName: 'Cabc' });
      // SQLite's LIKE ignores the case of ASCII letters only: "élodie" does not match "Élodie".
      expect(await idsOf(tokens.admin, 'élodie')).toEqual([]);
      expect(await idsOf(tokens.admin, 'Élodie')).toEqual([e1]);
      // "abcab": its trigrams (abc, bca, cab) are all in e2's names too ("abca cabc"), but not in a
      // row: the phrase needs them in a row.
      expect(await indexed('abcab')).toEqual([e1]);
      expect(await idsOf(tokens.admin, 'abcab')).toEqual([e1]);
      expect(await idsOf(tokens.admin, 'ABCAB')).toEqual([e1]);
      // A name of three words, found by a text across two of them.
      const e3 = await addResult({ id: randomUUID(), firstName: 'Mary Ann', lastName: "O'Neil" });
      expect(await idsOf(tokens.admin, "ann o'ne")).toEqual([e3]);
      expect(await idsOf(tokens.admin, 'ann  o')).toEqual([]);
      await t.app.db.deleteFrom('testResults').where('id', '=', e3).execute();
      await t.app.db.deleteFrom('testResults').where('id', 'in', [e1, e2]).execute();
    });
  });
});
