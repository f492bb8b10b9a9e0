import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { kitCardsQuery, kitQuery } from '../../../features/kits/queries';
import { CardEditor } from '../../../features/scent-cards/card-editor';
import { cardQuery, optionChoicesQuery } from '../../../features/scent-cards/queries';
import { requireAdmin } from '../../../lib/guards';
import { optionalId, positiveId } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/manageScentCard/$Id/$ScentCardId')({
  // Id is the kit, ScentCardId the card; 0 means create (spec §2).
  params: {
    parse: ({ Id, ScentCardId }) => ({ Id: positiveId(Id), ScentCardId: optionalId(ScentCardId) }),
    stringify: ({ Id, ScentCardId }) => ({ Id: String(Id), ScentCardId: String(ScentCardId) }),
  },
  beforeLoad: requireAdmin,
  loader: ({ params, context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(kitQuery(params.Id)),
      context.queryClient.ensureQueryData(optionChoicesQuery()),
      // The kit's other cards: the next free sort order and name of a new card.
      context.queryClient.ensureQueryData(kitCardsQuery(params.Id)),
      params.ScentCardId ? context.queryClient.ensureQueryData(cardQuery(params.ScentCardId)) : null,
    ]),
  component: ManageScentCard,
});

function ManageScentCard() {
  const { Id, ScentCardId } = Route.useParams();
  const kit = useSuspenseQuery(kitQuery(Id)).data;
  const choices = useSuspenseQuery(optionChoicesQuery()).data;
  // Fresh after each save (the save invalidates it and waits for the refetch).
  const kitCards = useSuspenseQuery(kitCardsQuery(Id)).data.list;
  // "Save and add the next card" stays on this path (0 = create): a new round mounts a new form.
  const [round, setRound] = useState(0);
  const navigate = useNavigate();
  const onNext = () => {
    setRound((r) => r + 1);
    if (ScentCardId) navigate({ to: '/admin/manageScentCard/$Id/$ScentCardId', params: { Id, ScentCardId: 0 } });
  };
  const props = { kit, choices, kitCards, onNext };
  return ScentCardId ? (
    <SavedCard {...props} id={ScentCardId} />
  ) : (
    <CardEditor key={`${Id}/new/${round}`} {...props} card={null} fresh={round > 0} />
  );
}

function SavedCard({ id, ...props }: Omit<Parameters<typeof CardEditor>[0], 'card'> & { id: number }) {
  const card = useSuspenseQuery(cardQuery(id)).data;
  return <CardEditor key={`${props.kit.id}/${id}`} {...props} card={card} />;
}
