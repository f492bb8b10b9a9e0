import { createRootRoute, Link, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { clearPlayer } from '../features/event/clear';
import { useT } from '../i18n';
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
  beforeLoad: ({ location, preload }) => {
    const event = getEvent();
    if (!event) return;
    const route = eventRoute(event, location.pathname);
    if (route.kind === 'stay') return;
    if (route.kind === 'clear' && !preload) clearPlayer(event);
    throw redirect({ href: route.href, replace: true });
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
