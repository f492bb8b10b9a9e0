import type { KitDoc, ResultDoc } from '@scentry/shared-schema';

export type SyncState = 'pending' | 'uploaded' | 'rejected';

/** A result as the device keeps it: the pushed document plus local bookkeeping (never sent). */
export interface LocalResult extends ResultDoc {
  syncState: SyncState;
  /** Why the server refused it (shown to the player, never retried). */
  reason?: string;
  kitName: string;
  averageIntensity: number;
}

export type { KitDoc, ResultDoc };

/** Local-only fields, stripped before a push. */
export function toResultDoc(local: LocalResult): ResultDoc {
  const { syncState: _s, reason: _r, kitName: _k, averageIntensity: _a, ...doc } = local;
  return doc;
}
