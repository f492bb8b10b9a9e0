import { createFileRoute } from '@tanstack/react-router';
import { KitEditor } from '../../../features/test-kits/kit-editor';
import { requireAdmin } from '../../../lib/guards';

export const Route = createFileRoute('/admin/_authed/managetestkit/{-$Id}/{-$ScentCardId}')({
  beforeLoad: requireAdmin,
  component: ManageKit,
});

function ManageKit() {
  const { Id, ScentCardId } = Route.useParams();
  const kitId = Id && Number(Id) > 0 ? Number(Id) : undefined;
  // A card id in the path means "back from the card editor": open the Scent Option Info tab.
  return <KitEditor key={kitId ?? 'new'} kitId={kitId} openCards={ScentCardId !== undefined} />;
}
