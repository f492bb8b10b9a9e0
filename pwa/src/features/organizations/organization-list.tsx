import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ListSearch } from '../../lib/route-params';
import { ConfirmDialog } from '../../ui/confirm';
import { Clip, type Column, DataTable, deleteColumn, editColumn, queryRows } from '../../ui/data-table';
import { EditIcon, KeyIcon } from '../../ui/icons';
import { ListScreen, type SearchProps, useEditableList } from '../../ui/paged-list';
import { ResetPasswordDialog } from '../../ui/reset-password-dialog';
import { SAVED_LISTS } from '../../ui/saved-row';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { type OrganizationRow, sendOrganizationResetLink } from './api';
import { INACTIVATE_MESSAGE, INACTIVATE_TITLE } from './messages';
import {
  organizationListQuery,
  useDeleteOrganization,
  useResetOrganizationPassword,
  useSetOrganizationActive,
} from './queries';
import './organizations.css';

/** The Client list (spec §2): organizations and medical providers with their Client Admin. */
export function OrganizationList({ search, onSearchChange }: SearchProps<ListSearch>) {
  const notify = useToast();
  const rows = useQuery(organizationListQuery(search));
  const remove = useDeleteOrganization();
  const { list, savedKey, del } = useEditableList(search, onSearchChange, rows.data, {
    saved: SAVED_LISTS.organizations,
    keyOf: (o) => o.organizationId,
    remove: (o: OrganizationRow) => remove.mutateAsync(o.organizationId),
    name: (o) => o.organizationName,
  });
  const setActive = useSetOrganizationActive();
  const [resetFor, setResetFor] = useState<OrganizationRow | null>(null);
  const resetPassword = useResetOrganizationPassword();
  const [toInactivate, setToInactivate] = useState<OrganizationRow | null>(null);
  // The switch shows where it is going while the change is saved.
  const [switching, setSwitching] = useState<Record<number, boolean>>({});

  async function changeActive(o: OrganizationRow, active: boolean) {
    setSwitching((s) => ({ ...s, [o.organizationId]: active }));
    try {
      await setActive.mutateAsync({ id: o.organizationId, active });
      notify('success', `${o.organizationName} is now ${active ? 'active' : 'inactive'}`, 'Organization');
    } catch (err) {
      const t = failureToast(err, 'warning');
      notify(t.kind, t.message, 'Organization');
    } finally {
      setSwitching(({ [o.organizationId]: _done, ...rest }) => rest);
    }
  }

  function onSwitch(o: OrganizationRow, active: boolean) {
    // spec §4: switching to inactive asks first; declining leaves it active.
    if (active) void changeActive(o, true);
    else setToInactivate(o);
  }

  const columns: Column<OrganizationRow>[] = [
    editColumn((o) => (
      <Link
        to="/admin/manageOrganization/{-$Id}"
        params={{ Id: o.organizationId }}
        className="icon-button"
        aria-label={`Edit ${o.organizationName}`}
      >
        <EditIcon />
      </Link>
    )),
    {
      header: 'Reset Password',
      className: 'col-action',
      cell: (o) => (
        <button
          type="button"
          className="icon-button"
          aria-label={`Reset the password of ${o.organizationName}'s user`}
          disabled={o.userId === null}
          onClick={() => setResetFor(o)}
        >
          <KeyIcon />
        </button>
      ),
    },
    {
      header: 'Name',
      cell: (o) => (
        <>
          <strong>
            <Clip text={o.organizationName} className="clip-name" />
          </strong>
          <span className="org-type">{o.clientType}</span>
        </>
      ),
    },
    {
      header: 'Contact Person',
      cell: (o) =>
        o.organizationContactPerson ? <Clip text={o.organizationContactPerson} className="clip-name" /> : '—',
    },
    { header: 'User Email', cell: (o) => (o.userEmail ? <Clip text={o.userEmail} /> : '—') },
    {
      // DESIGN.md §7: a password is never shown, only whether one is set.
      header: 'Password',
      cell: (o) =>
        o.hasPassword ? (
          <span className="org-password">
            <span aria-hidden="true">••••••••</span> Set
          </span>
        ) : (
          'Not set'
        ),
    },
    {
      header: 'Status',
      cell: (o) => {
        const on = switching[o.organizationId] ?? o.organizationIsActive;
        return (
          <label className="switch org-switch">
            <input
              type="checkbox"
              role="switch"
              checked={on}
              aria-checked={on}
              disabled={o.organizationId in switching}
              aria-label={`${o.organizationName} active`}
              onChange={(e) => onSwitch(o, e.target.checked)}
            />
            <span className={`tag ${on ? 'tag-on' : 'tag-off'}`}>{on ? 'Active' : 'Inactive'}</span>
          </label>
        );
      },
    },
    deleteColumn((o) => o.organizationName, del.ask),
  ];

  return (
    <ListScreen
      title="Client"
      actions={
        <Link to="/admin/manageOrganization/{-$Id}" params={{ Id: undefined }} className="button">
          Add Organization
        </Link>
      }
      searchBox={{ id: 'organization-search', placeholder: 'Search by Oraganization Details' }}
      list={list}
      total={rows.data?.totalCount}
      deleting={del.dialog}
      dialogs={
        <>
          <ConfirmDialog
            open={toInactivate !== null}
            title={INACTIVATE_TITLE}
            message={INACTIVATE_MESSAGE}
            confirmLabel="Make Inactive"
            onCancel={() => setToInactivate(null)}
            onConfirm={() => {
              const o = toInactivate;
              setToInactivate(null);
              if (o) void changeActive(o, false);
            }}
          />
          <ResetPasswordDialog
            target={
              resetFor && {
                userId: resetFor.userId,
                who: (
                  <>
                    the user of <strong>{resetFor.organizationName}</strong>
                    {resetFor.userEmail ? ` (${resetFor.userEmail})` : ''}
                  </>
                ),
              }
            }
            reset={resetPassword.mutateAsync}
            sendLink={sendOrganizationResetLink}
            onClose={() => setResetFor(null)}
          />
        </>
      }
    >
      <div className="org-table">
        <DataTable
          caption="Organizations and medical providers"
          columns={columns}
          {...queryRows(rows)}
          rowKey={(o) => o.organizationId}
          savedKey={savedKey}
          empty={list.text ? `No organization matches “${list.text}”.` : 'No organizations yet: add the first one.'}
        />
      </div>
    </ListScreen>
  );
}
