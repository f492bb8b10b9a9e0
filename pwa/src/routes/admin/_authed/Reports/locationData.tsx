import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../../../lib/guards';
import { Placeholder } from '../../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/Reports/locationData')({
  beforeLoad: requireStaff,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Location Map">A map of where results were played.</Placeholder>;
}
