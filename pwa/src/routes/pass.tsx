import { createFileRoute } from '@tanstack/react-router';
import { Outcome, requireOutcome } from '../features/result-summary/outcome';
import { PlayerPage } from '../ui/player-page';

// Shows the stored result: after a Fail this address hands over to /fail.
export const Route = createFileRoute('/pass')({ beforeLoad: requireOutcome('Pass'), component: Screen });

function Screen() {
  return (
    <PlayerPage>
      <Outcome />
    </PlayerPage>
  );
}
