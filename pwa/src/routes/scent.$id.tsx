import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/scent/$id')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Play">
        Smell each card of the kit, rate its intensity and choose what it smells like.
      </Placeholder>
    </PlayerPage>
  );
}
