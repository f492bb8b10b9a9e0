import { type KitDoc, kitCode } from '@scentry/shared-schema';
import { callPlayer } from '../../lib/api';

export type KitLookup = { kind: 'kit'; kit: KitDoc } | { kind: 'unknown' };

/** Asks the server for one kit by code (the sync pull with no checkpoint). Throws when offline. */
export async function fetchKit(code: string, signal?: AbortSignal): Promise<KitLookup> {
  const reply = await callPlayer('pullKits', { body: { codes: [code], checkpoint: null, batchSize: 1 }, signal });
  const doc = reply.documents.find((d) => d.id === kitCode(code));
  // A tombstone (deleted or inactive kit) cannot be played either.
  return doc && !doc._deleted ? { kind: 'kit', kit: doc } : { kind: 'unknown' };
}
