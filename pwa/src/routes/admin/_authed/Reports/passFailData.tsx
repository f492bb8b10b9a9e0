import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { checkSearch, validateReportSearch } from '../../../../features/reports/filters';
import { PassFailReport } from '../../../../features/reports/pass-fail';
import { currentViewer, passFailQuery } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { rawSearch, rawUpdate } from '../../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/Reports/passFailData')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // Primes the chart while uPlot loads; a failure shows on the screen, with Try again.
  loader: ({ deps, context }) => {
    const search = validateReportSearch(deps);
    const check = checkSearch(search, currentViewer());
    if (check.ok) void context.queryClient.prefetchQuery(passFailQuery(check.body));
  },
  component: Screen,
});

function Screen() {
  const raw = Route.useSearch();
  const search = useMemo(() => validateReportSearch(raw), [raw]);
  const navigate = Route.useNavigate();
  return (
    <PassFailReport
      search={search}
      onSearchChange={(update, replace) => navigate({ search: rawUpdate(update), replace })}
    />
  );
}
