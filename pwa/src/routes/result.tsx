import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/result')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Your result">
        Your Passed or Failed result, with PDF, image, wallet pass and e-mail.
      </Placeholder>
    </PlayerPage>
  );
}
