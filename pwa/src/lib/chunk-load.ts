/**
 * A piece of the app's code (a lazy chunk, or the CSS it needs) that could not be downloaded:
 * offline, or a flaky network, on a first visit before the service worker holds the app. The
 * screens then say "No connection" with a retry (ui/route-error.tsx), never the browser's module
 * error.
 */

/** The messages browsers and Vite give a chunk that failed to download. */
const CHUNK_MESSAGES = [
  /^Failed to fetch dynamically imported module/i, // Chromium
  /^error loading dynamically imported module/i, // Firefox
  /^Importing a module script failed/i, // Safari
  /^Unable to preload CSS for /i, // Vite, a chunk's stylesheet
];

const seen = new WeakSet<object>();

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && seen.has(error)) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_MESSAGES.some((m) => m.test(message));
}

/** The address of the chunk the error names, if it names one (to probe the network with). */
export function chunkUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const url = /(https?:\/\/\S+|\/assets\/\S+)/.exec(message)?.[1] ?? null;
  return url?.replace(/[.,;]+$/, '') ?? null;
}

/**
 * Listens to Vite's `vite:preloadError` (dispatched for every failed lazy import and its CSS) from
 * the app's start. TanStack Router reloads the page once on such an error; offline on a first visit
 * that reload would show the browser's own offline page instead of ours, so it is turned off here
 * (its once-per-message flag in sessionStorage is set first): the retry on the screen reloads when
 * the network answers again.
 */
export function watchChunkLoadErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (typeof error === 'object' && error !== null) seen.add(error);
    const message = error instanceof Error ? error.message : '';
    try {
      if (message) sessionStorage.setItem(`tanstack_router_reload:${message}`, '1');
    } catch {
      // No session storage: the router may reload once, as it would anyway.
    }
  });
}

/**
 * Whether the server answers now (any HTTP status): a fresh request for the chunk that failed, or
 * for the app's page, past every cache.
 */
export async function serverAnswers(url: string | null, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    await fetcher(url ?? '/index.html', { method: 'GET', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
