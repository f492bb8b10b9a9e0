import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../lib/guards';
import { Placeholder } from '../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/client')({
  beforeLoad: requireAdmin,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Client">Organizations (clients and medical providers) and their users.</Placeholder>;
}
