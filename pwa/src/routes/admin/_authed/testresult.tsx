import { createFileRoute } from '@tanstack/react-router';
import { resultListQuery } from '../../../features/results/queries';
import { ResultList } from '../../../features/results/result-list';
import { validateResultListSearch } from '../../../features/results/search';
import { requireStaff } from '../../../lib/guards';
import { queryClient } from '../../../lib/query';

export const Route = createFileRoute('/admin/_authed/testresult')({
  validateSearch: validateResultListSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => queryClient.ensureQueryData(resultListQuery(deps)),
  component: ResultsScreen,
});

function ResultsScreen() {
  return <ResultList search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
