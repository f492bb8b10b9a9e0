import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useQuery } from '../../lib/use-query';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable, Pager, usePageSize } from '../../ui/data-table';
import { EditIcon, TrashIcon } from '../../ui/icons';
import { useToast } from '../../ui/toast';
import { useDebounced } from '../../ui/use-debounced';
import { deleteKits, type KitListRow, listKits } from './api';

export function KitList() {
  const notify = useToast();
  const [search, setSearch] = useState('');
  const name = useDebounced(search.trim(), 1000);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize();
  const [deleting, setDeleting] = useState<KitListRow | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, error, reload } = useQuery(
    (signal) => listKits({ pageNumber: page, rowsPerPage: pageSize, name }, signal),
    [page, pageSize, name],
  );

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteKits([deleting.id]);
      notify('success', `Play kit ${deleting.name} deleted`);
      reload();
    } catch (err) {
      notify('warning', (err as Error).message, 'Delete');
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  }

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
        <button
          type="button"
          className="icon-button danger"
          aria-label={`Delete ${k.name}`}
          onClick={() => setDeleting(k)}
        >
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
      <div className="field search">
        <label htmlFor="kit-search">Search</label>
        <input
          id="kit-search"
          type="search"
          placeholder="Search by play kit name"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <DataTable
        caption="Play kits"
        columns={columns}
        rows={data?.list ?? null}
        rowKey={(k) => k.id}
        error={error}
        onRetry={reload}
        empty={name ? `No play kit matches “${name}”.` : 'No play kits yet: add the first one.'}
      />
      {data && data.totalCount > 0 && (
        <Pager page={page} pageSize={pageSize} total={data.totalCount} onPage={setPage} onPageSize={setPageSize} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={busy}
        message={
          deleting
            ? `Are you sure you want to delete play kit ${deleting.name}? A kit with results is made inactive instead, and its printed QR codes stop working.`
            : undefined
        }
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
