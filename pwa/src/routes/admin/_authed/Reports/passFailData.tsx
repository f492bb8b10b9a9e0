import { createFileRoute } from '@tanstack/react-router';
import { checkSearch, validateReportSearch } from '../../../../features/reports/filters';
import { PassFailReport } from '../../../../features/reports/pass-fail';
import { currentViewer, passFailQuery } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { queryClient } from '../../../../lib/query';

export const Route = createFileRoute('/admin/_authed/Reports/passFailData')({
  validateSearch: validateReportSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // Primes the chart while uPlot loads; a failure shows on the screen, with Try again.
  loader: ({ deps }) => {
    const check = checkSearch(deps, currentViewer());
    if (check.ok) void queryClient.prefetchQuery(passFailQuery(check.body));
  },
  component: Screen,
});

function Screen() {
  return <PassFailReport search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
