import { useRegisterSW } from 'virtual:pwa-register/react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useT } from '../i18n';

/** Screens during which no notice may appear: a card's answers never move nor get covered. */
export const holdsNotices = (pathname: string): boolean => /^\/scent(\/|$)/.test(pathname);

/**
 * Registers the service worker. A new version waits until the user accepts it, so a player in the
 * middle of a game is never reloaded under their fingers. The notice sits in the page flow at the
 * top (the root renders it before the screen): it pushes the screen down rather than covering any
 * of it, in portrait and landscape alike. While a play screen (/scent/*) is shown both notices are
 * held, and shown once the player is on another screen: arriving during a card, the notice would
 * move its answers under a finger about to tap one. "Ready to work offline" closes 4 s after it is
 * shown, not after it arrived.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();
  const t = useT();
  const held = useRouterState({ select: (s) => holdsNotices(s.location.pathname) });

  // "Ready to work offline" is news, not a question: it goes away by itself.
  useEffect(() => {
    if (!offlineReady || held) return;
    const t = setTimeout(() => setOfflineReady(false), 4000);
    return () => clearTimeout(t);
  }, [offlineReady, held, setOfflineReady]);

  if (held || (!needRefresh && !offlineReady)) return null;
  return (
    <aside className="update-banner" aria-label={t('update.label')}>
      <p className="update-banner-text" role="status">
        {needRefresh ? t('update.available') : t('update.offlineReady')}
      </p>
      {needRefresh && (
        <button type="button" className="button" onClick={() => updateServiceWorker(true)}>
          {t('update.update')}
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
        {needRefresh ? t('update.later') : t('update.ok')}
      </button>
    </aside>
  );
}
