import type { ScentOption } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ListSearch } from '../../lib/route-params';
import { type Column, DataTable, deleteColumn, editColumn, queryRows } from '../../ui/data-table';
import { EditIcon } from '../../ui/icons';
import { ListScreen, type SearchProps, useEditableList } from '../../ui/paged-list';
import { SAVED_LISTS } from '../../ui/saved-row';
import { scentOptionListQuery, useDeleteScentOption } from './queries';

export function ScentOptionList({ search, onSearchChange }: SearchProps<ListSearch>) {
  const rows = useQuery(scentOptionListQuery(search));
  const remove = useDeleteScentOption();
  const { list, savedKey, del } = useEditableList(search, onSearchChange, rows.data, {
    saved: SAVED_LISTS.scentOptions,
    keyOf: (o) => o.id,
    remove: (o: ScentOption) => remove.mutateAsync(o.id),
    name: (o) => o.title,
  });

  const columns: Column<ScentOption>[] = [
    editColumn((o) => (
      <Link
        to="/admin/editScentCardData/$Id"
        params={{ Id: o.id }}
        className="icon-button"
        aria-label={`Edit ${o.title}`}
      >
        <EditIcon />
      </Link>
    )),
    {
      header: 'Image',
      cell: (o) => <img src={o.storedPath} alt="" className="thumb" width="48" height="48" loading="lazy" />,
      className: 'col-thumb',
    },
    { header: 'Name', cell: (o) => o.title },
    deleteColumn((o) => o.title, del.ask),
  ];

  return (
    <ListScreen
      title="Scent options"
      actions={
        <Link to="/admin/createScentCardData" className="button">
          Add
        </Link>
      }
      searchBox={{ id: 'option-search', placeholder: 'Search by name' }}
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
