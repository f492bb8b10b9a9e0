import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../../../lib/guards';
import { Placeholder } from '../../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/Reports/dataLocation')({
  beforeLoad: requireStaff,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Data Location">Pass and fail counts by country, state and city.</Placeholder>;
}
