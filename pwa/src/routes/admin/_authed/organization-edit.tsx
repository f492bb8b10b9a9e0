import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { OrganizationForm } from '../../../features/organizations/organization-form';
import { organizationQuery } from '../../../features/organizations/queries';
import { requireAdmin } from '../../../lib/guards';
import { optionalId } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/manageOrganization/{-$Id}')({
  params: {
    parse: ({ Id }) => ({ Id: optionalId(Id) || undefined }),
    stringify: ({ Id }) => ({ Id: Id ? String(Id) : undefined }),
  },
  beforeLoad: requireAdmin,
  loader: ({ params, context }) =>
    params.Id ? context.queryClient.ensureQueryData(organizationQuery(params.Id)) : undefined,
  component: ManageOrganization,
});

function ManageOrganization() {
  const { Id } = Route.useParams();
  return Id ? <EditOrganization id={Id} /> : <OrganizationForm key="new" />;
}

function EditOrganization({ id }: { id: number }) {
  const { data } = useSuspenseQuery(organizationQuery(id));
  return <OrganizationForm key={id} organization={data} />;
}
