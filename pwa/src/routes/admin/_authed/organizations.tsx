import { createFileRoute } from '@tanstack/react-router';
import { OrganizationList } from '../../../features/organizations/organization-list';
import { organizationListQuery } from '../../../features/organizations/queries';
import { requireAdmin } from '../../../lib/guards';
import { validateListSearch } from '../../../lib/route-params';
import { searchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/client')({
  validateSearch: validateListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(organizationListQuery(deps)),
  component: ClientScreen,
});

function ClientScreen() {
  return <OrganizationList {...searchProps(Route.useSearch(), Route.useNavigate())} />;
}
