import { createFileRoute } from '@tanstack/react-router';
import { KitList } from '../../../features/kits/kit-list';
import { kitListQuery } from '../../../features/kits/queries';
import { requireAdmin } from '../../../lib/guards';
import { validateListSearch } from '../../../lib/route-params';
import { searchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/testKit')({
  validateSearch: validateListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(kitListQuery(deps)),
  component: KitsScreen,
});

function KitsScreen() {
  return <KitList {...searchProps(Route.useSearch(), Route.useNavigate())} />;
}
