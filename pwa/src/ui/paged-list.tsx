import type { ListResult } from '@scentry/shared-schema';
import { useState } from 'react';
import { useQuery } from '../lib/use-query';
import { Pager, usePageSize } from './data-table';
import { useToast } from './toast';
import { useDebounced } from './use-debounced';

export interface PageQuery {
  pageNumber: number;
  rowsPerPage: number;
  /** The search text, once typing has paused for 1 s (spec §9). */
  text: string;
}

/** A searchable, paged list: search box state, debounced text, page, kept page size, and the load. */
export function usePagedSearch<T>(load: (q: PageQuery, signal: AbortSignal) => Promise<ListResult<T>>) {
  const [search, setSearchText] = useState('');
  const text = useDebounced(search.trim(), 1000);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize();
  const query = useQuery(
    (signal) => load({ pageNumber: page, rowsPerPage: pageSize, text }, signal),
    [page, pageSize, text],
  );
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  return { search, setSearch, text, page, setPage, pageSize, setPageSize, ...query };
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
      notify('warning', (err as Error).message, 'Delete');
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
export function ListPager({ list }: { list: PagedState }) {
  if (!list.data || list.data.totalCount === 0) return null;
  return (
    <Pager
      page={list.page}
      pageSize={list.pageSize}
      total={list.data.totalCount}
      onPage={list.setPage}
      onPageSize={list.setPageSize}
    />
  );
}

interface PagedState {
  data: { totalCount: number } | null;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}
