import type { ScentOption } from '@scentry/shared-schema';
import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable } from '../../ui/data-table';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { ListPager, SearchField, useConfirmDelete, usePagedSearch } from '../../ui/paged-list';
import { deleteScentOption, listScentOptions } from './api';

export function ScentOptionList() {
  const list = usePagedSearch((q, signal) =>
    listScentOptions({ pageNumber: q.pageNumber, rowsPerPage: q.rowsPerPage, title: q.text }, signal),
  );
  const del = useConfirmDelete(
    (o: ScentOption) => deleteScentOption(o.id),
    (o) => o.title,
    list.reload,
  );

  const columns: Column<ScentOption>[] = [
    {
      header: 'Edit',
      cell: (o) => (
        <Link
          to="/admin/editScentCardData/$Id"
          params={{ Id: String(o.id) }}
          className="icon-button"
          aria-label={`Edit ${o.title}`}
        >
          <EditIcon />
        </Link>
      ),
      className: 'col-action',
    },
    {
      header: 'Image',
      cell: (o) => <img src={o.storedPath} alt="" className="thumb" width="48" height="48" loading="lazy" />,
      className: 'col-thumb',
    },
    { header: 'Name', cell: (o) => o.title },
    {
      header: 'Delete',
      cell: (o) => (
        <button
          type="button"
          className="icon-button danger"
          aria-label={`Delete ${o.title}`}
          onClick={() => del.ask(o)}
        >
          <TrashIcon />
        </button>
      ),
      className: 'col-action',
    },
  ];

  return (
    <section className="stack">
      <div className="page-head">
        <h1>Scent options</h1>
        <Link to="/admin/createScentCardData" className="button">
          Add
        </Link>
      </div>
      <SearchField id="option-search" placeholder="Search by name" value={list.search} onChange={list.setSearch} />
      <DataTable
        caption="Scent options"
        columns={columns}
        rows={list.data?.list ?? null}
        rowKey={(o) => o.id}
        error={list.error}
        onRetry={list.reload}
        empty={list.text ? `No scent option matches “${list.text}”.` : 'No scent options yet: add the first one.'}
      />
      <ListPager list={list} />
      <ConfirmDialog {...del.dialog} />
    </section>
  );
}
