import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ListSearch } from '../../lib/route-params';
import { type Column, DataTable, deleteColumn, editColumn, queryRows } from '../../ui/data-table';
import { EditIcon } from '../../ui/icons';
import { ListScreen, type SearchProps, useEditableList } from '../../ui/paged-list';
import { SAVED_LISTS } from '../../ui/saved-row';
import type { KitListRow } from './api';
import { kitListQuery, useDeleteKit } from './queries';

export function KitList({ search, onSearchChange }: SearchProps<ListSearch>) {
  const rows = useQuery(kitListQuery(search));
  const remove = useDeleteKit();
  // The kit editor marks a saved kit (markSaved(SAVED_LISTS.kits, id, created)): shown here on return.
  const { list, savedKey, del } = useEditableList(search, onSearchChange, rows.data, {
    saved: SAVED_LISTS.kits,
    keyOf: (k) => k.id,
    remove: (k: KitListRow) => remove.mutateAsync(k.id),
    name: (k) => `Play kit ${k.name}`,
  });

  const columns: Column<KitListRow>[] = [
    editColumn((k) => (
      <Link
        to="/admin/managetestkit/{-$Id}/{-$ScentCardId}"
        params={{ Id: k.id, ScentCardId: undefined }}
        className="icon-button"
        aria-label={`Edit ${k.name}`}
      >
        <EditIcon />
      </Link>
    )),
    { header: 'Play Kit', cell: (k) => <strong>{k.name}</strong> },
    {
      header: 'Status',
      cell: (k) => (
        <span className={`tag ${k.isActive ? 'tag-on' : 'tag-off'}`}>{k.isActive ? 'Active' : 'Inactive'}</span>
      ),
    },
    { header: 'Scent cards', cell: (k) => `${k.cardCount} / 5` },
    { header: 'Pass threshold', cell: (k) => `${k.passThreshold} of 5` },
    deleteColumn((k) => k.name, del.ask),
  ];

  return (
    <ListScreen
      title="Play Kits"
      actions={
        <Link
          to="/admin/managetestkit/{-$Id}/{-$ScentCardId}"
          params={{ Id: 0, ScentCardId: undefined }}
          className="button"
        >
          Add Play Kit
        </Link>
      }
      searchBox={{ id: 'kit-search', placeholder: 'Search by play kit name' }}
      list={list}
      total={rows.data?.totalCount}
      deleting={{
        ...del.dialog,
        detail: del.target
          ? `Play kit ${del.target.name} is deleted, or made inactive if it has results, and its printed QR codes stop working.`
          : undefined,
      }}
    >
      <DataTable
        caption="Play kits"
        columns={columns}
        {...queryRows(rows)}
        rowKey={(k) => k.id}
        savedKey={savedKey}
        empty={list.text ? `No play kit matches “${list.text}”.` : 'No play kits yet: add the first one.'}
      />
    </ListScreen>
  );
}
