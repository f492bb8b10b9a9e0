import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../lib/guards';
import { Placeholder } from '../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/manageOrganization/{-$Id}')({
  beforeLoad: requireAdmin,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Create Organization / provider">The organization form with its user section.</Placeholder>;
}
