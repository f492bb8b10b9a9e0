import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn, requireTotpDone } from '../../lib/guards';
import { AdminLayout } from './-components/admin-layout';

export const Route = createFileRoute('/admin/_authed')({
  beforeLoad: async ({ location }) => {
    requireSignedIn();
    requireTotpDone(location.pathname);
    // The admin's server state (TanStack Query) reaches every admin loader through the router
    // context. It is imported here, on the way into the admin, not by the router's own chunk:
    // a player never downloads it.
    const { queryClient } = await import('../../lib/query');
    return { queryClient };
  },
  component: AdminLayout,
});
