import { CARDS_PER_KIT, type ScentCardListRow, type TestKit } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable, queryRows } from '../../ui/data-table';
import { DeleteButton, EditIcon } from '../../ui/icons';
import { useConfirmDelete } from '../../ui/paged-list';
import { kitCardsQuery, useDeleteCard } from './queries';

/** The Scent Option Info tab: the kit's cards, to add, edit or delete. */
export function KitCards({ kit }: { kit: TestKit }) {
  const cards = useQuery(kitCardsQuery(kit.id));
  const remove = useDeleteCard();
  const del = useConfirmDelete(
    (c: ScentCardListRow) => remove.mutateAsync(c.id),
    (c) => c.name,
    () => {},
  );

  const columns: Column<ScentCardListRow>[] = [
    {
      header: 'Edit',
      className: 'col-action',
      cell: (c) => (
        <Link
          to="/admin/manageScentCard/$Id/$ScentCardId"
          params={{ Id: kit.id, ScentCardId: c.id }}
          className="icon-button"
          aria-label={`Edit ${c.name}`}
        >
          <EditIcon />
        </Link>
      ),
    },
    { header: 'Scent Card Page', cell: (c) => c.name },
    { header: 'Sort Order', cell: (c) => c.sortOrder },
    { header: 'Correct Answer', cell: (c) => c.title ?? '—' },
    { header: 'Options', cell: (c) => `${c.optionCount} / 5` },
    {
      header: 'Delete',
      className: 'col-action',
      cell: (c) => <DeleteButton label={`Delete ${c.name}`} onClick={() => del.ask(c)} />,
    },
  ];
  const full = (cards.data?.totalCount ?? 0) >= CARDS_PER_KIT;
  return (
    <div className="stack">
      <div className="page-head">
        <h2>Scent cards</h2>
        {full ? (
          <span className="hint">This kit has all 5 scent cards.</span>
        ) : (
          <Link to="/admin/manageScentCard/$Id/$ScentCardId" params={{ Id: kit.id, ScentCardId: 0 }} className="button">
            Add Scent Card
          </Link>
        )}
      </div>
      <DataTable
        caption={`Scent cards of ${kit.name}`}
        columns={columns}
        {...queryRows(cards)}
        rowKey={(c) => c.id}
        empty="No scent cards yet: a kit needs 5."
      />
      <ConfirmDialog {...del.dialog} />
    </div>
  );
}
