import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';

/**
 * Registers the service worker. A new version waits until the user accepts it, so a player in the
 * middle of a game is never reloaded under their fingers.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();

  // "Ready to work offline" is news, not a question: it goes away by itself so it never sits on
  // top of a card's options.
  useEffect(() => {
    if (!offlineReady) return;
    const t = setTimeout(() => setOfflineReady(false), 4000);
    return () => clearTimeout(t);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh && !offlineReady) return null;
  return (
    <div className="update-banner" role="status">
      <span>{needRefresh ? 'A new version of Scentry is available.' : 'Scentry is ready to work offline.'}</span>
      {needRefresh && (
        <button type="button" className="button button-small" onClick={() => updateServiceWorker(true)}>
          Update
        </button>
      )}
      <button
        type="button"
        className="button button-small button-ghost"
        onClick={() => {
          setNeedRefresh(false);
          setOfflineReady(false);
        }}
      >
        {needRefresh ? 'Later' : 'OK'}
      </button>
    </div>
  );
}
