import {
  type EmailDoc,
  type KitDoc,
  MSG,
  type PullKitsData,
  type PushConflict,
  type ResultDoc,
} from '@scentry/shared-schema';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../lib/api';
import { createLocalDatabase, type LocalDatabase } from './db';
import { getSyncStatus, setSyncStatus } from './status';
import { queueEmailLocally, queueFormLocally, saveKitLocally, saveResultLocally, stripMeta } from './store';
import { createSyncLoop, type SyncDeps } from './sync';
import type { LocalResult } from './types';

/*
 * The sync loop against a real RxDB database on memory storage. The network is faked at the
 * `call` boundary and the retry timer is a recorded scheduler, so backoff needs no waiting.
 */

let dbCount = 0;
let db: LocalDatabase;

beforeEach(async () => {
  db = await createLocalDatabase({ name: `sync-test-${++dbCount}`, storage: getRxStorageMemory() });
  setSyncStatus({ waiting: 0, rejected: [], lastSync: null, syncing: false, lastError: null });
});

afterEach(async () => {
  await db.close();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const offline = () => new ApiFailure(0, { status: 'Failure', message: 'Network error', error: 'network', data: null });
/** The throttle's refusal: 429 with its message and Retry-After. */
const throttled = (retryAfterSeconds?: number) =>
  new ApiFailure(429, { status: 'Failure', message: MSG.tooManyRequests, error: null, data: null }, retryAfterSeconds);

type PushHandler = (docs: ResultDoc[]) => Promise<PushConflict[]>;
type PullHandler = (body: unknown) => Promise<PullKitsData>;

/** A fake server behind `call`, a recorded scheduler and a counted database opener. */
function harness() {
  const pushes: ResultDoc[][] = [];
  const pulls: unknown[] = [];
  const timers: { ms: number; fire: () => Promise<void>; cancelled: boolean }[] = [];
  const h = {
    pushes,
    pulls,
    timers,
    opens: 0,
    hasDb: true,
    onPush: (async () => []) as PushHandler,
    onPull: (async () => ({ documents: [], checkpoint: { versions: {} }, unknownCodes: [] })) as PullHandler,
    emailPushes: [] as EmailDoc[][],
    formPushes: [] as { name: string; docs: Record<string, unknown>[] }[],
    onForm: (async () => []) as (
      name: string,
      docs: Record<string, unknown>[],
    ) => Promise<{ id: string; rejected: true; reason: string }[]>,
    onEmail: (async () => []) as (docs: EmailDoc[]) => Promise<{ id: string; rejected: true; reason: string }[]>,
    now: new Date('2025-03-04T05:06:07.000Z'),
    random: 0,
  };
  const call = (async (name: string, options: { body?: unknown }) => {
    if (name === 'pushResults') {
      const docs = (options.body as { newDocumentState: ResultDoc }[]).map((r) => r.newDocumentState);
      pushes.push(docs);
      // A loop that resends forever would hang the test: fail it instead.
      if (pushes.length > 50) throw new Error('too many pushes');
      return h.onPush(docs);
    }
    if (name === 'pushMedical' || name === 'pushQuestionnaires') {
      const docs = (options.body as { newDocumentState: Record<string, unknown> }[]).map((r) => r.newDocumentState);
      h.formPushes.push({ name, docs });
      if (h.formPushes.length > 50) throw new Error('too many form pushes');
      return h.onForm(name, docs);
    }
    if (name === 'pushEmails') {
      const docs = (options.body as { newDocumentState: EmailDoc }[]).map((r) => r.newDocumentState);
      h.emailPushes.push(docs);
      if (h.emailPushes.length > 50) throw new Error('too many e-mail pushes');
      return h.onEmail(docs);
    }
    if (name === 'pullKits') {
      pulls.push(options.body);
      return h.onPull(options.body);
    }
    throw new Error(`unexpected call ${name}`);
  }) as SyncDeps['call'];
  const loop = createSyncLoop({
    openDb: async () => {
      h.opens++;
      return db;
    },
    call,
    hasLocalDatabase: () => h.hasDb,
    schedule: (fire, ms) => {
      const timer = { ms, fire, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    now: () => h.now,
    random: () => h.random,
  });
  return Object.assign(h, { loop });
}

function result(overrides: Partial<LocalResult> = {}): LocalResult {
  return {
    id: crypto.randomUUID(),
    testKitId: 7,
    kitVersion: 2,
    organizationId: null,
    latitude: null,
    longitude: null,
    firstName: 'Ada',
    lastName: null,
    playedAt: '2025-03-01T10:00:00.000Z',
    answers: [{ scentCardId: 1, scentOptionId: 11, smellIntensity: 3 }],
    resultStatus: 'Pass',
    rightAnswerCount: 1,
    syncState: 'pending',
    kitName: 'Garden kit',
    averageIntensity: 3,
    ...overrides,
  };
}

function kit(id: string, overrides: Partial<KitDoc> = {}): KitDoc {
  return {
    id,
    kitId: 7,
    name: `Kit ${id}`,
    version: 1,
    passThreshold: 1,
    updatedAt: '2025-01-01T00:00:00.000Z',
    _deleted: false,
    cards: [],
    ...overrides,
  };
}

async function stored(id: string): Promise<LocalResult | null> {
  const doc = await db.results.findOne(id).exec();
  return doc ? stripMeta(doc.toJSON() as LocalResult) : null;
}

/** Lets anything already started (a follow-up run) reach the database and the network. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('sync loop: uploads', () => {
  it('marks uploaded results as uploaded and counts the waiting ones', async () => {
    const h = harness();
    const a = result();
    const b = result();
    const c = result();
    for (const r of [a, b, c]) await saveResultLocally(r, db);

    h.onPush = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    expect(getSyncStatus()).toMatchObject({ waiting: 3, syncing: false, lastError: 'Network error', lastSync: null });

    h.onPush = async () => [];
    await h.timers[0].fire();
    expect((await stored(a.id))?.syncState).toBe('uploaded');
    expect((await stored(b.id))?.syncState).toBe('uploaded');
    expect((await stored(c.id))?.syncState).toBe('uploaded');
    expect(getSyncStatus()).toMatchObject({
      waiting: 0,
      rejected: [],
      syncing: false,
      lastError: null,
      lastSync: '2025-03-04T05:06:07.000Z',
    });

    // Uploaded results stay on the device but are never sent again.
    const before = h.pushes.length;
    await h.loop.requestSync();
    expect(h.pushes.length).toBe(before);
  });

  it('pushes only the documents, without the local bookkeeping, 20 at a time', async () => {
    const h = harness();
    for (let i = 0; i < 25; i++) await saveResultLocally(result(), db);
    await h.loop.requestSync();
    expect(h.pushes.map((p) => p.length)).toEqual([20, 5]);
    const sent = h.pushes[0][0] as Record<string, unknown>;
    expect(sent.syncState).toBeUndefined();
    expect(sent.kitName).toBeUndefined();
    expect(sent.averageIntensity).toBeUndefined();
    expect(Object.keys(sent).some((k) => k.startsWith('_'))).toBe(false);
    expect(getSyncStatus().waiting).toBe(0);
  });

  it('keeps a rejected result with its reason and never sends it again', async () => {
    const h = harness();
    const bad = result();
    const good = result();
    await saveResultLocally(bad, db);
    await saveResultLocally(good, db);
    h.onPush = async (docs) =>
      docs.filter((d) => d.id === bad.id).map((d) => ({ id: d.id, rejected: true as const, reason: 'Unknown kit' }));

    await h.loop.requestSync();
    expect(h.pushes).toHaveLength(1);
    expect(await stored(bad.id)).toMatchObject({ syncState: 'rejected', rejected: true, reason: 'Unknown kit' });
    expect((await stored(good.id))?.syncState).toBe('uploaded');
    expect(getSyncStatus().waiting).toBe(0);
    expect(getSyncStatus().rejected).toEqual([
      { id: bad.id, kitName: 'Garden kit', playedAt: bad.playedAt, reason: 'Unknown kit' },
    ]);

    // A later play is pushed alone: the rejected one stays on the device, unsent.
    const later = result();
    await saveResultLocally(later, db);
    h.onPush = async () => [];
    await h.loop.requestSync();
    expect(h.pushes).toHaveLength(2);
    expect(h.pushes[1].map((d) => d.id)).toEqual([later.id]);
    expect((await stored(bad.id))?.syncState).toBe('rejected');
    expect(getSyncStatus().rejected.map((r) => r.id)).toEqual([bad.id]);
  });

  it('gives a rejection without a reason a default one', async () => {
    const h = harness();
    const bad = result();
    await saveResultLocally(bad, db);
    h.onPush = async () => [{ id: bad.id, rejected: true, reason: '' }];
    await h.loop.requestSync();
    expect(await stored(bad.id)).toMatchObject({ syncState: 'rejected', reason: 'Refused by the server' });
  });

  it("adopts the server's copy when another play is stored under the same id", async () => {
    const h = harness();
    const mine = result();
    await saveResultLocally(mine, db);
    const theirs = {
      id: mine.id,
      testKitId: 9,
      kitVersion: 4,
      organizationId: null,
      latitude: null,
      longitude: null,
      firstName: 'Ada',
      lastName: null,
      playedAt: '2025-02-02T08:00:00.000Z',
      answers: [
        { scentCardId: 5, scentOptionId: 51, smellIntensity: 1 },
        { scentCardId: 6, scentOptionId: 62, smellIntensity: 2 },
      ],
      resultStatus: 'Fail' as const,
      rightAnswerCount: 0,
    };
    h.onPush = async () => [theirs];

    await h.loop.requestSync();
    expect(await stored(mine.id)).toMatchObject({
      testKitId: 9,
      kitVersion: 4,
      playedAt: '2025-02-02T08:00:00.000Z',
      answers: theirs.answers,
      resultStatus: 'Fail',
      rightAnswerCount: 0,
      syncState: 'uploaded',
      // Local bookkeeping stays.
      kitName: 'Garden kit',
    });
    expect(getSyncStatus()).toMatchObject({ waiting: 0, rejected: [] });
    await h.loop.requestSync();
    expect(h.pushes).toHaveLength(1);
  });
});

describe('sync loop: backoff', () => {
  it('retries a failing sync after 2 s, 4 s, 8 s … capped at 5 min, and a success resets it', async () => {
    const h = harness();
    await saveResultLocally(result(), db);
    h.onPush = async () => {
      throw offline();
    };

    await h.loop.requestSync();
    for (let i = 0; i < 10; i++) await h.timers[h.timers.length - 1].fire();
    expect(h.timers.map((t) => t.ms)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000,
    ]);
    expect(h.pushes).toHaveLength(11);
    expect(getSyncStatus()).toMatchObject({ waiting: 1, lastError: 'Network error' });

    // Back online: the retry succeeds and nothing more is scheduled.
    h.onPush = async () => [];
    await h.timers[h.timers.length - 1].fire();
    expect(h.timers).toHaveLength(11);
    expect(getSyncStatus()).toMatchObject({ waiting: 0, lastError: null });

    // The next failure starts again at 2 s.
    await saveResultLocally(result(), db);
    h.onPush = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    await h.timers[h.timers.length - 1].fire();
    expect(h.timers.slice(11).map((t) => t.ms)).toEqual([2_000, 4_000]);
  });

  it('starts the backoff again when the network comes back (a fresh request), so a lost reply is retried soon', async () => {
    const h = harness();
    await saveResultLocally(result(), db);
    h.onPush = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    for (let i = 0; i < 4; i++) await h.timers[h.timers.length - 1].fire();
    expect(h.timers.at(-1)?.ms).toBe(32_000);
    await h.loop.requestSync({ fresh: true });
    expect(h.timers.at(-1)?.ms).toBe(2_000);
    expect(h.timers.filter((t) => !t.cancelled)).toHaveLength(1);
  });

  it('backs off when the kit refresh fails too', async () => {
    const h = harness();
    await saveKitLocally(kit('abc'), db);
    h.onPull = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    await h.timers[0].fire();
    expect(h.timers.map((t) => t.ms)).toEqual([2_000, 4_000]);
  });

  it('cancels a waiting retry when a sync is asked for sooner', async () => {
    const h = harness();
    await saveResultLocally(result(), db);
    h.onPush = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    expect(h.timers[0].cancelled).toBe(false);
    await h.loop.requestSync();
    expect(h.timers[0].cancelled).toBe(true);
    expect(h.timers.map((t) => t.ms)).toEqual([2_000, 4_000]);
  });
});

describe('sync loop: throttled (429 with Retry-After)', () => {
  /** Moves the fake clock on by `ms`. */
  const later = (h: ReturnType<typeof harness>, ms: number) => {
    h.now = new Date(h.now.getTime() + ms);
  };

  it('sends nothing before the Retry-After has passed, however often a sync is asked for', async () => {
    const h = harness();
    for (let i = 0; i < 3; i++) await saveResultLocally(result(), db);
    h.onPush = async () => {
      throw throttled(7);
    };
    await h.loop.requestSync();
    expect(h.pushes).toHaveLength(1);
    expect(h.timers.at(-1)?.ms).toBe(7_000);
    expect(getSyncStatus()).toMatchObject({ waiting: 3, lastError: MSG.tooManyRequests });

    // The network "comes back" and the player plays again: still nothing goes before the 7 s.
    await h.loop.requestSync({ fresh: true });
    later(h, 3_000);
    await h.loop.requestSync();
    expect(h.pushes).toHaveLength(1);
    expect(h.opens).toBe(1);
    expect(h.timers.filter((t) => !t.cancelled).map((t) => t.ms)).toEqual([4_000]);

    h.onPush = async () => [];
    later(h, 4_000);
    await h.timers.at(-1)?.fire();
    expect(h.pushes.map((p) => p.length)).toEqual([3, 3]);
    expect(getSyncStatus()).toMatchObject({ waiting: 0, lastError: null });
  });

  it('waits a little more than asked, at random (up to half again), so phones do not all come back at once', async () => {
    const h = harness();
    await saveResultLocally(result(), db);
    h.random = 0.999;
    h.onPush = async () => {
      throw throttled(10);
    };
    await h.loop.requestSync();
    expect(h.timers.at(-1)?.ms).toBe(14_995);
    // Without Retry-After: 2 s.
    h.random = 0;
    later(h, 15_000);
    h.onPush = async () => {
      throw throttled();
    };
    await h.timers.at(-1)?.fire();
    expect(h.timers.at(-1)?.ms).toBe(2_000);
  });

  it('pushes half as many documents after each 429, down to one, and doubles back after each push taken', async () => {
    const h = harness();
    for (let i = 0; i < 25; i++) await saveResultLocally(result(), db);
    let refusals = 5;
    h.onPush = async () => {
      if (refusals-- > 0) throw throttled(1);
      return [];
    };
    await h.loop.requestSync();
    for (let i = 0; i < 5; i++) {
      later(h, h.timers.at(-1)?.ms ?? 0);
      await h.timers.at(-1)?.fire();
    }
    expect(h.pushes.map((p) => p.length)).toEqual([20, 10, 5, 2, 1, 1, 2, 4, 8, 10]);
    expect(getSyncStatus().waiting).toBe(0);
  });

  it('pushes the forms in the same smaller batches (one throttle counts both)', async () => {
    const h = harness();
    const r = result({ syncState: 'uploaded' });
    await saveResultLocally(r, db);
    for (let i = 0; i < 12; i++) {
      await queueFormLocally(
        { id: crypto.randomUUID(), testResultId: r.id, kind: 'medical', doc: { firstName: 'Ada', age: 42 } },
        db,
      );
    }
    let refusals = 1;
    h.onForm = async () => {
      if (refusals-- > 0) throw throttled(3);
      return [];
    };
    await h.loop.requestSync();
    later(h, 3_000);
    await h.timers.at(-1)?.fire();
    expect(h.formPushes.map((p) => p.docs.length)).toEqual([12, 10, 2]);
    expect(getSyncStatus().formsWaiting).toBe(0);
  });

  it('holds the kit refresh too when the read throttle refuses it', async () => {
    const h = harness();
    await saveKitLocally(kit('abc'), db);
    h.onPull = async () => {
      throw throttled(5);
    };
    await h.loop.requestSync();
    await h.loop.requestSync({ fresh: true });
    expect(h.pulls).toHaveLength(1);
    expect(h.timers.filter((t) => !t.cancelled).map((t) => t.ms)).toEqual([5_000]);
  });
});

describe('sync loop: coalescing', () => {
  it('shares a run in progress and runs exactly once more after it', async () => {
    const h = harness();
    await saveKitLocally(kit('abc'), db);
    const firstPull = deferred<void>();
    const secondPull = deferred<void>();
    const gates = [firstPull.promise, secondPull.promise];
    h.onPull = async () => {
      await gates.shift();
      return { documents: [], checkpoint: { versions: {} }, unknownCodes: [] };
    };

    const first = h.loop.requestSync();
    await vi.waitFor(() => expect(h.pulls).toHaveLength(1));
    const more = [h.loop.requestSync(), h.loop.requestSync(), h.loop.requestSync()];
    for (const p of more) expect(p).toBe(first);
    expect(h.opens).toBe(1);

    firstPull.resolve();
    await first;
    // One follow-up run for the three calls, not three.
    await vi.waitFor(() => expect(h.pulls).toHaveLength(2));
    secondPull.resolve();
    await vi.waitFor(() => expect(getSyncStatus().syncing).toBe(false));
    await settle();
    expect(h.opens).toBe(2);
    expect(h.pulls).toHaveLength(2);
  });

  it('does not run again after a run nobody asked to repeat', async () => {
    const h = harness();
    await saveKitLocally(kit('abc'), db);
    await h.loop.requestSync();
    await settle();
    expect(h.opens).toBe(1);
    expect(h.pulls).toHaveLength(1);
  });
});

describe('sync loop: kits and start', () => {
  it('refreshes downloaded kits and drops deleted or unknown ones', async () => {
    const h = harness();
    await saveKitLocally(kit('abc', { version: 1, kitId: 3 }), db);
    await saveKitLocally(kit('gone', { version: 2, kitId: 4 }), db);
    await saveKitLocally(kit('old', { version: 1, kitId: 5 }), db);
    h.onPull = async () => ({
      documents: [
        kit('abc', { version: 2, kitId: 3, name: 'Renamed' }),
        { id: 'gone', version: 3, updatedAt: '2025-02-01T00:00:00.000Z', _deleted: true },
      ],
      checkpoint: { versions: {} },
      unknownCodes: ['OLD'],
    });

    await h.loop.requestSync();
    expect(h.pulls[0]).toEqual({
      codes: ['abc', 'gone', 'old'],
      checkpoint: { versions: { abc: 1, gone: 2, old: 1 }, kitIds: { abc: 3, gone: 4, old: 5 } },
      batchSize: 50,
    });
    const left = (await db.kits.find().exec()).map((k) => [k.id, k.version, k.name]);
    expect(left).toEqual([['abc', 2, 'Renamed']]);
  });

  it('asks for at most 50 kit codes a pull', async () => {
    const h = harness();
    for (let i = 0; i < 60; i++) await saveKitLocally(kit(`k${String(i).padStart(2, '0')}`), db);
    await h.loop.requestSync();
    expect(h.pulls.map((p) => (p as { codes: string[] }).codes.length)).toEqual([50, 10]);
    expect(new Set(h.pulls.flatMap((p) => (p as { codes: string[] }).codes)).size).toBe(60);
  });

  it('does nothing (and loads no database) on a device that never stored anything', async () => {
    const h = harness();
    h.hasDb = false;
    await h.loop.requestSync();
    expect(h.opens).toBe(0);
    expect(h.pushes).toHaveLength(0);
    expect(h.pulls).toHaveLength(0);
  });
});

describe('e-mails made offline', () => {
  const email = (testResultId: string) => ({
    id: crypto.randomUUID(),
    testResultId,
    kind: 'result' as const,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    date: '03/01/2025',
    pdfBase64: 'JVBERi0xLjQK',
  });

  it('waits for its result, then goes up once, alone in its request, without the fields the server ignores', async () => {
    const h = harness();
    const r = result();
    await saveResultLocally(r, db);
    const e = email(r.id);
    await queueEmailLocally(e, db);
    // The result's upload fails: the e-mail must not go before it.
    h.onPush = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    expect(h.emailPushes).toEqual([]);
    expect(getSyncStatus().emailsWaiting).toBe(1);

    h.onPush = async () => [];
    await h.loop.requestSync();
    // One queued by an older build (with its names and PDF) goes up as the server reads it.
    expect(h.emailPushes).toEqual([[{ id: e.id, testResultId: r.id, kind: 'result', email: 'ada@example.com' }]]);
    const stored = (await db.emails.findOne(e.id).exec())?.toJSON();
    expect(stored).toMatchObject({ state: 'sent', pdfBase64: '' });
    expect(getSyncStatus().emailsWaiting).toBe(0);

    await h.loop.requestSync();
    expect(h.emailPushes).toHaveLength(1);
  });

  it('sends the same id again when the reply was lost, until the server answers', async () => {
    const h = harness();
    const r = result({ syncState: 'uploaded' });
    await saveResultLocally(r, db);
    const e = email(r.id);
    await queueEmailLocally(e, db);
    h.onEmail = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    expect(h.timers.at(-1)?.ms).toBeGreaterThan(0);
    h.onEmail = async () => [];
    await h.loop.requestSync();
    expect(h.emailPushes.map((p) => p[0]?.id)).toEqual([e.id, e.id]);
    expect((await db.emails.findOne(e.id).exec())?.state).toBe('sent');
  });

  it('shows a refusal for good and never retries it; a busy recipient (429) is retried later', async () => {
    const h = harness();
    const r = result({ syncState: 'uploaded' });
    await saveResultLocally(r, db);
    const refused = email(r.id);
    await queueEmailLocally(refused, db);
    h.onEmail = async (docs) => [{ id: docs[0]?.id ?? '', rejected: true, reason: 'Please enter valid email!' }];
    await h.loop.requestSync();
    expect(getSyncStatus().rejectedEmails).toEqual([
      { id: refused.id, email: 'ada@example.com', reason: 'Please enter valid email!' },
    ]);

    const busy = email(r.id);
    await queueEmailLocally(busy, db);
    h.onEmail = async () => {
      throw new ApiFailure(429, { status: 'Failure', message: 'Too many', error: null, data: null });
    };
    await h.loop.requestSync();
    expect((await db.emails.findOne(busy.id).exec())?.state).toBe('pending');
    expect(h.timers.filter((t) => !t.cancelled)).toHaveLength(1);
    // The refused one was pushed once only.
    expect(h.emailPushes.filter((p) => p[0]?.id === refused.id)).toHaveLength(1);
  });

  it('keeps an e-mail the server cannot send yet (404: its result or questionnaire not stored) and retries it; the others go on', async () => {
    const h = harness();
    const r = result({ syncState: 'uploaded' });
    await saveResultLocally(r, db);
    const early = { ...email(r.id), kind: 'questionnaire' as const, language: 'en' as const };
    const other = email(r.id);
    await queueEmailLocally(early, db);
    await queueEmailLocally(other, db);
    h.onEmail = async (docs) => {
      if (docs[0]?.id === early.id)
        throw new ApiFailure(404, { status: 'Failure', message: 'Not yet', error: null, data: null });
      return [];
    };
    await h.loop.requestSync();
    expect((await db.emails.findOne(early.id).exec())?.state).toBe('pending');
    expect((await db.emails.findOne(other.id).exec())?.state).toBe('sent');
    expect(getSyncStatus().rejectedEmails).toEqual([]);
    expect(h.timers.filter((t) => !t.cancelled)).toHaveLength(1);

    h.onEmail = async () => [];
    await h.loop.requestSync();
    expect((await db.emails.findOne(early.id).exec())?.state).toBe('sent');
    expect(h.emailPushes.filter((p) => p[0]?.id === early.id)).toEqual([
      [{ id: early.id, testResultId: r.id, kind: 'questionnaire', email: 'ada@example.com', language: 'en' }],
      [{ id: early.id, testResultId: r.id, kind: 'questionnaire', email: 'ada@example.com', language: 'en' }],
    ]);
  });

  it('gives up an e-mail whose result the server refused, without sending it', async () => {
    const h = harness();
    const r = result({ syncState: 'rejected', reason: 'bad kit' });
    await saveResultLocally(r, db);
    await queueEmailLocally(email(r.id), db);
    await h.loop.requestSync();
    expect(h.emailPushes).toEqual([]);
    expect(getSyncStatus().rejectedEmails[0]?.reason).toMatch(/could not be uploaded/);
  });
});

describe('medical forms and questionnaires made offline', () => {
  const medical = (testResultId: string) => ({
    id: crypto.randomUUID(),
    testResultId,
    kind: 'medical' as const,
    doc: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: 42,
      gender: 'Female',
      race: 'Asian',
      isAlzheimerDisease: false,
    },
  });
  const questionnaire = (testResultId: string) => ({
    id: crypto.randomUUID(),
    testResultId,
    kind: 'questionnaire' as const,
    doc: { answers: [{ question: 'Q1', answer: 'Yes' }] },
  });

  it('wait for their result, then go up once each, and count in the waiting number meanwhile', async () => {
    const h = harness();
    const r = result();
    await saveResultLocally(r, db);
    const m = medical(r.id);
    const q = questionnaire(r.id);
    await queueFormLocally(m, db);
    await queueFormLocally(q, db);
    h.onPush = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    expect(h.formPushes).toEqual([]);
    expect(getSyncStatus()).toMatchObject({ waiting: 3, formsWaiting: 2 });

    h.onPush = async () => [];
    await h.loop.requestSync();
    expect(h.formPushes).toEqual([
      { name: 'pushMedical', docs: [{ id: m.id, testResultId: r.id, ...m.doc }] },
      { name: 'pushQuestionnaires', docs: [{ id: q.id, testResultId: r.id, ...q.doc }] },
    ]);
    expect(getSyncStatus()).toMatchObject({ waiting: 0, formsWaiting: 0 });
    await h.loop.requestSync();
    expect(h.formPushes).toHaveLength(2);
  });

  it('sends the same form again after a lost reply, and keeps a refusal with its reason', async () => {
    const h = harness();
    const r = result({ syncState: 'uploaded' });
    await saveResultLocally(r, db);
    const m = medical(r.id);
    await queueFormLocally(m, db);
    h.onForm = async () => {
      throw offline();
    };
    await h.loop.requestSync();
    h.onForm = async (_name, docs) => [
      { id: String(docs[0]?.id), rejected: true, reason: 'Medical information was already saved for this result' },
    ];
    await h.loop.requestSync();
    expect(h.formPushes.map((p) => p.docs[0]?.id)).toEqual([m.id, m.id]);
    expect(getSyncStatus().rejected).toEqual([
      expect.objectContaining({ id: m.id, kitName: 'Medical form', reason: expect.stringMatching(/already saved/) }),
    ]);
    await h.loop.requestSync();
    expect(h.formPushes).toHaveLength(2);
  });
});

describe('write keys (API.md "Writing to a result")', () => {
  const KEY = 'made-with-the-result-0001';

  it('go up with the result, and with each form and e-mail about it; a result without one sends none', async () => {
    const h = harness();
    const keyed = result({ writeKey: KEY });
    const keyless = result();
    await saveResultLocally(keyed, db);
    await saveResultLocally(keyless, db);
    for (const r of [keyed, keyless]) {
      await queueFormLocally(
        { id: crypto.randomUUID(), testResultId: r.id, kind: 'questionnaire', doc: { answers: [] } },
        db,
      );
      await queueEmailLocally(
        {
          id: crypto.randomUUID(),
          testResultId: r.id,
          kind: 'result',
          name: 'A',
          email: 'a@b.co',
          date: 'x',
          pdfBase64: '',
        },
        db,
      );
    }
    await h.loop.requestSync();
    const pushed = h.pushes.flat();
    expect(pushed.find((d) => d.id === keyed.id)?.writeKey).toBe(KEY);
    expect(pushed.find((d) => d.id === keyless.id)).not.toHaveProperty('writeKey');
    const forms = h.formPushes.flatMap((p) => p.docs);
    expect(forms.find((d) => d.testResultId === keyed.id)?.writeKey).toBe(KEY);
    expect(forms.find((d) => d.testResultId === keyless.id)).not.toHaveProperty('writeKey');
    const emails = h.emailPushes.flat();
    expect(emails.find((d) => d.testResultId === keyed.id)?.writeKey).toBe(KEY);
    expect(emails.find((d) => d.testResultId === keyless.id)).not.toHaveProperty('writeKey');
  });

  it('results kept by a build before the keys survive the schema change, keyless', async () => {
    const storage = getRxStorageMemory();
    const name = `old-build-${++dbCount}`;
    const { createRxDatabase } = await import('rxdb');
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    // The result collection as version 0 of the schema had it.
    await old.addCollections({
      results: {
        schema: {
          version: 0,
          primaryKey: 'id',
          type: 'object',
          properties: {
            id: { type: 'string', maxLength: 40 },
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
        },
      },
    });
    const before = result();
    await old.results.insert(before);
    await old.close();

    const upgraded = await createLocalDatabase({ name, storage });
    const doc = await upgraded.results.findOne(before.id).exec();
    expect(doc ? stripMeta(doc.toJSON()) : null).toEqual(before);
    expect(doc?.writeKey ?? null).toBeNull();
    await upgraded.close();
  });
});

describe('a questionnaire e-mail', () => {
  it('waits for its answers, and is given up (not retried forever) when the answers are refused for good', async () => {
    const h = harness();
    const r = result({ syncState: 'uploaded' });
    await saveResultLocally(r, db);
    const form = { id: crypto.randomUUID(), testResultId: r.id, kind: 'questionnaire' as const, doc: { answers: [] } };
    await queueFormLocally(form, db);
    const email = {
      id: crypto.randomUUID(),
      testResultId: r.id,
      kind: 'questionnaire' as const,
      name: '',
      email: 'a@b.co',
      date: '',
      pdfBase64: '',
    };
    await queueEmailLocally(email, db);
    h.onForm = async (_name, docs) => docs.map((d) => ({ id: String(d.id), rejected: true as const, reason: 'No.' }));
    await h.loop.requestSync();
    expect(h.emailPushes).toEqual([]);
    const kept = await db.emails.findOne(email.id).exec();
    expect(kept?.state).toBe('rejected');
    expect(kept?.reason).toBe('Its answers could not be uploaded');
  });
});
