import { useEffect, useRef, useState } from 'react';
import { type SearchChange, useListUrl } from '../../ui/paged-list';
import { useDebounced } from '../../ui/use-debounced';
import type { UserFilter } from './api';
import { FILTER_KEYS, nextSort, type UserListSearch, type UserSortColumn } from './search';

const filterOf = (search: UserListSearch): UserFilter => ({
  firstName: search.firstName ?? '',
  lastName: search.lastName ?? '',
  email: search.email ?? '',
  phone: search.phone ?? '',
});

const trimmed = (f: UserFilter): UserFilter => ({
  firstName: f.firstName.trim(),
  lastName: f.lastName.trim(),
  email: f.email.trim(),
  phone: f.phone.trim(),
});

const keyOf = (f: UserFilter) => JSON.stringify(trimmed(f));

/**
 * The User list's URL state: paging as every list (useListUrl), the four filters written 1 s after
 * typing stops (spec §9) in place of the current entry, and the sort column toggled by its header.
 */
export function useUserListUrl(search: UserListSearch, onSearchChange: SearchChange<UserListSearch>) {
  const list = useListUrl(search, onSearchChange);
  const [draft, setDraft] = useState<UserFilter>(() => filterOf(search));
  const typed = useDebounced(keyOf(draft), 1000);
  const urlKey = keyOf(filterOf(search));
  // What this hook last wrote: the URL catching up with it must not undo what was typed since.
  const written = useRef(urlKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed filters settle
  useEffect(() => {
    if (typed === urlKey) return;
    const next = JSON.parse(typed) as UserFilter;
    written.current = typed;
    onSearchChange((prev) => {
      const out: UserListSearch = { ...prev, page: undefined };
      for (const key of FILTER_KEYS) out[key] = next[key] || undefined;
      return out;
    }, true);
  }, [typed]);

  // Back or a link changed the URL: the boxes show what the list shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL's filters only
  useEffect(() => {
    if (urlKey === written.current) return;
    written.current = urlKey;
    setDraft(filterOf(search));
  }, [urlKey]);

  return {
    ...list,
    filter: draft,
    setFilter: (key: keyof UserFilter, value: string) => setDraft((d) => ({ ...d, [key]: value })),
    /** Whether the list shown is filtered (what the URL holds, not what is being typed). */
    filtered: FILTER_KEYS.some((k) => Boolean(search[k])),
    sort: search.sort,
    order: search.sort ? (search.order ?? ('asc' as const)) : undefined,
    toggleSort: (column: UserSortColumn) =>
      onSearchChange((prev) => ({ ...prev, ...nextSort(prev, column), page: undefined })),
  };
}
