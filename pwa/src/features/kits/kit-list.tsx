import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ListSearch } from '../../lib/route-params';
import { type Column, DataTable, queryRows } from '../../ui/data-table';
import { DeleteButton, EditIcon } from '../../ui/icons';
import {
  ListScreen,
  SearchField,
  type SearchProps,
  useConfirmDelete,
  useListSavedRow,
  useListUrl,
} from '../../ui/paged-list';
import { SAVED_LISTS } from '../../ui/saved-row';
import type { KitListRow } from './api';
import { kitListQuery, useDeleteKit } from './queries';

export function KitList({ search, onSearchChange }: SearchProps<ListSearch>) {
  const list = useListUrl(search, onSearchChange);
  const rows = useQuery(kitListQuery(search));
  const remove = useDeleteKit();
  // The kit editor marks a saved kit (markSaved(SAVED_LISTS.kits, id, created)): shown here on return.
  const savedKey = useListSavedRow(SAVED_LISTS.kits, list, rows.data, (k) => k.id);
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
      cell: (k) => <DeleteButton label={`Delete ${k.name}`} onClick={() => del.ask(k)} />,
    },
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
      filters={
        <SearchField
          id="kit-search"
          placeholder="Search by play kit name"
          value={list.search}
          onChange={list.setSearch}
        />
      }
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
