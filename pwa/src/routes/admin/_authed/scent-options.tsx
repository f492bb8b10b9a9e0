import { createFileRoute } from '@tanstack/react-router';
import { scentOptionListQuery } from '../../../features/scent-options/queries';
import { ScentOptionList } from '../../../features/scent-options/scent-option-list';
import { requireAdmin } from '../../../lib/guards';
import { validateListSearch } from '../../../lib/route-params';
import { searchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/scentCardData')({
  validateSearch: validateListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(scentOptionListQuery(deps)),
  component: ScentOptionsScreen,
});

function ScentOptionsScreen() {
  return <ScentOptionList {...searchProps(Route.useSearch(), Route.useNavigate())} />;
}
