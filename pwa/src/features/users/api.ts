import type { ApiData, CreateUserRequest, ResetPasswordRequest, UpdateUserRequest } from '@scentry/shared-schema';
import { call } from '../../lib/call';

export type UserListRow = ApiData<'getUserList'>['list'][number];
export type Role = ApiData<'getRoles'>[number];
export type OrganizationChoice = ApiData<'dropDownOrganization'>[number];

/** The list filter of spec §7: parts of first name, last name, e-mail and phone. */
export interface UserFilter {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface UserListParams {
  pageNumber: number;
  rowsPerPage: number;
  filter: UserFilter;
  sort: { columnName: string; sortOrder: 'asc' | 'desc' } | null;
}

export const listUsers = (p: UserListParams, signal?: AbortSignal) =>
  call('getUserList', {
    signal,
    body: {
      pageNumber: p.pageNumber,
      rowsPerPage: p.rowsPerPage,
      filter: p.filter,
      // No column chosen: the server's default order (id ascending, spec §9).
      sortColumns: p.sort ? [p.sort] : [],
    },
  });

export const getUser = (id: number, signal?: AbortSignal) => call('getUserById', { query: { id }, signal });

export const getRoles = (signal?: AbortSignal) => call('getRoles', { signal });

export const getOrganizationChoices = (signal?: AbortSignal) => call('dropDownOrganization', { signal });

export const createUser = (user: CreateUserRequest) => call('createUser', { body: user });

export const updateUser = (user: UpdateUserRequest) => call('updateUser', { body: user });

export const deleteUsers = (ids: number[]) => call('deleteUser', { query: { id: ids.join(',') } });

export const resetPassword = (request: ResetPasswordRequest) => call('resetPassword', { body: request });

/** E-mails the user a reset link (issue 25): they choose their own password. */
export const sendResetLink = (userId: number) => call('sendResetLink', { body: { userId } });
/** An Admin clears a user's two-step sign-in (a lost phone); their sessions end. */
export const clearTotp = (userId: number) => call('totpClear', { body: { userId } });
