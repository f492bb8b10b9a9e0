import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { resultListQuery } from '../../../features/results/queries';
import { ResultList } from '../../../features/results/result-list';
import { validateResultListSearch } from '../../../features/results/search';
import { requireStaff } from '../../../lib/guards';
import { rawSearch, rawUpdate } from '../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/testresult')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(resultListQuery(validateResultListSearch(deps))),
  component: ResultsScreen,
});

function ResultsScreen() {
  const raw = Route.useSearch();
  const search = useMemo(() => validateResultListSearch(raw), [raw]);
  const navigate = Route.useNavigate();
  return (
    <ResultList
      search={search}
      onSearchChange={(update, replace) => navigate({ search: rawUpdate(update), replace })}
    />
  );
}
