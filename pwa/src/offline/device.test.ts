import type { ResultDoc } from '@scentry/shared-schema';
import { createRxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDatabase, type LocalDatabase } from './db';
import { deviceReport, findDevice, nextMark } from './device';
import { queueEmailLocally, queueFormLocally, saveResultLocally, takeDeviceMark } from './store';
import { createSyncLoop, type SyncDeps } from './sync';
import type { LocalResult } from './types';

/* The device's numbering (API.md "Devices") on a real RxDB database in memory. */

let dbCount = 0;
let db: LocalDatabase;
const storage = getRxStorageMemory();

beforeEach(async () => {
  db = await createLocalDatabase({ name: `device-test-${++dbCount}`, storage });
});
afterEach(async () => {
  if (!db.closed) await db.close();
});

const result = (overrides: Partial<LocalResult> = {}): LocalResult => ({
  id: crypto.randomUUID(),
  testKitId: 7,
  kitVersion: 2,
  organizationId: null,
  latitude: null,
  longitude: null,
  firstName: null,
  lastName: null,
  playedAt: '2025-03-01T10:00:00.000Z',
  answers: [{ scentCardId: 1, scentOptionId: 11, smellIntensity: 3 }],
  resultStatus: 'Pass',
  rightAnswerCount: 1,
  syncState: 'pending',
  kitName: 'Garden kit',
  averageIntensity: 3,
  ...overrides,
});

/** The results' schema as builds before the numbering kept it (version 1, frozen here). */
const RESULT_SCHEMA_V1 = {
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    writeKey: { type: ['string', 'null'] },
    testKitId: { type: 'integer' },
    kitVersion: { type: 'integer' },
    organizationId: { type: ['integer', 'null'] },
    latitude: { type: ['number', 'null'] },
    longitude: { type: ['number', 'null'] },
    firstName: { type: ['string', 'null'] },
    lastName: { type: ['string', 'null'] },
    playedAt: { type: 'string' },
    answers: { type: 'array', items: { type: 'object' } },
    resultStatus: { type: 'string' },
    rightAnswerCount: { type: 'integer' },
    rejected: { type: 'boolean' },
    reason: { type: 'string' },
    syncState: { type: 'string', maxLength: 12 },
    kitName: { type: 'string' },
    averageIntensity: { type: 'number' },
  },
  required: ['id', 'testKitId', 'kitVersion', 'playedAt', 'answers', 'syncState'],
} as const;

describe("the device's numbering", () => {
  it('one counter across results, forms and e-mails, from 1; the id and key are made once', async () => {
    expect(await findDevice(db)).toBeNull();
    expect(await deviceReport(db, { build: 'b', name: null })).toBeNull(); // nothing made: no report
    await saveResultLocally(result(), db);
    const formMark = await takeDeviceMark(db);
    await queueFormLocally({ id: crypto.randomUUID(), testResultId: 'r', kind: 'medical', doc: {}, ...formMark }, db);
    await saveResultLocally(result(), db);
    const mailMark = await takeDeviceMark(db);
    await queueEmailLocally(
      {
        id: crypto.randomUUID(),
        testResultId: 'r',
        kind: 'result',
        email: 'a@b.co',
        name: '',
        date: '',
        pdfBase64: '',
        ...mailMark,
      },
      db,
    );
    const device = await findDevice(db);
    expect(device?.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(device?.deviceKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const results = (await db.results.find().exec()).map((d) => [d.deviceId, d.seq]);
    expect(results.map(([, s]) => s).sort()).toEqual([1, 3]);
    expect(new Set(results.map(([id]) => id))).toEqual(new Set([device?.deviceId]));
    expect([formMark.seq, mailMark.seq]).toEqual([2, 4]);
    expect(await deviceReport(db, { build: '0.1.0', name: ' Tablet 3 ' })).toEqual({
      deviceId: device?.deviceId,
      deviceKey: device?.deviceKey,
      build: '0.1.0',
      name: 'Tablet 3',
      lastSeq: 4,
      pendingSeqs: [1, 2, 3, 4],
    });
  });

  it('numbers taken at once never repeat (the increment is atomic)', async () => {
    const marks = await Promise.all(Array.from({ length: 40 }, () => nextMark(db)));
    expect(marks.map((m) => m.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('a result queued by an older build (schema version 1) is kept without a number and pushed as before', async () => {
    const name = `device-old-${++dbCount}`;
    const old = await createRxDatabase({ name, storage });
    await old.addCollections({ results: { schema: RESULT_SCHEMA_V1 } });
    const kept = result();
    await old.results.insert(kept);
    await old.close();
    const upgraded = await createLocalDatabase({ name, storage });
    const doc = await upgraded.results.findOne(kept.id).exec();
    expect(doc?.seq ?? null).toBeNull();
    const pushed: ResultDoc[] = [];
    const call = (async (endpoint: string, options: { body: unknown }) => {
      if (endpoint === 'pushResults')
        pushed.push(...(options.body as { newDocumentState: ResultDoc }[]).map((r) => r.newDocumentState));
      return endpoint === 'pullKits' ? { documents: [], checkpoint: { versions: {} }, unknownCodes: [] } : [];
    }) as SyncDeps['call'];
    const loop = createSyncLoop({
      openDb: async () => upgraded,
      call,
      hasLocalDatabase: () => true,
      schedule: () => () => {},
      now: () => new Date(),
    });
    await loop.requestSync();
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).not.toHaveProperty('seq');
    expect(pushed[0]).not.toHaveProperty('deviceId');
    await upgraded.close();
  });
});

describe('reports', () => {
  function loopWith(reports: unknown[], fail = false) {
    const call = (async (endpoint: string, options: { body: unknown }) => {
      if (endpoint === 'reportDevice') {
        if (fail) throw new Error('offline');
        reports.push(options.body);
        return null;
      }
      return endpoint === 'pullKits' ? { documents: [], checkpoint: { versions: {} }, unknownCodes: [] } : [];
    }) as SyncDeps['call'];
    let now = Date.parse('2025-03-04T05:00:00Z');
    const loop = createSyncLoop({
      openDb: async () => db,
      call,
      hasLocalDatabase: () => true,
      schedule: () => () => {},
      now: () => new Date(now),
      label: () => ({ build: '0.1.0', name: 'Tablet 3' }),
    });
    return { loop, later: (ms: number) => (now += ms) };
  }

  it('after each sync: what was made and nothing pending once uploaded; at most once a minute between syncs', async () => {
    const reports: { lastSeq: number; pendingSeqs: number[]; name: string }[] = [];
    const { loop, later } = loopWith(reports);
    await saveResultLocally(result(), db);
    await saveResultLocally(result(), db);
    await loop.requestSync();
    expect(reports).toMatchObject([{ lastSeq: 2, pendingSeqs: [], name: 'Tablet 3', build: '0.1.0' }]);
    await loop.reportIfDue();
    expect(reports).toHaveLength(1); // less than a minute after the last
    later(60_000);
    await loop.reportIfDue();
    expect(reports).toHaveLength(2);
  });

  it('a report that does not go never fails the sync', async () => {
    const { loop } = loopWith([], true);
    await saveResultLocally(result(), db);
    await loop.requestSync();
    expect((await db.results.find().exec())[0]?.syncState).toBe('uploaded');
  });
});
