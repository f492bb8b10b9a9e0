import type { ScentOption } from '@scentry/shared-schema';
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
import { scentOptionListQuery, useDeleteScentOption } from './queries';

export function ScentOptionList({ search, onSearchChange }: SearchProps<ListSearch>) {
  const list = useListUrl(search, onSearchChange);
  const rows = useQuery(scentOptionListQuery(search));
  const remove = useDeleteScentOption();
  const savedKey = useListSavedRow(SAVED_LISTS.scentOptions, list, rows.data, (o) => o.id);
  const del = useConfirmDelete(
    (o: ScentOption) => remove.mutateAsync(o.id),
    (o) => o.title,
    () => {},
  );

  const columns: Column<ScentOption>[] = [
    {
      header: 'Edit',
      cell: (o) => (
        <Link
          to="/admin/editScentCardData/$Id"
          params={{ Id: o.id }}
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
      cell: (o) => <DeleteButton label={`Delete ${o.title}`} onClick={() => del.ask(o)} />,
      className: 'col-action',
    },
  ];

  return (
    <ListScreen
      title="Scent options"
      actions={
        <Link to="/admin/createScentCardData" className="button">
          Add
        </Link>
      }
      filters={
        <SearchField id="option-search" placeholder="Search by name" value={list.search} onChange={list.setSearch} />
      }
      list={list}
      total={rows.data?.totalCount}
      deleting={del.dialog}
    >
      <DataTable
        caption="Scent options"
        columns={columns}
        {...queryRows(rows)}
        rowKey={(o) => o.id}
        savedKey={savedKey}
        empty={list.text ? `No scent option matches “${list.text}”.` : 'No scent options yet: add the first one.'}
      />
    </ListScreen>
  );
}
