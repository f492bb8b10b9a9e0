import { createFileRoute } from '@tanstack/react-router';
import { DataLocationReport } from '../../../../features/reports/data-location';
import { checkSearch, validateLocationSearch } from '../../../../features/reports/filters';
import { currentViewer, dataLocationQuery } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { queryClient } from '../../../../lib/query';

export const Route = createFileRoute('/admin/_authed/Reports/dataLocation')({
  validateSearch: validateLocationSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // Primes the table while the screen loads; a failure shows on the screen, with Try again.
  loader: ({ deps }) => {
    const check = checkSearch(deps, currentViewer());
    if (check.ok) void queryClient.prefetchQuery(dataLocationQuery(check.body, deps));
  },
  component: Screen,
});

function Screen() {
  return <DataLocationReport search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
