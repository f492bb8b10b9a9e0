import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLanguage, initialLanguage } from './i18n';
import { onTotpSetupRequired, onUnauthorized } from './lib/api';
import { watchChunkLoadErrors } from './lib/chunk-load';
import { drawnCard, takeOverShell } from './lib/shell';
import { routeTree } from './routeTree.gen';
import { RouteError } from './ui/route-error';
import './ui/styles.css';

// The app's code has run from here (its imports evaluated first): the bench counts the script
// that ran before a player's first tap registered by this mark (scripts/lib/mobile-first-card.mjs).
performance.mark('scentry:app-start');
// From the start: a lazy screen that cannot be downloaded shows "No connection" (ui/route-error.tsx).
watchChunkLoadErrors();

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  // Loaders read through TanStack Query's cache (admin): the router need not cache them again.
  defaultPreloadStaleTime: 0,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// The 401 rule (spec §4): a rejected session is cleared and the user goes to login.
onUnauthorized(() => {
  if (!router.state.location.pathname.toLowerCase().startsWith('/admin/login')) {
    router.navigate({ to: '/admin/login' });
  }
});

// REQUIRE_TOTP turned on during a session: its next call is refused until two-step sign-in is set up.
onTotpSetupRequired(() => {
  if (router.state.location.pathname !== '/admin/two-step') router.navigate({ to: '/admin/two-step' });
});

// Once the first screen is up, the page's static shell goes (the play card takes it over itself,
// in the same frame: lib/shell.ts), and the sync loop (uploads of waiting results, kit refreshes)
// starts a moment later: a player's first card never waits for it.
const stopWaiting = router.subscribe('onResolved', () => {
  // A first screen that failed to load (its code did not arrive) over the card 1 the server drew
  // leaves that card, which works without the app; the next screen that loads takes over.
  if (drawnCard() && router.state.matches.some((m) => m.status === 'error')) return;
  stopWaiting();
  requestAnimationFrame(() => takeOverShell());
  setTimeout(() => void import('./offline/sync').then((m) => m.startBackgroundSync()), 500);
});

// The player's catalogue first (small chunks of their language only): no screen ever shows in one language and then
// switches. If it cannot be fetched (the connection lost on a first visit, before the service
// worker holds it), the page's static shell stays up and the app starts once back online.
const root = document.getElementById('root');
const render = () => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
};
// Card 1 of a printed QR code (/scent/<code>) waits only for the catalogue's first part.
const firstOnly = /^\/scent\//i.test(location.pathname);
const start = () =>
  activateLanguage(initialLanguage(), { firstOnly }).then(render, () =>
    window.addEventListener('online', start, { once: true }),
  );
start();
