import type { CreateUserRequest, UpdateUserRequest } from '@scentry/shared-schema';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { invalidate, QUERY_ROOTS } from '../../lib/query';
import {
  clearTotp,
  createUser,
  deleteUsers,
  getOrganizationChoices,
  getRoles,
  getUser,
  listUsers,
  resetPassword,
  updateUser,
} from './api';
import { type UserListSearch, userListParams } from './search';

const root = QUERY_ROOTS.users;

export const userListQuery = (search: UserListSearch) => {
  const p = userListParams(search);
  return queryOptions({
    queryKey: [...root, 'list', p],
    queryFn: ({ signal }) => listUsers(p, signal),
    placeholderData: keepPreviousData,
  });
};

export const userQuery = (id: number) =>
  queryOptions({ queryKey: [...root, 'detail', id], queryFn: ({ signal }) => getUser(id, signal) });

/** The roles are fixed by the first migration: fetched once a session. */
export const rolesQuery = () =>
  queryOptions({ queryKey: [...root, 'roles'], queryFn: ({ signal }) => getRoles(signal), staleTime: Infinity });

/** Active organizations, for a Client Admin's organization. */
export const organizationChoicesQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.organizations, 'choices'],
    queryFn: ({ signal }) => getOrganizationChoices(signal),
  });

/** A user's name and e-mail show in the Client list too; every change is audited. */
const afterChange = () => invalidate('users', 'organizations', 'dashboard', 'audit');

/** One save for both modes: a create carries the password, an update never does. */
export const useSaveUser = () =>
  useMutation({
    mutationFn: (user: CreateUserRequest | UpdateUserRequest) =>
      'password' in user ? createUser(user) : updateUser(user),
    onSuccess: afterChange,
  });
export const useDeleteUsers = () => useMutation({ mutationFn: deleteUsers, onSuccess: afterChange });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword, onSuccess: afterChange });
export const useClearTotp = () => useMutation({ mutationFn: clearTotp, onSuccess: afterChange });
