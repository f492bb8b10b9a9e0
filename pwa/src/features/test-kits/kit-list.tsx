import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/data-table';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { ListPager, SearchField, useConfirmDelete, usePagedSearch } from '../../ui/paged-list';
import { deleteKits, type KitListRow, listKits } from './api';

export function KitList() {
  const list = usePagedSearch((q, signal) =>
    listKits({ pageNumber: q.pageNumber, rowsPerPage: q.rowsPerPage, name: q.text }, signal),
  );
  const del = useConfirmDelete(
    (k: KitListRow) => deleteKits([k.id]),
    (k) => `Play kit ${k.name}`,
    list.reload,
  );

  const columns: Column<KitListRow>[] = [
    {
      header: 'Edit',
      className: 'col-action',
      cell: (k) => (
        <Link
          to="/admin/managetestkit/{-$Id}/{-$ScentCardId}"
          params={{ Id: String(k.id) }}
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
        <Link to="/admin/managetestkit/{-$Id}/{-$ScentCardId}" params={{}} className="button">
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
        rows={list.data?.list ?? null}
        rowKey={(k) => k.id}
        error={list.error}
        onRetry={list.reload}
        empty={list.text ? `No play kit matches “${list.text}”.` : 'No play kits yet: add the first one.'}
      />
      <ListPager list={list} />
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
