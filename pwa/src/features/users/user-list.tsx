import { EMAIL_MAX, FILTER_TEXT_MAX, NAME_MAX, PHONE_MAX } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { getSession } from '../../lib/session';
import { ConfirmDialog } from '../../ui/confirm';
import { useRowSelection } from '../../ui/data-table';
import { ListScreen, type SearchProps, useConfirmDelete, useListSavedRow } from '../../ui/paged-list';
import { ResetPasswordDialog } from '../../ui/reset-password-dialog';
import { SAVED_LISTS } from '../../ui/saved-row';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { sendResetLink, type UserFilter, type UserListRow } from './api';
import { useClearTotp, useDeleteUsers, useResetPassword, userListQuery } from './queries';
import type { UserListSearch } from './search';
import { useUserListUrl } from './use-user-list-url';
import { UserTable } from './user-table';
import './users.css';

const FILTERS: { key: keyof UserFilter; label: string; maxLength: number }[] = [
  { key: 'firstName', label: 'First Name', maxLength: NAME_MAX },
  { key: 'lastName', label: 'Last Name', maxLength: NAME_MAX },
  { key: 'email', label: 'Email', maxLength: Math.min(EMAIL_MAX, FILTER_TEXT_MAX) },
  { key: 'phone', label: 'Phone', maxLength: PHONE_MAX },
];

const names = (rows: UserListRow[]) =>
  rows.length === 1 ? `${rows[0].firstName} ${rows[0].lastName}` : `${rows.length} users`;

/** /admin/user: filter, sort, page, select and delete users; reset a user's password. */
export function UserList({ search, onSearchChange }: SearchProps<UserListSearch>) {
  const list = useUserListUrl(search, onSearchChange);
  const query = userListQuery(search);
  const rows = useQuery(query);
  const selection = useRowSelection<number>(JSON.stringify(query.queryKey));
  const remove = useDeleteUsers();
  const meId = getSession()?.id;
  const [resetting, setResetting] = useState<UserListRow | null>(null);
  const resetPassword = useResetPassword();
  const notify = useToast();
  const [clearing, setClearing] = useState<UserListRow | null>(null);
  const clearTotp = useClearTotp();
  async function confirmClear() {
    if (!clearing) return;
    try {
      await clearTotp.mutateAsync(clearing.id);
      notify('success', `Two-step sign-in of ${clearing.firstName} ${clearing.lastName} cleared`, 'Two-step sign-in');
    } catch (err) {
      const t = failureToast(err, 'warning');
      notify(t.kind, t.message, 'Two-step sign-in');
    } finally {
      setClearing(null);
    }
  }
  const del = useConfirmDelete(
    (targets: UserListRow[]) => remove.mutateAsync(targets.map((u) => u.id)),
    names,
    () => selection.clear(),
  );

  const visible = rows.data?.list ?? null;
  // The server's default order is by id: a new user is last unless filtered or sorted otherwise.
  const savedKey = useListSavedRow(SAVED_LISTS.users, list, rows.data, (u) => u.id, !list.filtered && !search.sort);
  const chosen = (visible ?? []).filter((u) => selection.selected.has(u.id));

  return (
    <ListScreen
      title="Users"
      actions={
        <Link to="/admin/manageuser/{-$Id}" params={{ Id: 0 }} className="button">
          Add User
        </Link>
      }
      filters={
        <>
          <fieldset className="users-filters">
            <legend className="visually-hidden">Filter users</legend>
            {FILTERS.map((f) => (
              <div className="field" key={f.key}>
                <label htmlFor={`user-filter-${f.key}`}>{f.label}</label>
                <input
                  id={`user-filter-${f.key}`}
                  type="search"
                  inputMode={f.key === 'phone' ? 'tel' : f.key === 'email' ? 'email' : undefined}
                  maxLength={f.maxLength}
                  value={list.filter[f.key]}
                  onChange={(e) => list.setFilter(f.key, e.target.value)}
                />
              </div>
            ))}
          </fieldset>
          <div className="users-toolbar">
            <span className="hint" aria-live="polite">
              {chosen.length ? `${chosen.length} selected` : 'None selected'}
            </span>
            <button
              type="button"
              className="button button-small button-danger"
              disabled={chosen.length === 0}
              onClick={() => del.ask(chosen)}
            >
              Delete selected
            </button>
          </div>
        </>
      }
      list={list}
      total={rows.data?.totalCount}
      deleting={del.dialog}
      dialogs={
        <>
          <ConfirmDialog
            open={clearing !== null}
            title="Clear two-step sign-in"
            message={
              clearing
                ? `Clear the two-step sign-in of ${clearing.firstName} ${clearing.lastName} (${clearing.email})? Their sessions end and they sign in with their password alone until they set it up again. Do this only when you are sure it is them (a lost phone).`
                : ''
            }
            confirmLabel="Clear two-step sign-in"
            busy={clearTotp.isPending}
            onConfirm={() => void confirmClear()}
            onCancel={() => setClearing(null)}
          />
          <ResetPasswordDialog
            target={
              resetting && {
                userId: resetting.id,
                who: (
                  <>
                    <strong>{`${resetting.firstName} ${resetting.lastName}`}</strong> ({resetting.email})
                  </>
                ),
              }
            }
            reset={resetPassword.mutateAsync}
            sendLink={sendResetLink}
            onClose={() => setResetting(null)}
          />
        </>
      }
    >
      <UserTable
        rows={visible}
        error={rows.error?.message ?? null}
        onRetry={() => void rows.refetch()}
        empty={list.filtered ? 'No user matches these filters.' : 'No users yet: add the first one.'}
        sort={list.sort}
        order={list.order}
        onSort={list.toggleSort}
        selected={selection.selected}
        onSelect={selection.select}
        meId={meId}
        onResetPassword={setResetting}
        onClearTotp={setClearing}
        onDelete={(u) => del.ask([u])}
        savedKey={savedKey}
      />
    </ListScreen>
  );
}
