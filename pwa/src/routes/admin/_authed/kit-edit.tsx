import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { KitEditor } from '../../../features/kits/kit-editor';
import { kitCardsQuery, kitQuery } from '../../../features/kits/queries';
import { requireAdmin } from '../../../lib/guards';
import { optionalId } from '../../../lib/route-params';
import { useToast } from '../../../ui/toast';

export const Route = createFileRoute('/admin/_authed/managetestkit/{-$Id}/{-$ScentCardId}')({
  params: {
    parse: ({ Id, ScentCardId }) => ({
      Id: optionalId(Id),
      ScentCardId: ScentCardId === undefined ? undefined : optionalId(ScentCardId),
    }),
    stringify: ({ Id, ScentCardId }) => ({
      Id: Id ? String(Id) : undefined,
      ScentCardId: ScentCardId === undefined ? undefined : String(ScentCardId),
    }),
  },
  beforeLoad: requireAdmin,
  loader: async ({ params, context }) => {
    if (!params.Id) return;
    await Promise.all([
      context.queryClient.ensureQueryData(kitQuery(params.Id)),
      context.queryClient.ensureQueryData(kitCardsQuery(params.Id)),
    ]);
  },
  errorComponent: KitNotFound,
  component: ManageKit,
});

function ManageKit() {
  const { Id, ScentCardId } = Route.useParams();
  // A card id in the path means "back from the card editor": open the Scent Option Info tab.
  return Id ? (
    <SavedKit id={Id} openCards={ScentCardId !== undefined} />
  ) : (
    <KitEditor key="new" kit={null} openCards={false} />
  );
}

function SavedKit({ id, openCards }: { id: number; openCards: boolean }) {
  const { data } = useSuspenseQuery(kitQuery(id));
  return <KitEditor key={id} kit={data} openCards={openCards} />;
}

/** spec §8: a kit that cannot be found is a warning, then back to the kit list. */
function KitNotFound({ error }: ErrorComponentProps) {
  const notify = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    notify('warning', error instanceof Error ? error.message : 'Play kit not found', 'Play Kit');
    navigate({ to: '/admin/testKit', replace: true });
  }, [error, navigate, notify]);
  return null;
}
