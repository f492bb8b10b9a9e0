import { createFileRoute } from '@tanstack/react-router';
import { checkSearch, validateReportSearch } from '../../../../features/reports/filters';
import { LocationMapReport } from '../../../../features/reports/location-map';
import { currentViewer, locationDataQuery } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { queryClient } from '../../../../lib/query';

export const Route = createFileRoute('/admin/_authed/Reports/locationData')({
  validateSearch: validateReportSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // The points travel while Leaflet loads; a failure shows on the screen, with Try again.
  loader: ({ deps }) => {
    const check = checkSearch(deps, currentViewer());
    if (check.ok) void queryClient.prefetchQuery(locationDataQuery(check.body));
  },
  component: Screen,
});

function Screen() {
  return <LocationMapReport search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
