import { createFileRoute } from '@tanstack/react-router';
import { validateReportSearch } from '../../../../features/reports/filters';
import { LocationMapReport } from '../../../../features/reports/location-map';
import { locationDataQuery, prefetchReport } from '../../../../features/reports/queries';
import { requireStaff } from '../../../../lib/guards';
import { rawSearch } from '../../../../lib/route-params';
import { useRawSearchProps } from '../../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/Reports/locationData')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  loaderDeps: ({ search }) => search,
  // The points travel while Leaflet loads; a failure shows on the screen, with Try again.
  loader: ({ deps, context }) =>
    prefetchReport(validateReportSearch(deps), (body) => context.queryClient.prefetchQuery(locationDataQuery(body))),
  component: Screen,
});

function Screen() {
  return <LocationMapReport {...useRawSearchProps(Route.useSearch(), validateReportSearch, Route.useNavigate())} />;
}
