import { createFileRoute } from '@tanstack/react-router';
import { userListQuery } from '../../../features/users/queries';
import { validateUserListSearch } from '../../../features/users/search';
import { UserList } from '../../../features/users/user-list';
import { requireAdmin } from '../../../lib/guards';
import { queryClient } from '../../../lib/query';

export const Route = createFileRoute('/admin/_authed/user')({
  validateSearch: validateUserListSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => queryClient.ensureQueryData(userListQuery(deps)),
  component: UsersScreen,
});

function UsersScreen() {
  return <UserList search={Route.useSearch()} navigate={Route.useNavigate() as never} />;
}
