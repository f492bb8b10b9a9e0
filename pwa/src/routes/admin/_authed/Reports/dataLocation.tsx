import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataLocationReport } from '../../../../features/reports/data-location';
import { checkSearch, validateLocationSearch } from '../../../../features/reports/filters';
import { currentViewer, dataLocationQuery } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { rawSearch, rawUpdate } from '../../../../lib/route-params';

export const Route = createFileRoute('/admin/_authed/Reports/dataLocation')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // Primes the table while the screen loads; a failure shows on the screen, with Try again.
  loader: ({ deps, context }) => {
    const search = validateLocationSearch(deps);
    const check = checkSearch(search, currentViewer());
    if (check.ok) void context.queryClient.prefetchQuery(dataLocationQuery(check.body, search));
  },
  component: Screen,
});

function Screen() {
  const raw = Route.useSearch();
  const search = useMemo(() => validateLocationSearch(raw), [raw]);
  const navigate = Route.useNavigate();
  return (
    <DataLocationReport
      search={search}
      onSearchChange={(update, replace) => navigate({ search: rawUpdate(update), replace })}
    />
  );
}
