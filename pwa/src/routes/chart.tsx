import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/chart')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Chart">A chart of your results.</Placeholder>
    </PlayerPage>
  );
}
