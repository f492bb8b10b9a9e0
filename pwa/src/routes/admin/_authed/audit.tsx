import { createFileRoute } from '@tanstack/react-router';
import { AuditLog } from '../../../features/audit/audit-log';
import { auditQuery } from '../../../features/audit/queries';
import { validateAuditSearch } from '../../../features/audit/search';
import { requireAdmin } from '../../../lib/guards';
import { searchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/audit')({
  validateSearch: validateAuditSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(auditQuery(deps)),
  component: AuditScreen,
});

function AuditScreen() {
  return <AuditLog {...searchProps(Route.useSearch(), Route.useNavigate())} />;
}
