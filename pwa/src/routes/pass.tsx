import { createFileRoute } from '@tanstack/react-router';
import { Outcome } from '../features/result-summary/outcome';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/pass')({ component: Screen });

function Screen() {
  return (
    <PlayerPage>
      <Outcome passed={true} />
    </PlayerPage>
  );
}
