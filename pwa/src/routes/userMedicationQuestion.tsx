import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { PlayerPage } from '../ui/player-page';

export const Route = createFileRoute('/userMedicationQuestion')({ component: Screen });

function Screen() {
  return (
    <PlayerPage back>
      <Placeholder title="Medical and family history">
        A three-step form: basics, diagnosed disorders, family history.
      </Placeholder>
    </PlayerPage>
  );
}
