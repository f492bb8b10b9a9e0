import { createFileRoute } from '@tanstack/react-router';
import { KitList } from '../../../features/kits/kit-list';
import { kitListQuery } from '../../../features/kits/queries';
import { requireAdmin } from '../../../lib/guards';
import { queryClient } from '../../../lib/query';
import { validateListSearch } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/testKit')({
  validateSearch: validateListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => queryClient.ensureQueryData(kitListQuery(deps)),
  component: KitsScreen,
});

function KitsScreen() {
  return <KitList search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
