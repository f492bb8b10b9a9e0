import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/Camera')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Camera">The camera view used by the scanner.</Placeholder>
    </PlayerPage>
  );
}
