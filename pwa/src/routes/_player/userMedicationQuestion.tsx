import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../ui/placeholder';

export const Route = createFileRoute('/_player/userMedicationQuestion')({ component: Screen });

function Screen() {
  return (
    <Placeholder title="Medical and family history">
      A three-step form: basics, diagnosed disorders, family history.
    </Placeholder>
  );
}
