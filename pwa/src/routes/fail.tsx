import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/fail')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Play again">Your result, with a button to play again.</Placeholder>
    </PlayerPage>
  );
}
