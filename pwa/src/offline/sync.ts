import { kitCode } from '@scentry/shared-schema';
import { call } from '../lib/api';
import { getSyncStatus, hasLocalDatabase, setSyncStatus } from './status';
import { type LocalResult, toResultDoc } from './types';

const PUSH_BATCH = 20;
const MIN_BACKOFF = 2_000;
const MAX_BACKOFF = 5 * 60_000;

let running: Promise<void> | null = null;
let again = false;
let backoff = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Uploads waiting results and refreshes downloaded kits. Never blocks the UI; overlapping calls
 * share one run (and run once more after it). A failure retries with backoff (2 s → 5 min):
 * Safari has no Background Sync, so the page itself keeps trying while it is open.
 */
export function requestSync(): Promise<void> {
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
  if (!hasLocalDatabase()) return;
  clearTimeout(retryTimer);
  const { openLocalDatabase } = await import('./db');
  const db = await openLocalDatabase();
  setSyncStatus({ syncing: true });
  try {
    await pushResults(db);
    await pullKits(db);
    backoff = 0;
    setSyncStatus({ lastSync: new Date().toISOString(), lastError: null });
  } catch (err) {
    backoff = Math.min(MAX_BACKOFF, backoff ? backoff * 2 : MIN_BACKOFF);
    setSyncStatus({ lastError: (err as Error).message });
    retryTimer = setTimeout(() => void requestSync(), backoff);
  } finally {
    await refreshStatus(db);
    setSyncStatus({ syncing: false });
  }
}

type Db = Awaited<ReturnType<typeof import('./db').openLocalDatabase>>;

async function pushResults(db: Db): Promise<void> {
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

async function pullKits(db: Db): Promise<void> {
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
async function removeKit(db: Db, id: string): Promise<void> {
  const doc = await db.kits.findOne(id).exec();
  if (doc) await doc.remove();
}

async function refreshStatus(db: Db): Promise<void> {
  // find, not count: RxDB refuses count() on a field without an index, and the list is short.
  const waiting = (await db.results.find({ selector: { syncState: 'pending' } }).exec()).length;
  const rejected = await db.results.find({ selector: { syncState: 'rejected' } }).exec();
  setSyncStatus({
    waiting,
    rejected: rejected.map((r) => ({ id: r.id, kitName: r.kitName, playedAt: r.playedAt, reason: r.reason ?? '' })),
  });
}

/** Sync on start, when the network returns and when the app comes back to the foreground. */
export function startBackgroundSync(): void {
  const onOnline = () => {
    setSyncStatus({ online: true });
    void requestSync();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', () => setSyncStatus({ online: false }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && getSyncStatus().online) void requestSync();
  });
  if (hasLocalDatabase()) void requestSync();
}
