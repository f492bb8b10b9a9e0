import { createFileRoute } from '@tanstack/react-router';
import { userListQuery } from '../../../features/users/queries';
import { validateUserListSearch } from '../../../features/users/search';
import { UserList } from '../../../features/users/user-list';
import { requireAdmin } from '../../../lib/guards';

export const Route = createFileRoute('/admin/_authed/user')({
  validateSearch: validateUserListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(userListQuery(deps)),
  component: UsersScreen,
});

function UsersScreen() {
  const navigate = Route.useNavigate();
  return <UserList search={Route.useSearch()} onSearchChange={(search, replace) => navigate({ search, replace })} />;
}
