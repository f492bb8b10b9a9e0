import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Clip, type SortableColumn, SortableTable, selectColumn } from '../../ui/data-table';
import { DeleteButton, EditIcon, KeyIcon } from '../../ui/icons';
import type { UserListRow } from './api';
import type { UserSortColumn } from './search';

type Column = SortableColumn<UserListRow, UserSortColumn>;

interface UserTableProps {
  rows: UserListRow[] | null;
  error: string | null;
  onRetry: () => void;
  empty: ReactNode;
  sort: UserSortColumn | undefined;
  order: 'asc' | 'desc' | undefined;
  onSort: (column: UserSortColumn) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  /** The signed-in Admin's own row: never deleted nor reset from here (Change Password is theirs). */
  meId: number | undefined;
  onResetPassword: (u: UserListRow) => void;
  /** An Admin's "Clear two-step sign-in" of a user who has it on. */
  onClearTotp: (u: UserListRow) => void;
  onDelete: (u: UserListRow) => void;
  /** The user just saved (ui/saved-row). */
  savedKey?: number | string;
}

const fullName = (u: UserListRow) => `${u.firstName} ${u.lastName}`;

/**
 * The Users table: sortable headers (aria-sort says the order), a checkbox per row and one for the
 * page, and the row actions.
 */
export function UserTable(props: UserTableProps) {
  const { rows, selected, onSelect, meId } = props;

  const columns: Column[] = [
    selectColumn({
      rows,
      idOf: (u) => u.id,
      selected,
      onSelect,
      className: 'users-check',
      pageLabel: 'Select every user on this page',
      rowLabel: (u) => `Select ${fullName(u)}`,
      locked: (u) => (u.id === meId ? 'Your own account' : undefined),
    }),
    {
      key: 'edit',
      header: 'Edit',
      className: 'col-action',
      cell: (u) => (
        <Link
          to="/admin/manageuser/{-$Id}"
          params={{ Id: u.id }}
          className="icon-button"
          aria-label={`Edit ${fullName(u)}`}
        >
          <EditIcon />
        </Link>
      ),
    },
    // Long texts are cut (Clip) so every column and action fits a 1366 px laptop (issue 24).
    {
      key: 'firstName',
      header: 'First Name',
      sort: 'firstName',
      cell: (u) => <Clip text={u.firstName} className="clip-name" />,
    },
    {
      key: 'lastName',
      header: 'Last Name',
      sort: 'lastName',
      cell: (u) => <Clip text={u.lastName} className="clip-name" />,
    },
    { key: 'email', header: 'Email', sort: 'email', cell: (u) => <Clip text={u.email} className="users-email" /> },
    { key: 'phone', header: 'Phone', sort: 'phone', cell: (u) => u.phone || '—' },
    { key: 'role', header: 'Role', sort: 'role', cell: (u) => u.role },
    {
      key: 'organization',
      header: 'Organization',
      sort: 'organizationName',
      cell: (u) => (u.organizationName ? <Clip text={u.organizationName} className="clip-name" /> : '—'),
    },
    {
      key: 'status',
      header: 'Status',
      sort: 'isActive',
      cell: (u) => (
        <span className={`tag ${u.isActive ? 'tag-on' : 'tag-off'}`}>{u.isActive ? 'Active' : 'Inactive'}</span>
      ),
    },
    {
      key: 'totp',
      header: 'Two-step',
      cell: (u) =>
        u.totpEnabled ? (
          <span className="users-totp">
            <span className="tag tag-on">On</span>
            <button
              type="button"
              className="button button-small button-ghost"
              aria-label={`Clear two-step sign-in of ${fullName(u)}`}
              title={
                u.id === meId
                  ? 'Turn off your own from Two-step sign-in in your menu'
                  : 'Clear two-step sign-in (lost phone)'
              }
              disabled={u.id === meId}
              onClick={() => props.onClearTotp(u)}
            >
              Clear
            </button>
          </span>
        ) : (
          <span className="tag tag-off">Off</span>
        ),
    },
    {
      key: 'reset',
      header: 'Password',
      className: 'col-action',
      cell: (u) => (
        <button
          type="button"
          className="icon-button"
          aria-label={`Reset password of ${fullName(u)}`}
          title={u.id === meId ? 'Use Change Password for your own account' : 'Reset password'}
          disabled={u.id === meId}
          onClick={() => props.onResetPassword(u)}
        >
          <KeyIcon />
        </button>
      ),
    },
    {
      key: 'delete',
      header: 'Delete',
      className: 'col-action',
      cell: (u) => (
        <DeleteButton
          label={`Delete ${fullName(u)}`}
          disabled={u.id === meId}
          title={u.id === meId ? 'Your own account' : undefined}
          onClick={() => props.onDelete(u)}
        />
      ),
    },
  ];

  return (
    <SortableTable
      caption="Users"
      className="users-table"
      columns={columns}
      rows={rows}
      rowKey={(u) => u.id}
      rowClassName={(u) => (selected.has(u.id) ? 'users-selected' : undefined)}
      error={props.error}
      onRetry={props.onRetry}
      empty={props.empty}
      sort={props.sort}
      order={props.order}
      onSort={props.onSort}
      savedKey={props.savedKey}
    />
  );
}
