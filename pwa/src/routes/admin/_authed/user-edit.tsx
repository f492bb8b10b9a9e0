import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { rolesQuery, userQuery } from '../../../features/users/queries';
import { UserForm } from '../../../features/users/user-form';
import { requireAdmin } from '../../../lib/guards';
import { optionalId } from '../../../lib/route-params';
import { useToast } from '../../../ui/toast';

export const Route = createFileRoute('/admin/_authed/manageuser/{-$Id}')({
  params: {
    parse: ({ Id }) => ({ Id: optionalId(Id) }),
    stringify: ({ Id }) => ({ Id: Id ? String(Id) : undefined }),
  },
  beforeLoad: requireAdmin,
  loader: async ({ params, context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(rolesQuery()),
      params.Id ? context.queryClient.ensureQueryData(userQuery(params.Id)) : null,
    ]);
  },
  errorComponent: UserNotFound,
  component: ManageUser,
});

function ManageUser() {
  const { Id } = Route.useParams();
  return Id ? <SavedUser id={Id} /> : <UserForm key="new" user={null} />;
}

function SavedUser({ id }: { id: number }) {
  const { data } = useSuspenseQuery(userQuery(id));
  return <UserForm key={id} user={data} />;
}

/** A user that cannot be loaded (deleted, or a mistyped address): a warning, then the list. */
function UserNotFound({ error }: ErrorComponentProps) {
  const notify = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    notify('warning', error instanceof Error ? error.message : 'User not found', 'Edit User');
    navigate({ to: '/admin/user', replace: true });
  }, [error, navigate, notify]);
  return null;
}
