import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { InstallHint } from '../features/install-hint/install-hint';
import { useEvent } from '../lib/event-mode';
import { PlayerPage } from '../ui/player-page';

// Event mode's line (what waits, Next player, the idle reset): downloaded only while it is on.
const EventFrame = lazy(() => import('../features/event/event-frame').then((m) => ({ default: m.EventFrame })));

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A player screen without the back arrow to the start (the start itself, Pass and Fail). */
    noBack?: boolean;
  }
}

/**
 * Every player screen in one frame: brand bar (with a way back to the start), the frame's notices
 * (the add-to-home-screen hint, never on a card), content, footer.
 */
export const Route = createFileRoute('/_player')({ component: PlayerLayout });

function PlayerLayout() {
  const noBack = useMatches({ select: (matches) => matches.some((m) => m.staticData?.noBack) });
  // Event mode: no way back to /home (the start is the event's), no install hint for the queue.
  const event = useEvent();
  return (
    // In event mode a turn's start and end mount the frame afresh: its controls (text size, language)
    // show what the new player starts with, nothing of the one before.
    <PlayerPage key={event ? `event-${event.playerActive}` : 'player'} back={!noBack && !event}>
      {event ? (
        <Suspense fallback={null}>
          <EventFrame />
        </Suspense>
      ) : (
        <InstallHint />
      )}
      <Outlet />
    </PlayerPage>
  );
}
