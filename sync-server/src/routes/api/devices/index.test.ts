import { randomUUID } from 'node:crypto';
import { DEVICE_MSG, type DeviceRow, type KitDoc, MSG, SEQ_GAP_WINDOW } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { gapsOf } from '../../../services/devices';
import { bearer, envelopeOf, signIn, useFixtures, useTestApp } from '../../../test/helpers';
import { answersFor, DEMO_ENV, liveKit, push, resultDoc, saveBody } from '../../../test/play';

const KEY = 'k'.repeat(22);
const report = (app: FastifyInstance, body: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/sync/devices/report', payload: body, remoteAddress });
const reportOf = (deviceId: string, lastSeq: number, pendingSeqs: number[], extra: Record<string, unknown> = {}) => ({
  deviceId,
  deviceKey: KEY,
  build: '0.1.0 (2026-11-28)',
  lastSeq,
  pendingSeqs,
  ...extra,
});

describe('gaps (API.md "Devices")', () => {
  it('are the numbers up to the highest answered or reported with no answer, not pending, not dismissed', () => {
    expect(gapsOf({ answered: [1, 2, 5], lastSeq: 7, pending: [7], dismissed: [] })).toMatchObject({
      upTo: 7,
      count: 3,
      first: [3, 4, 6],
    });
    // Dismissed ranges count for nothing; an answer above the last report still raises the end.
    expect(gapsOf({ answered: [1, 9], lastSeq: 3, pending: [], dismissed: [[2, 3]] })).toMatchObject({
      count: 5,
      first: [4, 5, 6, 7, 8],
    });
    // Numbers past lastSeq + the window count for no gap; a huge lastSeq costs nothing to count.
    expect(gapsOf({ answered: [1, 5 + SEQ_GAP_WINDOW], lastSeq: 1, pending: [], dismissed: [] }).count).toBe(0);
    const huge = gapsOf({ answered: [1], lastSeq: 2_000_000_000, pending: [], dismissed: [] });
    expect(huge.count).toBe(1_999_999_999);
    expect(huge.first).toHaveLength(100);
  });
});

describe('devices: reports, records, the list and DismissGaps', () => {
  const t = useTestApp({ env: { ...DEMO_ENV, RATE_LIMITS: 'off' } });
  const f = useFixtures(t);
  let demo: KitDoc;
  let admin = '';
  let clientAdmin = '';
  beforeAll(async () => {
    demo = await liveKit(t.app, 'DEMO1');
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    clientAdmin = await signIn(t.app, f.clientAdmin.email, f.clientAdmin.password);
  });
  const list = async (token: string, filter: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Device/GetDeviceList',
      headers: bearer(token),
      payload: { pageNumber: 1, rowsPerPage: 100, filter },
    });
    expect(res.statusCode).toBe(200);
    return envelopeOf<{ list: DeviceRow[]; totalCount: number }>(res).data;
  };
  const rowOf = async (token: string, deviceId: string) =>
    (await list(token)).list.find((d) => d.deviceId === deviceId);
  const play = (deviceId: string, seq: number, extra = {}) =>
    resultDoc(demo, answersFor(demo), { deviceId, seq, ...extra });

  it('a refusal, a clash and a pending number are no gap; a number never received is, until dismissed (audited)', async () => {
    const deviceId = randomUUID();
    const bad = { ...play(deviceId, 3), kitVersion: 999 };
    const first = play(deviceId, 1, { organizationId: f.organizationId });
    // 1 stored, 2 stored twice (a clash with 2'), 3 refused, 4 lost, 5 still on the device.
    const conflicts = await push(t.app, [first, play(deviceId, 2), play(deviceId, 2), bad]);
    expect(conflicts).toHaveLength(1);
    // Sent again (a lost reply): a duplicate adds nothing.
    expect(await push(t.app, [first])).toEqual([]);
    expect(await rowOf(admin, deviceId)).toBeUndefined(); // listed only after a keyed report
    expect((await report(t.app, reportOf(deviceId, 5, [5], { name: ' Tablet 3 ' }))).statusCode).toBe(200);

    const row = await rowOf(admin, deviceId);
    expect(row).toMatchObject({
      name: 'Tablet 3',
      pending: 1,
      lastSeq: 5,
      highestSeqReceived: 2,
      receivedCount: 2,
      missingCount: 1,
      missingSeqs: [4],
    });
    expect(row?.lastResultAt).toMatch(/^\d{4}-/);
    expect((await list(admin, { needsAttention: true })).list.map((d) => d.deviceId)).toContain(deviceId);
    // The Client Admin sees it (it sent a result of their organization).
    expect((await rowOf(clientAdmin, deviceId))?.missingCount).toBe(1);

    const dismiss = await t.app.inject({
      method: 'POST',
      url: '/api/Device/DismissGaps',
      headers: bearer(admin),
      payload: { deviceId },
    });
    expect(dismiss.statusCode).toBe(200);
    expect(await rowOf(admin, deviceId)).toMatchObject({ missingCount: 0, missingSeqs: [] });
    expect((await list(admin, { needsAttention: true })).list.map((d) => d.deviceId)).not.toContain(deviceId);
    const audited = await t.app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entity', '=', 'device')
      .where('entityId', '=', deviceId)
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.detail).toBe('dismissed 1 missing record');

    // 6 made later and never received is a new gap; so is 5 once the device no longer holds it.
    await report(t.app, reportOf(deviceId, 6, [5]));
    expect(await rowOf(admin, deviceId)).toMatchObject({ missingCount: 1, missingSeqs: [6], pending: 1 });
    await report(t.app, reportOf(deviceId, 6, []));
    expect(await rowOf(admin, deviceId)).toMatchObject({ missingCount: 2, missingSeqs: [5, 6], pending: 0 });
  });

  it('the online calls record their numbers too: SaveTestResult stored, one for an unknown kit refused', async () => {
    const deviceId = randomUUID();
    const body = saveBody(demo, answersFor(demo), { DeviceId: deviceId, Seq: 1 });
    const stored = await t.app.inject({ method: 'POST', url: '/api/TestResult/SaveTestResult', payload: body });
    expect(stored.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/TestResult/SaveTestResult',
      payload: { ...body, TestKitId: 999_999, Seq: 2 },
    });
    expect(refused.statusCode).toBe(404);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/TestResult/SaveTestResult',
      payload: { ...body, TestResultDetails: [], Seq: 3 },
    });
    expect(broken.statusCode).toBe(400);
    const records = await t.app.db
      .selectFrom('deviceRecords')
      .select(['seq', 'outcome'])
      .where('deviceId', '=', deviceId)
      .orderBy('seq')
      .execute();
    expect(records).toEqual([
      { seq: 1, outcome: 'stored' },
      { seq: 2, outcome: 'refused' },
      { seq: 3, outcome: 'refused' },
    ]);
  });

  it('a kit pull may carry the report; a refused one never holds the kits back', async () => {
    const deviceId = randomUUID();
    const pull = (device: object) =>
      t.app.inject({ method: 'POST', url: '/api/sync/kits/pull', payload: { codes: ['DEMO1'], device } });
    expect((await pull(reportOf(deviceId, 3, [3]))).statusCode).toBe(200);
    expect(await rowOf(admin, deviceId)).toMatchObject({ lastSeq: 3, pending: 1, missingSeqs: [1, 2] });
    const other = await pull({ ...reportOf(deviceId, 9, []), deviceKey: 'z'.repeat(22) });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.documents).toHaveLength(1);
    expect((await rowOf(admin, deviceId))?.lastSeq).toBe(3);
  });

  it("another key is refused for a device; a Client Admin sees only devices with their organization's results", async () => {
    const deviceId = randomUUID();
    expect((await report(t.app, reportOf(deviceId, 0, []))).statusCode).toBe(200);
    const res = await report(t.app, { ...reportOf(deviceId, 1, []), deviceKey: 'x'.repeat(22) });
    expect(res.statusCode).toBe(403);
    expect(envelopeOf(res).message).toBe(DEVICE_MSG.notAllowed);
    expect((await rowOf(admin, deviceId))?.lastSeq).toBe(0);
    expect(await rowOf(clientAdmin, deviceId)).toBeUndefined();
    const dismiss = await t.app.inject({
      method: 'POST',
      url: '/api/Device/DismissGaps',
      headers: bearer(clientAdmin),
      payload: { deviceId },
    });
    expect(dismiss.statusCode).toBe(404);
    // Bad input: the envelope, never a 500.
    for (const body of [
      { ...reportOf(deviceId, 0, []), deviceKey: 'short' },
      { ...reportOf(deviceId, -1, []) },
      { ...reportOf(deviceId, 0, [0]) },
      { ...reportOf(deviceId, 0, []), name: 'n'.repeat(41) },
      { ...reportOf('not-a-uuid', 0, []) },
    ]) {
      const r = await report(t.app, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('new devices per address', () => {
  const t = useTestApp({ env: { ...DEMO_ENV } });
  it('at most 20 new device ids a day from one address (429 with Retry-After); known ones still report', async () => {
    const ids = Array.from({ length: 21 }, () => randomUUID());
    for (const id of ids.slice(0, 20))
      expect((await report(t.app, reportOf(id, 0, []), '10.9.9.9')).statusCode).toBe(200);
    const refused = await report(t.app, reportOf(ids[20] as string, 0, []), '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(envelopeOf(refused).message).toBe(MSG.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report(t.app, reportOf(ids[0] as string, 1, []), '10.9.9.9')).statusCode).toBe(200);
    expect((await report(t.app, reportOf(ids[20] as string, 0, []), '10.9.9.10')).statusCode).toBe(200);
  });
});
