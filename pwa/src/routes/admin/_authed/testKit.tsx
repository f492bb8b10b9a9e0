import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../../lib/guards';
import { Placeholder } from '../../../ui/placeholder';

export const Route = createFileRoute('/admin/_authed/testKit')({
  beforeLoad: requireAdmin,
  component: Screen,
});

function Screen() {
  return <Placeholder title="Play Kits">The list of play kits with their QR codes.</Placeholder>;
}
