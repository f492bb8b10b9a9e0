import { ApiFailure } from '../lib/api';
import type { LocalDatabase } from './db';
import type { DeviceMark } from './device';
import { throttledFor } from './push';
import type { SyncState } from './types';

export type Delivery = 'sent' | 'queued';

/** Waits (a little) for a sync run, so a result saved a moment ago has reached the server. */
async function syncBriefly(): Promise<void> {
  const { requestSync } = await import('./sync');
  await Promise.race([requestSync(), new Promise((r) => setTimeout(r, 8_000))]);
}

/**
 * Delivers something that belongs to a result (an e-mail, a medical form, a questionnaire) exactly
 * once: sent at once when online and the result is on the server; otherwise — offline, the result
 * still uploading, the network or the server failing mid-way — kept on the device by `queue` and
 * pushed by the sync loop under the same id, which the server takes once however it arrives.
 * A refusal by the server (4xx) is thrown as ApiFailure: the caller tells the player.
 */
export async function sendOrQueue(
  resultId: string,
  /**
   * Sends at once; `writeKey` is the result's key to send with it (null: the result has none),
   * `mark` the device's number for this document (API.md "Devices").
   */
  send: (resultState: SyncState | null, writeKey: string | null, mark: DeviceMark) => Promise<unknown>,
  /** Keeps it on the device under the same number. */
  queue: (mark: DeviceMark) => Promise<void>,
  /** The app's by default; the fault harness (sync-server/src/fault-harness) gives each simulated device its own. */
  deps: DeliveryDeps = {},
): Promise<Delivery> {
  const store = await import('./store');
  const { db } = deps;
  const online = deps.online ?? (() => navigator.onLine);
  // Numbered once, before the first try: a send that falls back to the queue keeps its number.
  const mark = await store.takeDeviceMark(db);
  let state = await store.resultSyncState(resultId, db);
  if (online() && state === 'pending') {
    await (deps.syncBriefly ?? syncBriefly)();
    state = await store.resultSyncState(resultId, db);
  }
  if (online() && state !== 'pending') {
    try {
      await send(state, await store.resultWriteKey(resultId, db), mark);
      return 'sent';
    } catch (err) {
      // A refusal is the caller's to tell; the address's throttle (429) is not one: the server
      // never looked at it, so it goes to the queue like a failed network (its number kept).
      if (err instanceof ApiFailure && err.httpStatus >= 400 && err.httpStatus < 500 && throttledFor(err) === null)
        throw err;
    }
  }
  await queue(mark);
  if (deps.requestSync) deps.requestSync();
  else void (await import('./sync')).requestSync();
  return 'queued';
}

/** What a delivery works with besides the calls: the device's database, whether it is online, its sync. */
export interface DeliveryDeps {
  db?: LocalDatabase;
  online?: () => boolean;
  syncBriefly?: () => Promise<void>;
  requestSync?: () => void;
}
