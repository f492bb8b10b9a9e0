import { createFileRoute, redirect } from '@tanstack/react-router';
import { MedicalRoute } from '../../features/player-forms/medical/medical-form';
import { getStoredResult } from '../../lib/player';

export const Route = createFileRoute('/_player/userMedicationQuestion')({
  // The form belongs to a result (spec §4): with no stored result, the start.
  // A form given already (sent, or waiting to upload) is shown read-only on /result, never asked
  // again: one record per result (DESIGN.md §7).
  beforeLoad: () => {
    const stored = getStoredResult();
    if (!stored) throw redirect({ to: '/home', replace: true });
    if (stored.medical && stored.medical.state !== 'refused') throw redirect({ to: '/result', replace: true });
  },
  component: MedicalRoute,
});
