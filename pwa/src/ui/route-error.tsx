import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n';
import { chunkUrl, isChunkLoadError, serverAnswers } from '../lib/chunk-load';
import { drawnCard, takeOverShell } from '../lib/shell';

/** Set by the player's frame: an error shown inside it is not a page of its own. */
export const InPlayerFrame = createContext(false);

/**
 * What a route shows when it failed: "No connection" with a retry when a piece of the app's code
 * could not be downloaded; otherwise the reason and a retry (the list or record again).
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const t = useT();
  if (isChunkLoadError(error)) return <NoConnection error={error} />;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{message || t('kit.somethingWrong')}</p>
      <button type="button" className="button button-small" onClick={() => void router.invalidate()}>
        {t('noConnection.retry')}
      </button>
    </div>
  );
}

/**
 * The product's own offline screen for code that did not arrive. "Try again" asks the server
 * first: still unreachable, it says so and stays; reachable, the route loads again, and where the
 * browser keeps the failed download (it may, for the page's life) the page reloads.
 */
function NoConnection({ error }: { error: unknown }) {
  const router = useRouter();
  const framed = useContext(InPlayerFrame);
  const t = useT();
  const [state, setState] = useState<'idle' | 'trying' | 'still'>('idle');
  const heading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(true);

  // The card 1 the server drew is on screen and works without the app (index.html's card script,
  // which says "No connection" itself once the player tries to go on): it stays, and the app tries
  // again when the device is back online (issue 41: a drop in the first second kept no card).
  const [overCard] = useState(() => drawnCard() !== null);
  // Otherwise this screen can be the first the app shows: it takes the page over from the static
  // shell (which hides #root) before its heading takes the focus, or the focus would land nowhere.
  useLayoutEffect(() => {
    if (!overCard) takeOverShell();
  }, [overCard]);
  useEffect(() => {
    mounted.current = true;
    if (!overCard) heading.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, [overCard]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: retry reads the latest state through refs.
  useEffect(() => {
    if (!overCard) return;
    const again = () => void retry();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [overCard]);

  async function retry() {
    setState('trying');
    if (!(await serverAnswers(chunkUrl(error)))) {
      if (mounted.current) setState('still');
      return;
    }
    await router.invalidate().catch(() => {});
    // Still here: the browser keeps the failed download for this page, so a fresh page loads it.
    if (mounted.current) window.location.reload();
  }

  if (overCard) return null;
  const body = (
    <section className="no-connection stack center" aria-labelledby="no-connection-title">
      <h1 id="no-connection-title" ref={heading} tabIndex={-1}>
        {t('noConnection.title')}
      </h1>
      <p>{t('noConnection.body')}</p>
      <button type="button" className="button" disabled={state === 'trying'} onClick={() => void retry()}>
        {state === 'trying' ? t('noConnection.trying') : t('noConnection.retry')}
      </button>
      <p role="status">{state === 'still' ? t('noConnection.still') : ''}</p>
    </section>
  );
  return framed ? body : <main className="page narrow">{body}</main>;
}
