import { kitCode, PULL_MAX_CODES } from '@scentry/shared-schema';
import { callPlayer } from '../lib/api';
import { getEvent } from '../lib/event-mode';
// Types only: RxDB stays out of the first load (the database is opened through a dynamic import).
import type { LocalDatabase } from './db';
import { type DeviceLabel, deviceReport } from './device';
import { createPushBatch, MIN_BACKOFF, type PushBatch, pushBatch, type SyncCall, throttledFor } from './push';
import { getSyncStatus, hasLocalDatabase, setSyncStatus } from './status';
import { type LocalResult, toResultDoc } from './types';

const MAX_BACKOFF = 5 * 60_000;

/** What a sync loop works with: the app passes the real ones, unit tests fakes (and memory storage). */
export interface SyncDeps {
  openDb: () => Promise<LocalDatabase>;
  /** The API client (`callPlayer` of lib/api): only the sync endpoints are used. */
  call: SyncCall;
  /** Whether there may be anything to sync (false: no run, the database is not even loaded). */
  hasLocalDatabase: () => boolean;
  /** Runs `fn` (a retry) after `ms`; returns a function that cancels it. */
  schedule: (fn: () => Promise<void>, ms: number) => () => void;
  now: () => Date;
  /** Spreads the devices' retries after a 429 (Math.random; a constant in tests). */
  random?: () => number;
  /** What the device's reports say of it besides its numbers (API.md "Devices"); none: no reports. */
  label?: () => DeviceLabel;
}

export interface SyncLoop {
  /** `fresh`: the network just came back, so a failure retries soon again (backoff from 2 s). */
  requestSync(options?: { fresh?: boolean }): Promise<void>;
  /**
   * Sends the device's report unless one went less than REPORT_EVERY_MS ago (the minute's report
   * while online); a sync run sends its own after it.
   */
  reportIfDue(): Promise<void>;
}

/** A device reports at most this often between sync runs (API.md "Devices"). */
export const REPORT_EVERY_MS = 60_000;

/**
 * Uploads waiting results and refreshes downloaded kits. Never blocks the UI; overlapping calls
 * share one run (and run once more after it). A failure retries with backoff (2 s → 5 min):
 * Safari has no Background Sync, so the page itself keeps trying while it is open. A throttle's
 * 429 is not a failure of the network: nothing is sent before its `Retry-After` has passed (a
 * little more, at random, so an event's phones behind one address do not all come back in the
 * same second), however often a sync is asked for, and the next pushes carry fewer documents.
 */
export function createSyncLoop(deps: SyncDeps): SyncLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let backoff = 0;
  let cancelRetry: (() => void) | undefined;
  /** No request before this time (ms): the server's Retry-After. */
  let holdUntil = 0;
  const batch = createPushBatch();
  const random = deps.random ?? Math.random;

  function requestSync(options: { fresh?: boolean } = {}): Promise<void> {
    if (options.fresh) backoff = 0;
    if (running) {
      again = true;
      return running;
    }
    running = runSync().finally(() => {
      running = null;
      if (again) {
        again = false;
        void requestSync();
      }
    });
    return running;
  }

  async function runSync(): Promise<void> {
    if (!deps.hasLocalDatabase()) return;
    cancelRetry?.();
    cancelRetry = undefined;
    const held = holdUntil - deps.now().getTime();
    if (held > 0) {
      cancelRetry = deps.schedule(requestSync, held);
      return;
    }
    const db = await deps.openDb();
    setSyncStatus({ syncing: true });
    try {
      await pushResults(db, deps.call, batch);
      // The player's forms go after their results (the code that pushes them loads only then).
      if (await hasPending(db, 'forms')) await (await import('./form-push')).pushForms(db, deps.call, batch);
      await pullKits(db, deps.call);
      // Last: an e-mail goes only after its result was taken, and a busy recipient (429) must
      // not hold up results or kits.
      if (await hasPending(db, 'emails')) await (await import('./email-push')).pushEmails(db, deps.call);
      backoff = 0;
      setSyncStatus({ lastSync: deps.now().toISOString(), lastError: null });
      // After each sync: what was sent and what still waits, so the server can tell a gap.
      await report(db);
    } catch (err) {
      const retryAfter = throttledFor(err);
      let wait: number;
      if (retryAfter === null) {
        backoff = Math.min(MAX_BACKOFF, backoff ? backoff * 2 : MIN_BACKOFF);
        wait = backoff;
      } else {
        wait = Math.ceil(retryAfter * 1000 * (1 + random() / 2));
        holdUntil = deps.now().getTime() + wait;
      }
      setSyncStatus({ lastError: (err as Error).message });
      cancelRetry = deps.schedule(requestSync, wait);
    } finally {
      await refreshStatus(db);
      setSyncStatus({ syncing: false });
    }
  }

  let lastReportAt = Number.NEGATIVE_INFINITY;

  /**
   * The device's report (API.md "Devices"): its last number and the numbers still unsent. Never
   * fails the sync: a report that does not go is sent with the next one.
   */
  async function report(db: LocalDatabase): Promise<void> {
    if (!deps.label) return;
    try {
      const body = await deviceReport(db, deps.label());
      if (!body) return;
      await deps.call('reportDevice', { body });
      lastReportAt = deps.now().getTime();
    } catch {
      // Offline, throttled or refused: the next sync or minute tries again.
    }
  }

  async function reportIfDue(): Promise<void> {
    if (!deps.hasLocalDatabase() || running) return;
    if (deps.now().getTime() - lastReportAt < REPORT_EVERY_MS) return;
    await report(await deps.openDb());
  }

  return { requestSync, reportIfDue };
}

async function pushResults(db: LocalDatabase, call: SyncCall, batch: PushBatch): Promise<void> {
  for (;;) {
    const pending = await db.results.find({ selector: { syncState: 'pending' }, limit: batch.size }).exec();
    if (!pending.length) return;
    const rows = pending.map((d) => ({
      assumedMasterState: null,
      newDocumentState: toResultDoc(d.toJSON() as LocalResult),
    }));
    const conflicts = await pushBatch(call, 'pushResults', rows, batch);
    const byId = new Map(conflicts.map((c) => [c.id, c]));
    for (const doc of pending) {
      const answer = byId.get(doc.id);
      if (!answer) {
        await doc.incrementalPatch({ syncState: 'uploaded' });
      } else if ('rejected' in answer) {
        // Refused for good: shown with its reason, never retried.
        await doc.incrementalPatch({
          syncState: 'rejected',
          rejected: true,
          reason: answer.reason || 'Refused by the server',
        });
      } else {
        // Another play is stored under this id: the device takes the server's state.
        await doc.incrementalPatch({
          testKitId: answer.testKitId,
          kitVersion: answer.kitVersion,
          playedAt: answer.playedAt,
          answers: answer.answers,
          resultStatus: answer.resultStatus,
          rightAnswerCount: answer.rightAnswerCount,
          syncState: 'uploaded',
        });
      }
    }
  }
}

/** Whether any e-mail or form waits. */
async function hasPending(db: LocalDatabase, collection: 'emails' | 'forms'): Promise<boolean> {
  return (await db[collection].findOne({ selector: { state: 'pending' } }).exec()) !== null;
}

async function pullKits(db: LocalDatabase, call: SyncCall): Promise<void> {
  const local = await db.kits.find().exec();
  if (!local.length) return;
  // The checkpoint names the kit each code's version belongs to: a code another kit has taken
  // over comes down whatever its version.
  // A pull asks at most PULL_MAX_CODES codes (each costs a token of the read throttle).
  for (let i = 0; i < local.length; i += PULL_MAX_CODES) {
    const kits = local.slice(i, i + PULL_MAX_CODES);
    const versions = Object.fromEntries(kits.map((k) => [k.id, k.version]));
    const kitIds = Object.fromEntries(kits.map((k) => [k.id, k.kitId]));
    const reply = await call('pullKits', {
      body: { codes: Object.keys(versions), checkpoint: { versions, kitIds }, batchSize: PULL_MAX_CODES },
    });
    for (const doc of reply.documents) {
      if (doc._deleted) await removeKit(db, doc.id);
      else await db.kits.upsert(doc);
    }
    for (const code of reply.unknownCodes) await removeKit(db, kitCode(code));
  }
}

/** A kit that was deleted or made inactive can no longer be played from this device. */
async function removeKit(db: LocalDatabase, id: string): Promise<void> {
  const doc = await db.kits.findOne(id).exec();
  if (doc) await doc.remove();
}

async function refreshStatus(db: LocalDatabase): Promise<void> {
  // find, not count: RxDB refuses count() on a field without an index, and the list is short.
  const resultsWaiting = (await db.results.find({ selector: { syncState: 'pending' } }).exec()).length;
  const resultsUploaded = (await db.results.find({ selector: { syncState: 'uploaded' } }).exec()).length;
  const formsWaiting = (await db.forms.find({ selector: { state: 'pending' } }).exec()).length;
  const rejectedForms = await db.forms.find({ selector: { state: 'rejected' } }).exec();
  const rejected = await db.results.find({ selector: { syncState: 'rejected' } }).exec();
  const emailsWaiting = (await db.emails.find({ selector: { state: 'pending' } }).exec()).length;
  const rejectedEmails = await db.emails.find({ selector: { state: 'rejected' } }).exec();
  setSyncStatus({
    resultsUploaded,
    waiting: resultsWaiting + formsWaiting,
    formsWaiting,
    rejected: [
      ...rejected.map((r) => ({ id: r.id, kitName: r.kitName, playedAt: r.playedAt, reason: r.reason ?? '' })),
      ...rejectedForms.map((f) => ({
        id: f.id,
        kitName: f.kind === 'medical' ? 'Medical form' : 'COVID-19 questionnaire',
        playedAt: f.createdAt,
        reason: f.reason ?? '',
      })),
    ],
    emailsWaiting,
    rejectedEmails: rejectedEmails.map((e) => ({ id: e.id, email: e.email, reason: e.reason ?? '' })),
  });
}

declare const __SCENTRY_BUILD__: string | undefined;

/** An event tablet's name (event set-up's "Tablet name"), for its reports; null elsewhere. */
const tabletName = (): string | null => getEvent()?.tabletName ?? null;

/** The app's sync loop: IndexedDB (loaded on first use), the real API, the browser's timers. */
const appLoop = createSyncLoop({
  openDb: async () => (await import('./db')).openLocalDatabase(),
  call: callPlayer,
  hasLocalDatabase,
  schedule: (fn, ms) => {
    const timer = setTimeout(() => void fn(), ms);
    return () => clearTimeout(timer);
  },
  now: () => new Date(),
  label: () => ({ build: typeof __SCENTRY_BUILD__ === 'string' ? __SCENTRY_BUILD__ : 'dev', name: tabletName() }),
});

export const requestSync = (options?: { fresh?: boolean }): Promise<void> => appLoop.requestSync(options);

/** Sync on start, when the network returns and when the app comes back to the foreground. */
export function startBackgroundSync(): void {
  const onOnline = () => {
    setSyncStatus({ online: true });
    void requestSync({ fresh: true });
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', () => setSyncStatus({ online: false }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && getSyncStatus().online) void requestSync({ fresh: true });
  });
  if (hasLocalDatabase()) void requestSync();
  // A report a minute at most while online and open (after a sync, its own went already).
  setInterval(() => {
    if (getSyncStatus().online && document.visibilityState === 'visible') void appLoop.reportIfDue();
  }, REPORT_EVERY_MS);
}
