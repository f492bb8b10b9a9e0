import { createFileRoute } from '@tanstack/react-router';
import { KitInsightsReport } from '../../../../features/reports/kit-insights/kit-insights';
import { validateInsightsSearch } from '../../../../features/reports/kit-insights/search';
import { requireStaff } from '../../../../lib/guards';
import { rawSearch } from '../../../../lib/route-params';
import { useRawSearchProps } from '../../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/Reports/kitInsights')({
  validateSearch: rawSearch,
  beforeLoad: requireStaff,
  component: Screen,
});

function Screen() {
  return <KitInsightsReport {...useRawSearchProps(Route.useSearch(), validateInsightsSearch, Route.useNavigate())} />;
}
