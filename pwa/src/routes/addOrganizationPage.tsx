import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/addOrganizationPage')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Your Profile">Choose a healthcare provider to forward your results to.</Placeholder>
    </PlayerPage>
  );
}
