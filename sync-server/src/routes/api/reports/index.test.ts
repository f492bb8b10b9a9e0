import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type ApiData, MSG, RESULTS_MSG } from '@scentry/shared-schema';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import { up as reportMigration } from '../../../db/migrations/2026-11-23T0710-report-indexes';
import { dayStart } from '../../../lib/dates';
import {
  countWithStatus,
  locationCounts,
  mapPoints,
  playedSpan,
  type ReportScope,
} from '../../../repositories/reports';
import { CHART_MONTHS_MAX, chartMonths, rangeMonths, reportRange } from '../../../services/report-range';
import {
  bearer,
  createOrganization,
  createUser,
  signIn,
  testDatabaseUrl,
  useFixtures,
  useTestApp,
} from '../../../test/helpers';
import { answersFor, DEMO_ENV, expectEnvelope, liveKit, saveBody } from '../../../test/play';

type Place = { country: string | null; state: string | null; city: string | null };
const SF: Place = { country: 'United States', state: 'California', city: 'San Francisco' };
const LA: Place = { country: 'United States', state: 'California', city: 'Los Angeles' };
const PARIS: Place = { country: 'France', state: 'Île-de-France', city: 'Paris' };
const NOWHERE: Place = { country: null, state: null, city: null };

/** A day of America/Los_Angeles as MM/DD/YYYY. */
const dayInLA = (at = new Date()) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year}`;
};

describe('reports', () => {
  const t = useTestApp({ env: DEMO_ENV });
  const f = useFixtures(t);
  let kitId: number;
  let otherOrg: number;
  let admin: string;
  let clientAdmin: string;

  /** A stored result, straight into the database. */
  async function insert(
    o: {
      playedAt: string;
      status?: 'Pass' | 'Fail';
      organizationId?: number | null;
      place?: Place;
      position?: [number, number] | null;
    },
    db = t.app.db,
  ): Promise<string> {
    const id = randomUUID();
    const place = o.place ?? NOWHERE;
    const [latitude, longitude] = o.position ?? [null, null];
    await sql`insert into test_results (id, test_kit_id, kit_version, organization_id, latitude, longitude,
        country, state, city, first_name, last_name, played_at, result_status, right_answer_count, play_hash)
      values (${id}, ${kitId}, 1, ${o.organizationId ?? null}, ${latitude}, ${longitude}, ${place.country},
        ${place.state}, ${place.city}, 'Pat', 'Player', ${o.playedAt}, ${o.status ?? 'Pass'},
        ${o.status === 'Fail' ? 2 : 5}, ${randomUUID()})`.execute(db);
    return id;
  }

  const post = (path: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/Report/${path}`, headers: bearer(token), payload });

  const body = (extra: object = {}) => ({
    pageNumber: 1,
    rowsPerPage: 100,
    dataSetType: 'A',
    fromDate: '01/01/2024',
    toDate: '12/31/2024',
    ...extra,
  });

  async function locations(extra: object = {}, token = admin) {
    const res = await post('GetDataLocation', body(extra), token);
    return expectEnvelope<ApiData<'getDataLocation'>>(res, 200, 'Success').data;
  }
  async function points(extra: object = {}, token = admin) {
    const res = await post('GetLocationData', body(extra), token);
    return expectEnvelope<ApiData<'getLocationData'>>(res, 200, 'Success').data;
  }
  async function months(extra: object = {}, token = admin) {
    const res = await post('PassFailDataByDate', body(extra), token);
    return expectEnvelope<ApiData<'passFailDataByDate'>>(res, 200, 'Success').data;
  }
  const total = (rows: { pass: number; fail: number }[]) => rows.reduce((n, r) => n + r.pass + r.fail, 0);

  beforeAll(async () => {
    otherOrg = await createOrganization(t.app, { name: 'Other Clinic' });
    kitId = (await liveKit(t.app, 'DEMO1')).kitId;
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    clientAdmin = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);

    // 2024: the fixture clinic (f.organizationId) 3 results, the other clinic 2, none 4.
    const own = f.organizationId;
    await insert({
      playedAt: '2024-03-05T18:00:00.000Z',
      organizationId: own,
      place: SF,
      position: [37.7749, -122.4194],
    });
    await insert({
      playedAt: '2024-03-06T18:00:00.000Z',
      organizationId: own,
      place: SF,
      position: [37.77, -122.42],
      status: 'Fail',
    });
    await insert({
      playedAt: '2024-05-06T18:00:00.000Z',
      organizationId: own,
      place: LA,
      position: [34.0522, -118.2437],
    });
    await insert({
      playedAt: '2024-03-07T18:00:00.000Z',
      organizationId: otherOrg,
      place: PARIS,
      position: [48.8566, 2.3522],
    });
    await insert({ playedAt: '2024-07-07T18:00:00.000Z', organizationId: otherOrg, status: 'Fail' });
    await insert({ playedAt: '2024-01-10T18:00:00.000Z', place: SF, position: [37.78, -122.41] });
    await insert({ playedAt: '2024-01-11T18:00:00.000Z', status: 'Fail' });
    await insert({ playedAt: '2024-01-12T18:00:00.000Z', status: 'Fail', position: [0, -30] });
    await insert({
      playedAt: '2024-11-12T18:00:00.000Z',
      place: { country: 'United States', state: 'Nevada', city: null },
      position: [38.5, -116.5],
    });
    // Outside 2024 (Los Angeles days): not counted.
    await insert({ playedAt: '2024-01-01T07:59:59.999Z', organizationId: own, place: SF, position: [37.7, -122.4] });
    await insert({ playedAt: '2025-01-01T08:00:00.000Z', organizationId: own, place: SF, position: [37.7, -122.4] });
  });

  describe('scope', () => {
    it('an Admin: A is every result, N those without an organization, O one organization', async () => {
      expect(total((await locations()).list)).toBe(9);
      expect(total((await locations({ dataSetType: 'N' })).list)).toBe(4);
      expect(total((await locations({ dataSetType: 'O', organizationId: f.organizationId })).list)).toBe(3);
      expect(total((await locations({ dataSetType: 'O', organizationId: otherOrg })).list)).toBe(2);
      // An organization sent with A or N changes nothing.
      expect(total((await locations({ dataSetType: 'N', organizationId: otherOrg })).list)).toBe(4);
      expect(total((await locations({ dataSetType: 'A', organizationId: otherOrg })).list)).toBe(9);
    });

    it('an Admin choosing O must name the organization', async () => {
      for (const path of ['GetDataLocation', 'GetLocationData', 'PassFailDataByDate']) {
        for (const organizationId of [undefined, null]) {
          const res = await post(path, body({ dataSetType: 'O', organizationId }));
          expectEnvelope(res, 400, 'Failure', RESULTS_MSG.organizationRequired);
        }
      }
    });

    it('a Client Admin always gets their own organization, whatever they send', async () => {
      for (const extra of [
        { dataSetType: 'A' },
        { dataSetType: 'N' },
        { dataSetType: 'O', organizationId: otherOrg },
        { dataSetType: 'O' },
      ]) {
        const rows = (await locations(extra, clientAdmin)).list;
        expect(total(rows)).toBe(3);
        expect(rows.map((r) => r.city).sort()).toEqual(['Los Angeles', 'San Francisco']);
        expect((await points(extra, clientAdmin)).length).toBe(3);
        expect(total(await months(extra, clientAdmin))).toBe(3);
      }
    });

    it('a Client Admin without an organization sees nothing', async () => {
      const lone = await createUser(t.app, { roleName: 'Client Admin' });
      const token = await signIn(t.app, lone.email, lone.password);
      expect(await locations({}, token)).toEqual({ list: [], totalCount: 0 });
      expect(await points({}, token)).toEqual([]);
      expect(total(await months({}, token))).toBe(0);
    });

    it('a User may not read reports; no token, no reports', async () => {
      const user = await signIn(t.app, f.user.email, f.user.password);
      expect((await post('GetDataLocation', body(), user)).statusCode).toBe(403);
      const res = await t.app.inject({ method: 'POST', url: '/api/Report/GetDataLocation', payload: body() });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('dates', () => {
    const shift = (mmddyyyy: string, days: number) => {
      const [m, d, y] = mmddyyyy.split('/').map(Number);
      const at = new Date(Date.UTC(y, m - 1, d + days));
      return `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/${at.getUTCFullYear()}`;
    };

    it('From and To are required, as MM/DD/YYYY days that exist', async () => {
      for (const extra of [
        { fromDate: undefined },
        { toDate: undefined },
        { fromDate: '' },
        { toDate: '2024-12-31' },
      ]) {
        const res = await post('GetDataLocation', body(extra));
        expectEnvelope(res, 400, 'Failure');
      }
      for (const extra of [{ fromDate: '02/30/2024' }, { toDate: '02/29/2023' }, { fromDate: '01/01/0050' }]) {
        expectEnvelope(await post('PassFailDataByDate', body(extra)), 400, 'Failure', MSG.invalidDate);
      }
      expectEnvelope(await post('PassFailDataByDate', body({ toDate: '02/29/2024' })), 200, 'Success');
    });

    it('From may not be in the future (today is fine)', async () => {
      const today = dayInLA();
      const tomorrow = shift(today, 1);
      for (const path of ['GetDataLocation', 'GetLocationData', 'PassFailDataByDate']) {
        const res = await post(path, body({ fromDate: tomorrow, toDate: shift(tomorrow, 5) }));
        expectEnvelope(res, 400, 'Failure', RESULTS_MSG.fromInFuture);
      }
      expectEnvelope(await post('GetDataLocation', body({ fromDate: today, toDate: today })), 200, 'Success');
    });

    it("To may not be before From; the same day is a one-day report ('To Date should be greater than From Date')", async () => {
      for (const path of ['GetDataLocation', 'GetLocationData', 'PassFailDataByDate']) {
        const res = await post(path, body({ fromDate: '03/06/2024', toDate: '03/05/2024' }));
        expectEnvelope(res, 400, 'Failure', RESULTS_MSG.toBeforeFrom);
      }
      const oneDay = await locations({ fromDate: '03/06/2024', toDate: '03/06/2024' });
      expect(oneDay.list).toEqual([{ ...SF, pass: 0, fail: 1 }]);
    });

    it('days are whole days in America/Los_Angeles', async () => {
      // 01/01/2024 begins at 08:00 UTC (PST); 12/31/2024 ends before 08:00 UTC on 01/01/2025.
      const res = await months({ fromDate: '12/31/2023', toDate: '12/31/2023' });
      expect(res).toEqual([{ month: 12, year: 2023, totalCount: 1, pass: 1, fail: 0 }]);
      const next = await months({ fromDate: '01/01/2025', toDate: '01/01/2025' });
      expect(next).toEqual([{ month: 1, year: 2025, totalCount: 1, pass: 1, fail: 0 }]);
      // Summer time: 07/15/2024 begins at 07:00 UTC.
      const id = await insert({ playedAt: '2024-07-15T06:59:59.000Z', organizationId: otherOrg, status: 'Pass' });
      const late = await insert({ playedAt: '2024-07-15T07:00:00.000Z', organizationId: otherOrg, status: 'Fail' });
      try {
        const day = await months({
          dataSetType: 'O',
          organizationId: otherOrg,
          fromDate: '07/15/2024',
          toDate: '07/15/2024',
        });
        expect(day).toEqual([{ month: 7, year: 2024, totalCount: 1, pass: 0, fail: 1 }]);
      } finally {
        await t.app.db.deleteFrom('testResults').where('id', 'in', [id, late]).execute();
      }
    });

    it('the range as instants; months bounded by it', () => {
      const range = reportRange({ fromDate: '03/10/2024', toDate: '03/10/2024' });
      // The day clocks went forward: 23 hours long.
      expect(range).toEqual({ from: '2024-03-10T08:00:00.000Z', to: '2024-03-11T07:00:00.000Z' });
      const year = reportRange({ fromDate: '01/15/2024', toDate: '02/10/2025' });
      const { first, last } = rangeMonths(year);
      expect([first, last]).toEqual([
        { year: 2024, month: 1 },
        { year: 2025, month: 2 },
      ]);
      const list = chartMonths(year, first, last);
      expect(list).toHaveLength(14);
      expect(list[0]).toEqual({ year: 2024, month: 1, from: dayStart('01/15/2024'), to: dayStart('02/01/2024') });
      expect(list[13]).toEqual({ year: 2025, month: 2, from: dayStart('02/01/2025'), to: dayStart('02/10/2025', 1) });
    });
  });

  describe('Data Location', () => {
    it('pass and fail per country, state and city; what is not known is Unknown', async () => {
      const { list, totalCount } = await locations();
      expect(list).toEqual([
        { country: 'France', state: 'Île-de-France', city: 'Paris', pass: 1, fail: 0 },
        { country: 'United States', state: 'California', city: 'Los Angeles', pass: 1, fail: 0 },
        { country: 'United States', state: 'California', city: 'San Francisco', pass: 2, fail: 1 },
        { country: 'United States', state: 'Nevada', city: 'Unknown', pass: 1, fail: 0 },
        // No position, or at sea.
        { country: 'Unknown', state: 'Unknown', city: 'Unknown', pass: 0, fail: 3 },
      ]);
      expect(totalCount).toBe(5);
    });

    it('sorts by any report column, either way, and pages with the total', async () => {
      const byPass = await locations({ sortColumns: [{ columnName: 'PASS', sortOrder: 'desc' }] });
      expect(byPass.list.map((r) => r.pass)).toEqual([2, 1, 1, 1, 0]);
      // Ties keep country, state, city order.
      expect(byPass.list.slice(1, 4).map((r) => r.city)).toEqual(['Paris', 'Los Angeles', 'Unknown']);
      const byFail = await locations({
        sortColumns: [
          { columnName: 'fail', sortOrder: 'desc' },
          { columnName: 'city', sortOrder: 'asc' },
        ],
      });
      expect(byFail.list.map((r) => `${r.city}:${r.fail}`)).toEqual([
        'Unknown:3',
        'San Francisco:1',
        'Los Angeles:0',
        'Paris:0',
        'Unknown:0',
      ]);
      const byCountry = await locations({ sortColumns: [{ columnName: 'country', sortOrder: 'desc' }] });
      expect(byCountry.list.map((r) => r.country)).toEqual([
        'Unknown',
        'United States',
        'United States',
        'United States',
        'France',
      ]);
      const ignored = await locations({ sortColumns: [{ columnName: 'latitude', sortOrder: 'desc' }] });
      expect(ignored.list).toEqual((await locations()).list);

      const page1 = await locations({ rowsPerPage: 2, pageNumber: 1 });
      const page3 = await locations({ rowsPerPage: 2, pageNumber: 3 });
      const page4 = await locations({ rowsPerPage: 2, pageNumber: 4 });
      expect(page1.totalCount).toBe(5);
      expect(page1.list.map((r) => r.city)).toEqual(['Paris', 'Los Angeles']);
      expect(page3.list.map((r) => r.country)).toEqual(['Unknown']);
      expect(page4).toEqual({ list: [], totalCount: 5 });
    });

    it('an empty range is an empty list', async () => {
      expect(await locations({ fromDate: '01/01/2020', toDate: '12/31/2020' })).toEqual({ list: [], totalCount: 0 });
    });
  });

  describe('Location Map', () => {
    it('only located results, with their status, newest first', async () => {
      const list = await points();
      expect(list).toHaveLength(7);
      expect(list[0]).toEqual({ latitude: 38.5, longitude: -116.5, resultStatus: 'Pass' });
      expect(list).toContainEqual({ latitude: 0, longitude: -30, resultStatus: 'Fail' });
      expect(list).toContainEqual({ latitude: 37.77, longitude: -122.42, resultStatus: 'Fail' });
      expect(await points({ dataSetType: 'N' })).toHaveLength(3);
      expect(await points({ dataSetType: 'O', organizationId: otherOrg })).toEqual([
        { latitude: 48.8566, longitude: 2.3522, resultStatus: 'Pass' },
      ]);
    });

    it('coordinates are given to five decimals', async () => {
      const id = await insert({ playedAt: '2023-06-01T18:00:00.000Z', position: [12.3456789123, -98.7654321987] });
      try {
        expect(await points({ fromDate: '06/01/2023', toDate: '06/01/2023' })).toEqual([
          { latitude: 12.34568, longitude: -98.76543, resultStatus: 'Pass' },
        ]);
      } finally {
        await t.app.db.deleteFrom('testResults').where('id', '=', id).execute();
      }
    });
  });

  describe('privacy of places', () => {
    it("rounds the map's points to 2 decimals (about 1 km) for a Client Admin whose organization hides names", async () => {
      const hiding = await createOrganization(t.app, { name: 'Hidden Names', discloseUserDetails: false });
      const hider = await createUser(t.app, { roleName: 'Client Admin', organizationId: hiding });
      const hiderToken = await signIn(t.app, hider.email, hider.password);
      const day = { fromDate: '07/01/2023', toDate: '07/01/2023' };
      const ids = [
        await insert({
          playedAt: '2023-07-01T18:00:00.000Z',
          organizationId: hiding,
          position: [37.7749123, -122.4194987],
        }),
        await insert({ playedAt: '2023-07-01T19:00:00.000Z', organizationId: hiding, position: [-33.8688, 151.2093] }),
        await insert({
          playedAt: '2023-07-01T20:00:00.000Z',
          organizationId: f.organizationId,
          position: [48.8566123, 2.3522123],
        }),
      ];
      try {
        expect(await points(day, hiderToken)).toEqual([
          { latitude: -33.87, longitude: 151.21, resultStatus: 'Pass' },
          { latitude: 37.77, longitude: -122.42, resultStatus: 'Pass' },
        ]);
        // An Admin sees the same organization's points to five decimals…
        expect(await points({ ...day, dataSetType: 'O', organizationId: hiding })).toEqual([
          { latitude: -33.8688, longitude: 151.2093, resultStatus: 'Pass' },
          { latitude: 37.77491, longitude: -122.4195, resultStatus: 'Pass' },
        ]);
        // …and so does a Client Admin whose organization discloses names.
        expect(await points(day, clientAdmin)).toEqual([
          { latitude: 48.85661, longitude: 2.35221, resultStatus: 'Pass' },
        ]);
      } finally {
        await t.app.db.deleteFrom('testResults').where('id', 'in', ids).execute();
      }
    });
  });

  describe('Pass/Fail by month', () => {
    it('every month of the range, in order, zero when it has no results', async () => {
      const list = await months();
      expect(list).toHaveLength(12);
      expect(list.map((r) => [r.year, r.month])).toEqual(Array.from({ length: 12 }, (_, i) => [2024, i + 1]));
      const by = (m: number) => list[m - 1];
      expect(by(1)).toEqual({ month: 1, year: 2024, totalCount: 3, pass: 1, fail: 2 });
      expect(by(2)).toEqual({ month: 2, year: 2024, totalCount: 0, pass: 0, fail: 0 });
      expect(by(3)).toEqual({ month: 3, year: 2024, totalCount: 3, pass: 2, fail: 1 });
      expect(by(7)).toEqual({ month: 7, year: 2024, totalCount: 1, pass: 0, fail: 1 });
      expect(total(list)).toBe(9);
      expect(await months({ dataSetType: 'N' })).toHaveLength(12);
      expect(total(await months({ dataSetType: 'N' }))).toBe(4);
    });

    it('a month is a month of Los Angeles', async () => {
      // 2024-04-01T06:30Z is still March 31 in Los Angeles.
      const id = await insert({ playedAt: '2024-04-01T06:30:00.000Z', organizationId: otherOrg, status: 'Fail' });
      try {
        const list = await months({
          dataSetType: 'O',
          organizationId: otherOrg,
          fromDate: '03/01/2024',
          toDate: '04/30/2024',
        });
        expect(list).toEqual([
          { month: 3, year: 2024, totalCount: 2, pass: 1, fail: 1 },
          { month: 4, year: 2024, totalCount: 0, pass: 0, fail: 0 },
        ]);
      } finally {
        await t.app.db.deleteFrom('testResults').where('id', '=', id).execute();
      }
    });

    it(`a range of more than ${CHART_MONTHS_MAX} months spans the months that have results`, async () => {
      const list = await months({ fromDate: '01/01/1900', toDate: '12/31/2024' });
      expect(list[0]).toEqual({ month: 12, year: 2023, totalCount: 1, pass: 1, fail: 0 });
      expect(list.at(-1)).toEqual({ month: 11, year: 2024, totalCount: 1, pass: 1, fail: 0 });
      expect(list).toHaveLength(12);
      expect(await months({ fromDate: '01/01/1900', toDate: '12/31/2000' })).toEqual([]);
      // The last day there is.
      expect(await months({ fromDate: '01/01/1900', toDate: '12/31/9999' })).toHaveLength(14);
      expect(total((await locations({ fromDate: '01/01/0100', toDate: '12/31/9999' })).list)).toBeGreaterThanOrEqual(
        11,
      );
    });
  });

  describe('places are resolved when a result is stored', () => {
    it('SaveTestResult with a position: the report shows its country, state and city', async () => {
      const kit = await liveKit(t.app, 'DEMO1');
      const played = new Date(Date.now() - 60_000);
      const playedAt = played.toISOString();
      const day = { fromDate: dayInLA(played), toDate: dayInLA(played) };
      const save = async (extra: object) =>
        expectEnvelope(
          await t.app.inject({
            method: 'POST',
            url: '/api/TestResult/SaveTestResult',
            payload: saveBody(kit, answersFor(kit), { Id: randomUUID(), PlayedAt: playedAt, ...extra }),
          }),
          200,
          'Success',
        );
      await save({ Latitude: 37.7749, Longitude: -122.4194 });
      await save({ Latitude: 48.8566, Longitude: 2.3522 });
      await save({ Latitude: 0, Longitude: -30 });
      await save({});
      const { list } = await locations(day);
      expect(list).toEqual([
        { ...PARIS, pass: 1, fail: 0 },
        { ...SF, pass: 1, fail: 0 },
        { country: 'Unknown', state: 'Unknown', city: 'Unknown', pass: 2, fail: 0 },
      ]);
      expect(await points(day)).toHaveLength(3);
    });

    it('results stored before, with a position and no place, are resolved once by the migration', async () => {
      const db = t.app.db;
      const before = await insert({ playedAt: '2021-02-02T18:00:00.000Z', position: [40.7128, -74.006] });
      const atSea = await insert({ playedAt: '2021-02-02T18:00:00.000Z', position: [0, -30] });
      const unplaced = await insert({ playedAt: '2021-02-02T18:00:00.000Z' });
      const kept = await insert({ playedAt: '2021-02-02T18:00:00.000Z', position: [40.7128, -74.006], place: PARIS });
      for (const index of ['test_results_location', 'test_results_org_report', 'test_results_map']) {
        await sql`drop index ${sql.ref(index)}`.execute(db);
      }
      await reportMigration(db);
      const rows = await db
        .selectFrom('testResults')
        .select(['id', 'country', 'state', 'city'])
        .where('id', 'in', [before, atSea, unplaced, kept])
        .execute();
      const byId = new Map(rows.map((r) => [r.id, { country: r.country, state: r.state, city: r.city }]));
      expect(byId.get(before)).toEqual({ country: 'United States', state: 'New York', city: 'New York City' });
      expect(byId.get(atSea)).toEqual(NOWHERE);
      expect(byId.get(unplaced)).toEqual(NOWHERE);
      expect(byId.get(kept)).toEqual(PARIS);
    });
  });

  describe('reads an index, never sorts the results', () => {
    // SQLite's plans of the file: on PostgreSQL (TEST_DATABASE_URL) there is no file to plan on.
    it.skipIf(testDatabaseUrl())('each report query is answered from one covering index', async () => {
      // The repository's own queries, as run, planned by SQLite on the test database.
      const sqlite = new SQLite(path.join(t.dataDir, 'scentry.db'), { readonly: true });
      const ran: { sql: string; parameters: readonly unknown[] }[] = [];
      const db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: sqlite }),
        plugins: [new CamelCasePlugin()],
        log: (event) => {
          if (event.level === 'query') ran.push(event.query);
        },
      });
      try {
        const range = reportRange({ fromDate: '01/01/2024', toDate: '12/31/2024' });
        for (const scope of [
          { kind: 'all' },
          { kind: 'none' },
          { kind: 'organization', organizationId: otherOrg },
        ] as ReportScope[]) {
          ran.length = 0;
          await locationCounts(db, scope, range);
          await mapPoints(db, scope, range, 10);
          await countWithStatus(db, scope, range, 'Pass');
          await playedSpan(db, scope, range);
          const plans = ran.map((q) =>
            sqlite
              .prepare(`explain query plan ${q.sql}`)
              .all(...(q.parameters as unknown[]))
              .map((r) => (r as { detail: string }).detail)
              .join(' | '),
          );
          expect(plans).toHaveLength(5);
          for (const plan of plans) {
            expect(plan).toContain('COVERING INDEX');
            expect(plan).not.toContain('TEMP B-TREE');
          }
          expect(plans[0]).toContain('test_results_location');
          expect(plans[1]).toMatch(scope.kind === 'all' ? /test_results_map/ : /test_results_org_report/);
        }
      } finally {
        await db.destroy();
      }
    });
  });
});
