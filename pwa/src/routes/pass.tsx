import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/pass')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="You passed">Collect all cards for more chances to win!</Placeholder>
    </PlayerPage>
  );
}
