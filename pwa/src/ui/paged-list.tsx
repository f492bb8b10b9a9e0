import { type ComponentProps, type ReactNode, useEffect, useMemo, useState } from 'react';
import { type ListSearch, listParams, rememberPageSize } from '../lib/route-params';
import { ConfirmDialog } from './confirm';
import { Pager } from './data-table';
import { type SavedList, useSavedRow } from './saved-row';
import { useToast } from './toast';
import { useDebounced } from './use-debounced';
import { failureToast } from './use-form';

/**
 * How a screen changes its URL's search: an updater from the search as it is to the next one, and
 * whether the change replaces the current history entry. Its route gives it from its own typed
 * navigate (searchProps, useRawSearchProps below).
 */
export type SearchChange<S> = (update: (prev: S) => S, replace?: boolean) => void;

/** A screen whose state is its URL's search: the search (validated) and how it changes it. */
export interface SearchProps<S> {
  search: S;
  onSearchChange: SearchChange<S>;
}

/**
 * A route's screen props: its search (validated by the route) and its typed navigate, narrowed to
 * the search (`<UserList {...searchProps(Route.useSearch(), Route.useNavigate())} />`).
 */
export function searchProps<S>(
  search: S,
  navigate: (options: { search: (prev: S) => S; replace?: boolean }) => unknown,
): SearchProps<S> {
  return { search, onSearchChange: (update, replace) => navigate({ search: update, replace }) };
}

/** A `rawSearch` route's navigate: its search is the URL's raw values. */
type RawNavigate = (options: {
  search: (prev: Record<string, unknown>) => Record<string, unknown>;
  replace?: boolean;
}) => unknown;

/**
 * A `rawSearch` route's screen props (lib/route-params): the raw search validated here, in the
 * screen's chunk. The screen's typed updates get the raw values as they are, so what an update
 * does not set stays as it was (an invalid value too, which the screen reports).
 */
export function useRawSearchProps<S extends object>(
  raw: Record<string, unknown>,
  validate: (raw: Record<string, unknown>) => S,
  navigate: RawNavigate,
): SearchProps<S> {
  const search = useMemo(() => validate(raw), [raw, validate]);
  return {
    search,
    onSearchChange: (update, replace) =>
      navigate({ search: (prev) => update(prev as S) as Record<string, unknown>, replace }),
  };
}

/**
 * A paged, searchable list whose state lives in the URL (reload and Back keep it): page, size and
 * the search text, written 1 s after typing stops (spec §9) in place of the current entry. A URL
 * without a size takes the stored rows per page; choosing a size writes both.
 */
export function useListUrl<S extends ListSearch>(search: S, onSearchChange: SearchChange<S>) {
  const params = listParams(search);
  const [text, setText] = useState(search.q ?? '');
  const typed = useDebounced(text.trim(), 1000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles
  useEffect(() => {
    if (typed !== (search.q ?? ''))
      onSearchChange((prev) => ({ ...prev, q: typed || undefined, page: undefined }), true);
  }, [typed]);
  // Back or a link changed the URL: the box shows what the list shows.
  useEffect(() => setText(search.q ?? ''), [search.q]);
  return {
    search: text,
    setSearch: setText,
    text: params.text,
    page: params.pageNumber,
    pageSize: params.rowsPerPage,
    setPage: (page: number) => onSearchChange((prev) => ({ ...prev, page: page > 1 ? page : undefined })),
    setPageSize: (size: number) => {
      rememberPageSize(size);
      onSearchChange((prev) => ({ ...prev, size, page: undefined }));
    },
  };
}

export function SearchField({
  id,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field search">
      <label htmlFor={id}>Search</label>
      <input id={id} type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * Delete with confirmation (spec §8): `ask(row)` opens the dialog; confirming runs `remove`, says
 * so, and calls `onDone`; a refusal shows the server's message as a warning.
 */
export function useConfirmDelete<T>(
  remove: (row: T) => Promise<unknown>,
  name: (row: T) => string,
  onDone: () => void,
) {
  const notify = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  async function onConfirm() {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      notify('success', `${name(target)} deleted`);
      onDone();
    } catch (err) {
      // spec §8: delete failures are a warning with the server's text.
      notify(failureToast(err, 'warning').kind, failureToast(err, 'warning').message, 'Delete');
    } finally {
      setTarget(null);
      setBusy(false);
    }
  }
  return {
    target,
    ask: (row: T) => setTarget(row),
    dialog: { open: target !== null, busy, onConfirm, onCancel: () => setTarget(null) },
  };
}

/**
 * The row a form just saved (ui/saved-row) in a paged list: its page of rows (`data`), the row's
 * key, and whether a new row is on the last page (by default: the list's order, unless a search
 * narrows it).
 */
export function useListSavedRow<T>(
  name: SavedList,
  list: ReturnType<typeof useListUrl>,
  data: { list: T[]; totalCount: number } | undefined,
  keyOf: (row: T) => string | number,
  newestLast = !list.text,
) {
  return useSavedRow(name, {
    keys: data?.list.map(keyOf) ?? null,
    page: list.page,
    pageSize: list.pageSize,
    total: data?.totalCount,
    setPage: list.setPage,
    newestLast,
  });
}

/**
 * What a list screen that edits and deletes rows holds beside its query (kits, scent options,
 * clients): the URL's list state, the row a form just saved, and the delete confirmation.
 */
export function useEditableList<S extends ListSearch, T>(
  search: S,
  onSearchChange: SearchChange<S>,
  data: { list: T[]; totalCount: number } | undefined,
  rows: {
    saved: SavedList;
    keyOf: (row: T) => string | number;
    remove: (row: T) => Promise<unknown>;
    name: (row: T) => string;
  },
) {
  const list = useListUrl(search, onSearchChange);
  const savedKey = useListSavedRow(rows.saved, list, data, rows.keyOf);
  const del = useConfirmDelete(rows.remove, rows.name, () => {});
  return { list, savedKey, del };
}

/** The pager under a paged list, shown once there is something to page. */
export function ListPager({ list, total }: { list: ReturnType<typeof useListUrl>; total: number | undefined }) {
  if (!total) return null;
  return (
    <Pager
      page={list.page}
      pageSize={list.pageSize}
      total={total}
      onPage={list.setPage}
      onPageSize={list.setPageSize}
    />
  );
}

interface ListScreenProps {
  title: string;
  /** What the heading row offers: the Add link, the downloads. */
  actions?: ReactNode;
  /** A short line under the heading that says how to read the list. */
  lead?: ReactNode;
  /** The list's search box (the usual filter): its id and placeholder; it edits `list.search`. */
  searchBox?: { id: string; placeholder: string };
  /** Other filters and a toolbar (the users' fields and selection, the results' panel). */
  filters?: ReactNode;
  /** The table. */
  children: ReactNode;
  list: ReturnType<typeof useListUrl>;
  total: number | undefined;
  /** The delete confirmation of a list that deletes (useConfirmDelete's `dialog`, with its words). */
  deleting?: ComponentProps<typeof ConfirmDialog>;
  /** The screen's other dialogs (make inactive, reset a password). */
  dialogs?: ReactNode;
  className?: string;
}

/**
 * The shell every admin list screen shares (kits, scent options, clients, users, results): the
 * heading with its actions, the filters, the table, the pager once there is something to page,
 * and the delete confirmation.
 */
export function ListScreen({
  title,
  actions,
  lead,
  searchBox,
  filters,
  children,
  list,
  total,
  deleting,
  dialogs,
  className,
}: ListScreenProps) {
  return (
    <section className={className ? `stack ${className}` : 'stack'}>
      <div className="page-head">
        <h1>{title}</h1>
        {actions}
      </div>
      {lead}
      {searchBox ? (
        <SearchField
          id={searchBox.id}
          placeholder={searchBox.placeholder}
          value={list.search}
          onChange={list.setSearch}
        />
      ) : null}
      {filters}
      {children}
      <ListPager list={list} total={total} />
      {deleting ? <ConfirmDialog {...deleting} /> : null}
      {dialogs}
    </section>
  );
}
