import { type KitDoc, kitCode, type PullKitsData } from '@scentry/shared-schema';
import { callPlayer } from '../../lib/api';
import { earlyKitData, takeEarlyKit } from './early-kit';

export type KitLookup = { kind: 'kit'; kit: KitDoc } | { kind: 'unknown' };

function lookup(reply: PullKitsData, code: string): KitLookup {
  const doc = reply.documents.find((d) => d.id === kitCode(code));
  // A tombstone (deleted or inactive kit) cannot be played either.
  return doc && !doc._deleted ? { kind: 'kit', kit: doc } : { kind: 'unknown' };
}

/**
 * Asks the server for one kit by code (the sync pull with no checkpoint). Throws when offline.
 * The first time, it takes the reply index.html's boot script already asked for (early-kit.ts);
 * if that one failed in any way, it asks again itself.
 */
export async function fetchKit(code: string, signal?: AbortSignal): Promise<KitLookup> {
  const early = takeEarlyKit(code);
  if (early) {
    try {
      return lookup(await earlyKitData(early, signal), code);
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
    }
  }
  const reply = await callPlayer('pullKits', { body: { codes: [code], checkpoint: null, batchSize: 1 }, signal });
  return lookup(reply, code);
}
