import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { EditIcon, KeyIcon, TrashIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import type { UserListRow } from './api';
import type { UserSortColumn } from './search';

interface Column {
  key: string;
  header: ReactNode;
  cell: (u: UserListRow) => ReactNode;
  sort?: UserSortColumn;
  className?: string;
}

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
  onDelete: (u: UserListRow) => void;
}

const fullName = (u: UserListRow) => `${u.firstName} ${u.lastName}`;

/**
 * The Users table: sortable headers (aria-sort says the order), a checkbox per row and one for the
 * page, and the row actions. The shared DataTable takes text headers only, hence this one.
 */
export function UserTable(props: UserTableProps) {
  const { rows, selected, onSelect, meId } = props;
  const selectable = (rows ?? []).filter((u) => u.id !== meId);
  const chosen = selectable.filter((u) => selected.has(u.id)).length;

  const columns: Column[] = [
    {
      key: 'select',
      className: 'col-action',
      header: (
        <PageCheckbox
          checked={chosen > 0 && chosen === selectable.length}
          mixed={chosen > 0 && chosen < selectable.length}
          disabled={selectable.length === 0}
          onChange={(on) =>
            onSelect(
              selectable.map((u) => u.id),
              on,
            )
          }
        />
      ),
      cell: (u) => (
        <input
          type="checkbox"
          className="users-check"
          aria-label={`Select ${fullName(u)}`}
          checked={selected.has(u.id)}
          disabled={u.id === meId}
          title={u.id === meId ? 'Your own account' : undefined}
          onChange={(e) => onSelect([u.id], e.target.checked)}
        />
      ),
    },
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
    { key: 'firstName', header: 'First Name', sort: 'firstName', cell: (u) => u.firstName },
    { key: 'lastName', header: 'Last Name', sort: 'lastName', cell: (u) => u.lastName },
    { key: 'email', header: 'Email', sort: 'email', cell: (u) => <span className="users-email">{u.email}</span> },
    { key: 'phone', header: 'Phone', sort: 'phone', cell: (u) => u.phone || '—' },
    { key: 'role', header: 'Role', sort: 'role', cell: (u) => u.role },
    { key: 'organization', header: 'Organization', sort: 'organizationName', cell: (u) => u.organizationName || '—' },
    {
      key: 'status',
      header: 'Status',
      sort: 'isActive',
      cell: (u) => (
        <span className={`tag ${u.isActive ? 'tag-on' : 'tag-off'}`}>{u.isActive ? 'Active' : 'Inactive'}</span>
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
        <button
          type="button"
          className="icon-button danger"
          aria-label={`Delete ${fullName(u)}`}
          disabled={u.id === meId}
          title={u.id === meId ? 'Your own account' : undefined}
          onClick={() => props.onDelete(u)}
        >
          <TrashIcon />
        </button>
      ),
    },
  ];

  if (props.error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{props.error}</p>
        <button type="button" className="button button-small" onClick={props.onRetry}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="table-wrap">
      <table className="table users-table" aria-busy={rows === null}>
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = c.sort !== undefined && c.sort === props.sort;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={c.className}
                  aria-sort={active ? (props.order === 'desc' ? 'descending' : 'ascending') : undefined}
                >
                  {c.sort ? (
                    <button type="button" className="users-sort" onClick={() => c.sort && props.onSort(c.sort)}>
                      {c.header}
                      <span aria-hidden="true" className={active ? 'users-sort-mark active' : 'users-sort-mark'}>
                        {active ? (props.order === 'desc' ? '▼' : '▲') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows === null ? (
            <tr>
              <td colSpan={columns.length} className="table-state">
                <Spinner /> Loading…
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-state">
                {props.empty}
              </td>
            </tr>
          ) : (
            rows.map((u) => (
              <tr key={u.id} className={selected.has(u.id) ? 'users-selected' : undefined}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className}>
                    {c.cell(u)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The header's checkbox: all rows of the page; "mixed" when only some are chosen. */
function PageCheckbox({
  checked,
  mixed,
  disabled,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="users-check"
      aria-label="Select every user on this page"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
