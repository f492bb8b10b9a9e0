import { createFileRoute } from '@tanstack/react-router';
import { resultListQuery } from '../../../features/results/queries';
import { ResultList } from '../../../features/results/result-list';
import { validateResultListSearch } from '../../../features/results/search';
import { requireStaff } from '../../../lib/guards';
import { rawSearch } from '../../../lib/route-params';
import { useRawSearchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/testresult')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(resultListQuery(validateResultListSearch(deps))),
  component: ResultsScreen,
});

function ResultsScreen() {
  return <ResultList {...useRawSearchProps(Route.useSearch(), validateResultListSearch, Route.useNavigate())} />;
}
