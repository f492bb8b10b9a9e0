import { type ApiData, MSG } from '@scentry/shared-schema';
import { ApiFailure, type CallOptions } from '../lib/api';

/**
 * What every push shares (results in sync.ts; forms and e-mails in form-push.ts and email-push.ts,
 * loaded only when some wait): the sync endpoints' client, the size of a push after a 429, and the
 * wait a throttle asked for. The sync loop imports this module, never the other way round.
 */

export type SyncEndpoint =
  | 'pushResults'
  | 'pullKits'
  | 'pushEmails'
  | 'pushMedical'
  | 'pushQuestionnaires'
  | 'reportDevice';

/** The API client of the sync endpoints (`callPlayer` of lib/api; a fake in unit tests). */
export type SyncCall = <N extends SyncEndpoint>(name: N, options: CallOptions<N>) => Promise<ApiData<N>>;

/** Documents a push carries at most; fewer after a 429 (see PushBatch). */
export const PUSH_BATCH = 20;
/** The sync loop's first wait after a failure (ms), and a throttle's when its 429 says none. */
export const MIN_BACKOFF = 2_000;

/**
 * How many documents the next push carries. The server counts a push at one token per document
 * (API.md "Costs, throttles and privacy of places") and refuses a push whole when its address
 * has fewer tokens left: after a 429 the device sends half as many (down to one), so a batch fits
 * what the address has left; each push taken doubles it back towards the full batch.
 */
export interface PushBatch {
  readonly size: number;
  shrink(): void;
  grow(): void;
}

export function createPushBatch(max = PUSH_BATCH): PushBatch {
  let size = max;
  return {
    get size() {
      return size;
    },
    shrink() {
      size = Math.max(1, Math.floor(size / 2));
    },
    grow() {
      size = Math.min(max, size * 2);
    },
  };
}

/**
 * The seconds a throttle asked the device to wait (its 429 and `Retry-After`), or null for any
 * other failure. Another 429 (a busy e-mail recipient, with its own message) is not the address's
 * throttle and must not hold the results back.
 */
export function throttledFor(err: unknown): number | null {
  if (!(err instanceof ApiFailure) || err.httpStatus !== 429 || err.envelope.message !== MSG.tooManyRequests) {
    return null;
  }
  return err.retryAfterSeconds ?? MIN_BACKOFF / 1000;
}

/** Sends `body` as one push; a throttle's 429 makes the next pushes smaller before it is thrown on. */
export async function pushBatch<N extends 'pushResults' | 'pushMedical' | 'pushQuestionnaires'>(
  call: SyncCall,
  name: N,
  body: CallOptions<N>['body'],
  batch: PushBatch,
): Promise<ApiData<N>> {
  try {
    const reply = await call(name, { body } as CallOptions<N>);
    batch.grow();
    return reply;
  } catch (err) {
    if (throttledFor(err) !== null) batch.shrink();
    throw err;
  }
}
