import { FILTER_TEXT_MAX } from '@scentry/shared-schema';
import { type ListSearch, listParams, validateListSearch } from '../../lib/route-params';
import type { UserFilter, UserListParams } from './api';

/**
 * The User list's state in the URL: page and size (as every list), the four filters of spec §7
 * and the sort column. Parsed without zod: it runs in the router's own chunk.
 */
export interface UserListSearch extends Omit<ListSearch, 'q'> {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  sort?: UserSortColumn;
  order?: 'desc';
}

export const FILTER_KEYS = ['firstName', 'lastName', 'email', 'phone'] as const satisfies readonly (keyof UserFilter)[];

/** The columns the server sorts by (its whitelist, GetUserList). */
export const SORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'role',
  'organizationName',
  'isActive',
] as const;
export type UserSortColumn = (typeof SORT_COLUMNS)[number];

const isSortColumn = (v: unknown): v is UserSortColumn => SORT_COLUMNS.includes(v as UserSortColumn);

/** validateSearch of /admin/user: unknown or broken values fall back to the defaults. */
export function validateUserListSearch(raw: Record<string, unknown>): UserListSearch {
  // One box searching everything (`q`) has no meaning here: the list filters field by field.
  const { q: _q, ...out }: UserListSearch & { q?: string } = validateListSearch(raw);
  for (const key of FILTER_KEYS) {
    const v = raw[key];
    if (typeof v === 'string' && v.trim()) out[key] = v.trim().slice(0, FILTER_TEXT_MAX);
    // A number-looking filter ("555") comes back from the URL as a number.
    else if (typeof v === 'number' && Number.isFinite(v)) out[key] = String(v);
  }
  if (isSortColumn(raw.sort)) {
    out.sort = raw.sort;
    if (raw.order === 'desc') out.order = 'desc';
  }
  return out;
}

/** What the list request asks for: a URL without a size takes the stored rows per page. */
export function userListParams(search: UserListSearch): UserListParams {
  const { pageNumber, rowsPerPage } = listParams(search);
  return {
    pageNumber,
    rowsPerPage,
    filter: {
      firstName: search.firstName ?? '',
      lastName: search.lastName ?? '',
      email: search.email ?? '',
      phone: search.phone ?? '',
    },
    sort: search.sort ? { columnName: search.sort, sortOrder: search.order ?? 'asc' } : null,
  };
}

/** Clicking a column header: a new column sorts ascending, the same one flips its order. */
export function nextSort(search: UserListSearch, column: UserSortColumn): Pick<UserListSearch, 'sort' | 'order'> {
  if (search.sort !== column) return { sort: column, order: undefined };
  return { sort: column, order: search.order === 'desc' ? undefined : 'desc' };
}
