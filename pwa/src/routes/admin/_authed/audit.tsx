import { createFileRoute } from '@tanstack/react-router';
import { AuditLog } from '../../../features/audit/audit-log';
import { auditQuery } from '../../../features/audit/queries';
import { validateAuditSearch } from '../../../features/audit/search';
import { requireAdmin } from '../../../lib/guards';
import { queryClient } from '../../../lib/query';

export const Route = createFileRoute('/admin/_authed/audit')({
  validateSearch: validateAuditSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => queryClient.ensureQueryData(auditQuery(deps)),
  component: AuditScreen,
});

function AuditScreen() {
  return <AuditLog search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
