import { type ApiData, kitCode } from '@scentry/shared-schema';
import { type CallOptions, callPlayer } from '../lib/api';
// Types only: RxDB stays out of the first load (the database is opened through a dynamic import).
import type { LocalDatabase } from './db';
import { getSyncStatus, hasLocalDatabase, setSyncStatus } from './status';
import { type LocalResult, toResultDoc } from './types';

const PUSH_BATCH = 20;
const MIN_BACKOFF = 2_000;
const MAX_BACKOFF = 5 * 60_000;

export type SyncEndpoint = 'pushResults' | 'pullKits' | 'pushEmails' | 'pushMedical' | 'pushQuestionnaires';

/** What a sync loop works with: the app passes the real ones, unit tests fakes (and memory storage). */
export interface SyncDeps {
  openDb: () => Promise<LocalDatabase>;
  /** The API client (`callPlayer` of lib/api): only the sync endpoints are used. */
  call: <N extends SyncEndpoint>(name: N, options: CallOptions<N>) => Promise<ApiData<N>>;
  /** Whether there may be anything to sync (false: no run, the database is not even loaded). */
  hasLocalDatabase: () => boolean;
  /** Runs `fn` (a retry) after `ms`; returns a function that cancels it. */
  schedule: (fn: () => Promise<void>, ms: number) => () => void;
  now: () => Date;
}

export interface SyncLoop {
  /** `fresh`: the network just came back, so a failure retries soon again (backoff from 2 s). */
  requestSync(options?: { fresh?: boolean }): Promise<void>;
}

/**
 * Uploads waiting results and refreshes downloaded kits. Never blocks the UI; overlapping calls
 * share one run (and run once more after it). A failure retries with backoff (2 s → 5 min):
 * Safari has no Background Sync, so the page itself keeps trying while it is open.
 */
export function createSyncLoop(deps: SyncDeps): SyncLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let backoff = 0;
  let cancelRetry: (() => void) | undefined;

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
    const db = await deps.openDb();
    setSyncStatus({ syncing: true });
    try {
      await pushResults(db, deps.call);
      // The player's forms go after their results (the code that pushes them loads only then).
      if (await hasPending(db, 'forms')) await (await import('./form-push')).pushForms(db, deps.call);
      await pullKits(db, deps.call);
      // Last: an e-mail goes only after its result was taken, and a busy recipient (429) must
      // not hold up results or kits.
      if (await hasPending(db, 'emails')) await (await import('./email-push')).pushEmails(db, deps.call);
      backoff = 0;
      setSyncStatus({ lastSync: deps.now().toISOString(), lastError: null });
    } catch (err) {
      backoff = Math.min(MAX_BACKOFF, backoff ? backoff * 2 : MIN_BACKOFF);
      setSyncStatus({ lastError: (err as Error).message });
      cancelRetry = deps.schedule(requestSync, backoff);
    } finally {
      await refreshStatus(db);
      setSyncStatus({ syncing: false });
    }
  }

  return { requestSync };
}

async function pushResults(db: LocalDatabase, call: SyncDeps['call']): Promise<void> {
  for (;;) {
    const pending = await db.results.find({ selector: { syncState: 'pending' }, limit: PUSH_BATCH }).exec();
    if (!pending.length) return;
    const rows = pending.map((d) => ({
      assumedMasterState: null,
      newDocumentState: toResultDoc(d.toJSON() as LocalResult),
    }));
    const conflicts = await call('pushResults', { body: rows });
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

async function pullKits(db: LocalDatabase, call: SyncDeps['call']): Promise<void> {
  const local = await db.kits.find().exec();
  if (!local.length) return;
  // The checkpoint names the kit each code's version belongs to: a code another kit has taken
  // over comes down whatever its version.
  const versions = Object.fromEntries(local.map((k) => [k.id, k.version]));
  const kitIds = Object.fromEntries(local.map((k) => [k.id, k.kitId]));
  const reply = await call('pullKits', {
    body: { codes: Object.keys(versions), checkpoint: { versions, kitIds }, batchSize: 50 },
  });
  for (const doc of reply.documents) {
    if (doc._deleted) await removeKit(db, doc.id);
    else await db.kits.upsert(doc);
  }
  for (const code of reply.unknownCodes) await removeKit(db, kitCode(code));
}

/** A kit that was deleted or made inactive can no longer be played from this device. */
async function removeKit(db: LocalDatabase, id: string): Promise<void> {
  const doc = await db.kits.findOne(id).exec();
  if (doc) await doc.remove();
}

async function refreshStatus(db: LocalDatabase): Promise<void> {
  // find, not count: RxDB refuses count() on a field without an index, and the list is short.
  const resultsWaiting = (await db.results.find({ selector: { syncState: 'pending' } }).exec()).length;
  const formsWaiting = (await db.forms.find({ selector: { state: 'pending' } }).exec()).length;
  const rejectedForms = await db.forms.find({ selector: { state: 'rejected' } }).exec();
  const rejected = await db.results.find({ selector: { syncState: 'rejected' } }).exec();
  const emailsWaiting = (await db.emails.find({ selector: { state: 'pending' } }).exec()).length;
  const rejectedEmails = await db.emails.find({ selector: { state: 'rejected' } }).exec();
  setSyncStatus({
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
}
