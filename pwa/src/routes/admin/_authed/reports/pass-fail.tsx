import { createFileRoute } from '@tanstack/react-router';
import { validateReportSearch } from '../../../../features/reports/filters';
import { PassFailReport } from '../../../../features/reports/pass-fail';
import { passFailQuery, prefetchReport } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { rawSearch } from '../../../../lib/route-params';
import { useRawSearchProps } from '../../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/Reports/passFailData')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // Primes the chart while uPlot loads; a failure shows on the screen, with Try again.
  loader: ({ deps, context }) =>
    prefetchReport(validateReportSearch(deps), (body) => context.queryClient.prefetchQuery(passFailQuery(body))),
  component: Screen,
});

function Screen() {
  return <PassFailReport {...useRawSearchProps(Route.useSearch(), validateReportSearch, Route.useNavigate())} />;
}
