import { createFileRoute, redirect } from '@tanstack/react-router';
import { MedicalRoute } from '../../features/player-forms/medical/medical-form';
import { getStoredResult } from '../../lib/player';

export const Route = createFileRoute('/_player/userMedicationQuestion')({
  // The form belongs to a result (spec §4): with no stored result, the start.
  beforeLoad: () => {
    if (!getStoredResult()) throw redirect({ to: '/home', replace: true });
  },
  component: MedicalRoute,
});
