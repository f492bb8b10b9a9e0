import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../../features/dashboard/dashboard';
import { laToday, periodRange, validateDashboardSearch } from '../../../features/dashboard/period';
import { countsQuery } from '../../../features/dashboard/queries';
import type { TestResultRow } from '../../../features/results/api';
import { ResultDetail } from '../../../features/results/result-detail';
import { useReportDownload } from '../../../features/results/use-report-download';
import { rawSearch } from '../../../lib/route-params';
import { getSession, isStaff } from '../../../lib/session';
import { useRawSearchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/dashboard')({
  validateSearch: rawSearch,
  loaderDeps: ({ search }) => search,
  // Asks for the period's counts while the screen loads (a User has none to see), without waiting:
  // a period chosen shows at once, its numbers as they come; a failure shows in the cards, with a retry.
  loader: ({ deps, context }) => {
    if (!isStaff(getSession())) return;
    const range = periodRange(validateDashboardSearch(deps), laToday());
    if (range.ok) void context.queryClient.prefetchQuery(countsQuery(range));
  },
  component: Dashboard,
});

function Dashboard() {
  const session = getSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!isStaff(session)) {
    // Role User may sign in and change its password, nothing more (DESIGN.md §7).
    return (
      <section className="stack">
        <h1>Welcome, {session?.firstName}</h1>
        <p>
          Your account can change its password from the menu at the top right. There is nothing else to do here yet.
        </p>
      </section>
    );
  }
  return <StaffDashboard search={search} navigate={navigate} />;
}

function StaffDashboard({
  search,
  navigate,
}: {
  search: Record<string, unknown>;
  navigate: ReturnType<typeof Route.useNavigate>;
}) {
  return (
    <DashboardScreen {...useRawSearchProps(search, validateDashboardSearch, navigate)} ResultDetail={FailDetail} />
  );
}

/** A latest Fail's detail: Play Results' own dialog, with its report download (features meet in the route). */
function FailDetail({ row, onClose }: { row: TestResultRow | null; onClose: () => void }) {
  const session = getSession();
  const reports = useReportDownload();
  return (
    <ResultDetail
      row={row}
      showNames={!(session?.roleName === 'Client Admin' && session.discloseUserDetails === false)}
      onClose={onClose}
      onDownload={(r) => void reports.download([r])}
      downloading={reports.progress !== null}
    />
  );
}
