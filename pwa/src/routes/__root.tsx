import { createRootRoute, Link, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { clearPlayer } from '../features/event/clear';
import { hasWholeCatalogue, loadWholeCatalogue, useT } from '../i18n';
import { eventRoute, getEvent } from '../lib/event-mode';
import { ToastProvider } from '../ui/toast';

// The service worker is registered once the first screen is up (with workbox-window): a player's
// first card never waits for it.
// Its code not downloaded (offline on a first visit): no prompt this time, the screen stays.
const UpdatePrompt = lazy(() =>
  import('../pwa/update-prompt').then(
    (m) => ({ default: m.UpdatePrompt }),
    () => ({ default: () => null }),
  ),
);

export const Route = createRootRoute({
  // Event mode (issue #23): every address shows the event's start screen or the current player's
  // screens; leaving a player's screens clears them from the device first (features/event/clear.ts).
  // Nothing is cleared on a preload (a link hovered), only on the real navigation.
  // Every screen but card 1 of a printed QR code waits for the player's whole catalogue (loaded
  // already, or a moment after card 1: i18n/index.ts), so none shows a message's key.
  beforeLoad: ({ location, preload }) => {
    const event = getEvent();
    const route = event ? eventRoute(event, location.pathname) : null;
    if (event && route && route.kind !== 'stay') {
      if (route.kind === 'clear' && !preload) clearPlayer(event);
      throw redirect({ href: route.href, replace: true });
    }
    // Nothing to wait for (the usual case): no promise, so the router draws in the same turn.
    if (!/^\/scent\//i.test(location.pathname) && !hasWholeCatalogue()) return loadWholeCatalogue();
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const firstScreenShown = useRouterState({ select: (s) => s.resolvedLocation !== undefined });
  return (
    <ToastProvider>
      {/* In the page flow above the screen, never floating over it (a card's options included). */}
      {firstScreenShown && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <Outlet />
    </ToastProvider>
  );
}

function NotFound() {
  const t = useT();
  return (
    <main className="page narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/home" className="button">
        {t('notFound.home')}
      </Link>
    </main>
  );
}
