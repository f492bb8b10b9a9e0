import { isSuccess, type PullKitsData } from '@scentry/shared-schema';

/**
 * What index.html's boot script leaves when the page opens at /scent/<code>: the kit request it
 * started before the app's code arrived (the same pullKits call fetchKit makes), and the first
 * card's pictures it preloads once the reply is in.
 */
export interface EarlyKit {
  code: string;
  reply: Promise<Response>;
  pictures?: HTMLImageElement[];
}

declare global {
  interface Window {
    __scentryEarlyKit?: EarlyKit;
  }
}

/**
 * The boot script's kit reply for `code` (the same spelling the route got), taken once: a later
 * visit of the same screen asks the server again. Null when there is none for this code.
 */
export function takeEarlyKit(code: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__scentryEarlyKit;
  if (!early || early.code !== code) return null;
  window.__scentryEarlyKit = undefined;
  return early.reply;
}

const aborted = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * The data of the early reply, as fetchKit would get it; rejects with an AbortError as soon as
 * `signal` aborts (as fetch does), and with another error for anything but a Success envelope (the
 * caller then asks again by itself).
 */
export function earlyKitData(reply: Promise<Response>, signal?: AbortSignal): Promise<PullKitsData> {
  if (signal?.aborted) return Promise.reject(aborted());
  return new Promise<PullKitsData>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal?.addEventListener('abort', onAbort, { once: true });
    reply
      .then((res) => res.json().then((payload) => ({ ok: res.ok, payload })))
      .then(({ ok, payload }) => {
        if (ok && payload && isSuccess(payload)) resolve(payload.data as PullKitsData);
        else reject(new Error('The early kit request did not succeed'));
      }, reject)
      .finally(() => signal?.removeEventListener('abort', onAbort));
  });
}
