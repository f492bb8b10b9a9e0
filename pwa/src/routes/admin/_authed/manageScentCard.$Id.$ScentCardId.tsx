import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CardEditor } from '../../../features/scent-cards/card-editor';
import { cardQuery, optionChoicesQuery } from '../../../features/scent-cards/queries';
import { kitQuery } from '../../../features/test-kits/queries';
import { requireAdmin } from '../../../lib/guards';
import { queryClient } from '../../../lib/query';
import { optionalId, positiveId } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/manageScentCard/$Id/$ScentCardId')({
  // Id is the kit, ScentCardId the card; 0 means create (spec §2).
  params: {
    parse: ({ Id, ScentCardId }) => ({ Id: positiveId(Id), ScentCardId: optionalId(ScentCardId) }),
    stringify: ({ Id, ScentCardId }) => ({ Id: String(Id), ScentCardId: String(ScentCardId) }),
  },
  beforeLoad: requireAdmin,
  loader: ({ params }) =>
    Promise.all([
      queryClient.ensureQueryData(kitQuery(params.Id)),
      queryClient.ensureQueryData(optionChoicesQuery()),
      params.ScentCardId ? queryClient.ensureQueryData(cardQuery(params.ScentCardId)) : null,
    ]),
  component: ManageScentCard,
});

function ManageScentCard() {
  const { Id, ScentCardId } = Route.useParams();
  const kit = useSuspenseQuery(kitQuery(Id)).data;
  const choices = useSuspenseQuery(optionChoicesQuery()).data;
  return ScentCardId ? (
    <SavedCard kit={kit} id={ScentCardId} choices={choices} />
  ) : (
    <CardEditor key={`${Id}/new`} kit={kit} card={null} choices={choices} />
  );
}

function SavedCard({ kit, id, choices }: Omit<Parameters<typeof CardEditor>[0], 'card'> & { id: number }) {
  const card = useSuspenseQuery(cardQuery(id)).data;
  return <CardEditor key={`${kit.id}/${id}`} kit={kit} card={card} choices={choices} />;
}
