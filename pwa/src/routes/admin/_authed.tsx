import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '../../lib/guards';
import { AdminLayout } from './-components/admin-layout';

export const Route = createFileRoute('/admin/_authed')({
  beforeLoad: requireSignedIn,
  component: AdminLayout,
});
