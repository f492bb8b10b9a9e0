import { createFileRoute } from '@tanstack/react-router';
import { Summary } from '../features/result-summary/outcome';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/summary')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Summary />
    </PlayerPage>
  );
}
