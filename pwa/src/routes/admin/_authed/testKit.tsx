import { createFileRoute } from '@tanstack/react-router';
import { KitList } from '../../../features/test-kits/kit-list';
import { requireAdmin } from '../../../lib/guards';

export const Route = createFileRoute('/admin/_authed/testKit')({
  beforeLoad: requireAdmin,
  component: KitList,
});
