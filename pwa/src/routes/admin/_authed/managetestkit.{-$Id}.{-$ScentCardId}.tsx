import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../lib/guards';
import { Placeholder } from '../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/managetestkit/{-$Id}/{-$ScentCardId}')({
  beforeLoad: requireAdmin,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Play Kit">The kit editor with its tabs Play Kit Info and Scent Option Info.</Placeholder>;
}
