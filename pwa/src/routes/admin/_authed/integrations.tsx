import { createFileRoute } from '@tanstack/react-router';
import { IntegrationList, listedOrganization } from '../../../features/integrations/integration-list';
import { webhookListQuery } from '../../../features/integrations/queries';
import { validateIntegrationSearch } from '../../../features/integrations/search';
import { requireStaff } from '../../../lib/guards';
import { searchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/integrations')({
  validateSearch: validateIntegrationSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(webhookListQuery(listedOrganization(deps))),
  component: IntegrationsScreen,
});

function IntegrationsScreen() {
  return <IntegrationList {...searchProps(Route.useSearch(), Route.useNavigate())} />;
}
