import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { InstallHint } from '../features/install-hint/install-hint';
import { PlayerPage } from '../ui/player-page';

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
  return (
    <PlayerPage back={!noBack}>
      <InstallHint />
      <Outlet />
    </PlayerPage>
  );
}
