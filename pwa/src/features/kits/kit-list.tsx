import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ListSearch } from '../../lib/route-params';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/data-table';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { ListPager, type SearchChange, SearchField, useConfirmDelete, useListUrl } from '../../ui/paged-list';
import { SAVED_LISTS, useSavedRow } from '../../ui/saved-row';
import type { KitListRow } from './api';
import { kitListQuery, useDeleteKit } from './queries';

export function KitList({ search, onSearchChange }: { search: ListSearch; onSearchChange: SearchChange<ListSearch> }) {
  const list = useListUrl(search, onSearchChange);
  const rows = useQuery(kitListQuery(search));
  const remove = useDeleteKit();
  // The kit editor marks a saved kit (markSaved(SAVED_LISTS.kits, id, created)): shown here on return.
  const savedKey = useSavedRow(SAVED_LISTS.kits, {
    keys: rows.data?.list.map((k) => k.id) ?? null,
    page: list.page,
    pageSize: list.pageSize,
    total: rows.data?.totalCount,
    setPage: list.setPage,
    newestLast: !list.text,
  });
  const del = useConfirmDelete(
    (k: KitListRow) => remove.mutateAsync(k.id),
    (k) => `Play kit ${k.name}`,
    () => {},
  );

  const columns: Column<KitListRow>[] = [
    {
      header: 'Edit',
      className: 'col-action',
      cell: (k) => (
        <Link
          to="/admin/managetestkit/{-$Id}/{-$ScentCardId}"
          params={{ Id: k.id, ScentCardId: undefined }}
          className="icon-button"
          aria-label={`Edit ${k.name}`}
        >
          <EditIcon />
        </Link>
      ),
    },
    { header: 'Play Kit', cell: (k) => <strong>{k.name}</strong> },
    {
      header: 'Status',
      cell: (k) => (
        <span className={`tag ${k.isActive ? 'tag-on' : 'tag-off'}`}>{k.isActive ? 'Active' : 'Inactive'}</span>
      ),
    },
    { header: 'Scent cards', cell: (k) => `${k.cardCount} / 5` },
    { header: 'Pass threshold', cell: (k) => `${k.passThreshold} of 5` },
    {
      header: 'Delete',
      className: 'col-action',
      cell: (k) => (
        <button type="button" className="icon-button danger" aria-label={`Delete ${k.name}`} onClick={() => del.ask(k)}>
          <TrashIcon />
        </button>
      ),
    },
  ];

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Play Kits</h1>
        <Link
          to="/admin/managetestkit/{-$Id}/{-$ScentCardId}"
          params={{ Id: 0, ScentCardId: undefined }}
          className="button"
        >
          Add Play Kit
        </Link>
      </div>
      <SearchField
        id="kit-search"
        placeholder="Search by play kit name"
        value={list.search}
        onChange={list.setSearch}
      />
      <DataTable
        caption="Play kits"
        columns={columns}
        rows={rows.data?.list ?? null}
        rowKey={(k) => k.id}
        savedKey={savedKey}
        error={rows.error?.message ?? null}
        onRetry={() => void rows.refetch()}
        empty={list.text ? `No play kit matches “${list.text}”.` : 'No play kits yet: add the first one.'}
      />
      <ListPager list={list} total={rows.data?.totalCount} />
      <ConfirmDialog
        {...del.dialog}
        message={
          del.target
            ? `Are you sure you want to delete play kit ${del.target.name}? A kit with results is made inactive instead, and its printed QR codes stop working.`
            : undefined
        }
      />
    </section>
  );
}
