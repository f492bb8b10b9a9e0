import { createFileRoute } from '@tanstack/react-router';
import { scentOptionListQuery } from '../../../features/scent-options/queries';
import { ScentOptionList } from '../../../features/scent-options/scent-option-list';
import { requireAdmin } from '../../../lib/guards';
import { queryClient } from '../../../lib/query';
import { validateListSearch } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/scentCardData')({
  validateSearch: validateListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => queryClient.ensureQueryData(scentOptionListQuery(deps)),
  component: ScentOptionsScreen,
});

function ScentOptionsScreen() {
  return <ScentOptionList search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
