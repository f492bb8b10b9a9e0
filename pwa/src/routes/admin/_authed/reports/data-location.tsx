import { createFileRoute } from '@tanstack/react-router';
import { DataLocationReport } from '../../../../features/reports/data-location';
import { validateLocationSearch } from '../../../../features/reports/filters';
import { dataLocationQuery, prefetchReport } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { rawSearch } from '../../../../lib/route-params';
import { useRawSearchProps } from '../../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/Reports/dataLocation')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // Primes the table while the screen loads; a failure shows on the screen, with Try again.
  loader: ({ deps, context }) => {
    const search = validateLocationSearch(deps);
    prefetchReport(search, (body) => context.queryClient.prefetchQuery(dataLocationQuery(body, search)));
  },
  component: Screen,
});

function Screen() {
  return <DataLocationReport {...useRawSearchProps(Route.useSearch(), validateLocationSearch, Route.useNavigate())} />;
}
