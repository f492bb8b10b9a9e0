import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { scentOptionQuery } from '../../../features/scent-options/queries';
import { ScentOptionForm } from '../../../features/scent-options/scent-option-form';
import { requireAdmin } from '../../../lib/guards';
import { positiveId } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/editScentCardData/$Id')({
  params: { parse: ({ Id }) => ({ Id: positiveId(Id) }), stringify: ({ Id }) => ({ Id: String(Id) }) },
  beforeLoad: requireAdmin,
  loader: ({ params, context }) => context.queryClient.ensureQueryData(scentOptionQuery(params.Id)),
  component: EditScentOption,
});

function EditScentOption() {
  const { Id } = Route.useParams();
  const { data } = useSuspenseQuery(scentOptionQuery(Id));
  return <ScentOptionForm key={Id} option={data} />;
}
