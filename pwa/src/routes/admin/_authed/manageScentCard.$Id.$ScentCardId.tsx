import { createFileRoute } from '@tanstack/react-router';
import { CardEditor } from '../../../features/scent-cards/card-editor';
import { getKit } from '../../../features/test-kits/api';
import { requireAdmin } from '../../../lib/guards';
import { useQuery } from '../../../lib/use-query';
import { Spinner } from '../../../ui/spinner';

export const Route = createFileRoute('/admin/_authed/manageScentCard/$Id/$ScentCardId')({
  beforeLoad: requireAdmin,
  component: ManageScentCard,
});

function ManageScentCard() {
  const { Id, ScentCardId } = Route.useParams();
  const kitId = Number(Id);
  const kit = useQuery((signal) => getKit(kitId, signal), [kitId]);
  if (kit.error) {
    return (
      <p className="notice notice-error" role="alert">
        {kit.error}
      </p>
    );
  }
  if (!kit.data) return <Spinner label="Loading the play kit" />;
  return (
    <CardEditor key={`${Id}/${ScentCardId}`} kitId={kitId} kitName={kit.data.name} cardId={Number(ScentCardId) || 0} />
  );
}
