import { createFileRoute } from '@tanstack/react-router';
import { userListQuery } from '../../../features/users/queries';
import { validateUserListSearch } from '../../../features/users/search';
import { UserList } from '../../../features/users/user-list';
import { requireAdmin } from '../../../lib/guards';
import { searchProps } from '../../../ui/paged-list';

export const Route = createFileRoute('/admin/_authed/user')({
  validateSearch: validateUserListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context }) => context.queryClient.ensureQueryData(userListQuery(deps)),
  component: UsersScreen,
});

function UsersScreen() {
  return <UserList {...searchProps(Route.useSearch(), Route.useNavigate())} />;
}
