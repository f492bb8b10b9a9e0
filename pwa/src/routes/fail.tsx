import { createFileRoute } from '@tanstack/react-router';
import { Outcome, requireOutcome } from '../features/result-summary/outcome';
import { PlayerPage } from '../ui/player-page';

// Shows the stored result: after a Pass this address hands over to /pass.
export const Route = createFileRoute('/fail')({ beforeLoad: requireOutcome('Fail'), component: Screen });

function Screen() {
  return (
    <PlayerPage>
      <Outcome />
    </PlayerPage>
  );
}
