import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';

/**
 * Registers the service worker. A new version waits until the user accepts it, so a player in the
 * middle of a game is never reloaded under their fingers. The notice sits in the page flow at the
 * top (the root renders it before the screen): it pushes the screen down rather than covering any
 * of it, in portrait and landscape alike.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();

  // "Ready to work offline" is news, not a question: it goes away by itself.
  useEffect(() => {
    if (!offlineReady) return;
    const t = setTimeout(() => setOfflineReady(false), 4000);
    return () => clearTimeout(t);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh && !offlineReady) return null;
  return (
    <aside className="update-banner" aria-label="App updates">
      <p className="update-banner-text" role="status">
        {needRefresh ? 'A new version of Scentry is available.' : 'Scentry is ready to work offline.'}
      </p>
      {needRefresh && (
        <button type="button" className="button" onClick={() => updateServiceWorker(true)}>
          Update
        </button>
      )}
      <button
        type="button"
        className="button button-ghost"
        onClick={() => {
          setNeedRefresh(false);
          setOfflineReady(false);
        }}
      >
        {needRefresh ? 'Later' : 'OK'}
      </button>
    </aside>
  );
}
