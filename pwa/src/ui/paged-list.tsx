import { useEffect, useState } from 'react';
import { type ListSearch, listParams, rememberPageSize } from '../lib/route-params';
import { Pager } from './data-table';
import { useToast } from './toast';
import { useDebounced } from './use-debounced';
import { failureToast } from './use-form';

/**
 * How a screen changes its URL's search: an updater from the search as it is to the next one, and
 * whether the change replaces the current history entry. Its route gives it, from its own typed
 * navigate (`onSearchChange={(update, replace) => navigate({ search: update, replace })}`).
 */
export type SearchChange<S> = (update: (prev: S) => S, replace?: boolean) => void;

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
    ask: setTarget,
    dialog: { open: target !== null, busy, onConfirm, onCancel: () => setTarget(null) },
  };
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
