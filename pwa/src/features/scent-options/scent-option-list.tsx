import type { ScentOption } from '@scentry/shared-schema';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useQuery } from '../../lib/use-query';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable, Pager, usePageSize } from '../../ui/data-table';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { useToast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { deleteScentOption, listScentOptions } from './api';

export function ScentOptionList() {
  const notify = useToast();
  const [search, setSearch] = useState('');
  const title = useDebounced(search.trim(), 1000);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize();
  const [deleting, setDeleting] = useState<ScentOption | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, error, reload } = useQuery(
    (signal) => listScentOptions({ pageNumber: page, rowsPerPage: pageSize, title }, signal),
    [page, pageSize, title],
  );

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteScentOption(deleting.id);
      notify('success', `${deleting.title} deleted`);
      setDeleting(null);
      reload();
    } catch (err) {
      notify('warning', (err as Error).message, 'Delete');
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

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
          onClick={() => setDeleting(o)}
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
      <div className="field search">
        <label htmlFor="option-search">Search</label>
        <input
          id="option-search"
          type="search"
          placeholder="Search by name"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        caption="Scent options"
        columns={columns}
        rows={data?.list ?? null}
        rowKey={(o) => o.id}
        error={error}
        onRetry={reload}
        empty={title ? `No scent option matches “${title}”.` : 'No scent options yet: add the first one.'}
      />
      {data && data.totalCount > 0 && (
        <Pager page={page} pageSize={pageSize} total={data.totalCount} onPage={setPage} onPageSize={setPageSize} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
