import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../lib/guards';
import { Placeholder } from '../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/editScentCardData/$Id')({
  beforeLoad: requireAdmin,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Manage scent option">Edit a scent option's name or picture.</Placeholder>;
}
