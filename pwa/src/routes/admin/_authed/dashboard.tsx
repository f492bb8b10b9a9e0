import { createFileRoute } from '@tanstack/react-router';
import { DashboardCards } from '../../../features/dashboard/dashboard-cards';
import { countsQuery } from '../../../features/dashboard/queries';
import { getSession, isStaff } from '../../../lib/session';

export const Route = createFileRoute('/admin/_authed/dashboard')({
  // Primes the counts for staff (a User has none to see); a failure shows in the cards, with a retry.
  loader: ({ context }) => (isStaff(getSession()) ? context.queryClient.prefetchQuery(countsQuery()) : undefined),
  component: Dashboard,
});

function Dashboard() {
  const session = getSession();
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
  return (
    <section className="stack">
      <h1>Dashboard</h1>
      <DashboardCards />
    </section>
  );
}
