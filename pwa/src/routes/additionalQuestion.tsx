import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/additionalQuestion')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Additional Questions">Five optional yes/no questions about COVID-19.</Placeholder>
    </PlayerPage>
  );
}
