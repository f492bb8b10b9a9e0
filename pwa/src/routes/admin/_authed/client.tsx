import { createFileRoute } from '@tanstack/react-router';
import { OrganizationList } from '../../../features/organizations/organization-list';
import { organizationListQuery } from '../../../features/organizations/queries';
import { requireAdmin } from '../../../lib/guards';
import { queryClient } from '../../../lib/query';
import { validateListSearch } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/client')({
  validateSearch: validateListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => queryClient.ensureQueryData(organizationListQuery(deps)),
  component: ClientScreen,
});

function ClientScreen() {
  return <OrganizationList search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
