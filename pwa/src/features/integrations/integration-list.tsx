import { RETRY_DELAYS_MS, type SavedWebhook, type WebhookRow } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { allOrganizationsQuery } from '../../lib/all-organizations';
import { getSession, isAdmin } from '../../lib/session';
import { ConfirmDialog } from '../../ui/confirm';
import { Clip, type Column, DataTable, deleteColumn, queryRows } from '../../ui/data-table';
import { ListScreen, type SearchProps, useConfirmDelete, useListUrl } from '../../ui/paged-list';
import { SelectField } from '../../ui/select-field';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { at } from './at';
import { DeliveryLog } from './delivery-log';
import { EVENT_NAMES, failureText } from './format';
import { useDeleteWebhook, useRotateSecret, useSendTestEvent, webhookListQuery } from './queries';
import type { IntegrationSearch } from './search';
import { SecretDialog, type ShownSecret } from './secret-dialog';
import { WebhookForm, type WebhookTarget } from './webhook-form';
import './integrations.css';

/** How long a failing delivery is tried again, in hours. */
const RETRY_HOURS = Math.round(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000);

/** The organization whose endpoints are listed: the Admin's choice (all when none); a Client Admin's own. */
export const listedOrganization = (search: IntegrationSearch): number | null =>
  isAdmin(getSession()) ? (search.org ?? null) : null;

/**
 * /admin/integrations (issue 44): an organization's webhook endpoints, each with the events it
 * takes, whether it is on and whether its deliveries succeed; Add and Edit, the signing secret
 * shown once, a test event, Delete, and each endpoint's delivery log with Redeliver.
 */
export function IntegrationList({ search, onSearchChange }: SearchProps<IntegrationSearch>) {
  const admin = isAdmin(getSession());
  const orgId = listedOrganization(search);
  const list = useListUrl(search, onSearchChange);
  const rows = useQuery(webhookListQuery(orgId));
  const orgs = useQuery({ ...allOrganizationsQuery(), enabled: admin });
  const notify = useToast();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const sendTest = useSendTestEvent();
  const [editing, setEditing] = useState<WebhookTarget | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookRow | null>(null);
  const del = useConfirmDelete(
    (w: WebhookRow) => remove.mutateAsync(w.id),
    (w) => `The webhook to ${w.url}`,
    () => {},
  );
  const deleted = del.target;
  const logHeading = useRef<HTMLHeadingElement>(null);
  const focusLog = useRef(false);

  // The log's heading takes the focus once the log opened from a row is shown.
  useEffect(() => {
    if (focusLog.current && search.hook) {
      focusLog.current = false;
      logHeading.current?.focus();
    }
  }, [search.hook]);

  const organizationChoices = admin ? (orgs.data ?? []).map((o) => ({ value: o.id, label: o.name })) : null;
  const clientOrganization = admin ? null : (getSession()?.organizationId ?? null);
  const addTarget = (): WebhookTarget => ({ kind: 'new', organizationId: orgId ?? clientOrganization });

  function openLog(w: WebhookRow) {
    focusLog.current = true;
    onSearchChange((prev) => ({ ...prev, hook: w.id, page: undefined }));
    if (search.hook === w.id) {
      focusLog.current = false;
      logHeading.current?.focus();
    }
  }

  function onSaved(saved: SavedWebhook, values: { url: string; isNew: boolean }) {
    setEditing(null);
    if (saved.secret) setSecret({ url: values.url, secret: saved.secret, rotated: false });
  }

  async function confirmRotate() {
    if (!rotating) return;
    const w = rotating;
    try {
      const saved = await rotate.mutateAsync(w.id);
      setRotating(null);
      if (saved.secret) setSecret({ url: w.url, secret: saved.secret, rotated: true });
    } catch (err) {
      setRotating(null);
      const t = failureToast(err, 'warning');
      notify(t.kind, t.message, 'Rotate secret');
    }
  }

  async function test(w: WebhookRow) {
    try {
      await sendTest.mutateAsync(w.id);
      notify('success', `A test event is on its way to ${w.url}`, 'Send test event');
    } catch (err) {
      const t = failureToast(err, 'warning');
      notify(t.kind, t.message, 'Send test event');
    }
  }

  const columns: Column<WebhookRow>[] = [
    { header: 'URL', cell: (w) => <Clip text={w.url} className="webhook-url" /> },
    ...(admin && orgId === null
      ? [{ header: 'Organization', cell: (w: WebhookRow) => <Clip text={w.organizationName} className="clip-name" /> }]
      : []),
    {
      header: 'Events',
      cell: (w) => (
        <ul className="webhook-events-list">
          {w.events.map((e) => (
            <li key={e}>{EVENT_NAMES[e]}</li>
          ))}
        </ul>
      ),
    },
    {
      header: 'Active',
      cell: (w) => <span className={`tag ${w.isActive ? 'tag-on' : 'tag-off'}`}>{w.isActive ? 'On' : 'Off'}</span>,
    },
    {
      header: 'Status',
      cell: (w) =>
        w.status === 'ok' ? (
          <span className="tag tag-on">OK</span>
        ) : (
          <span className="webhook-failing">
            <span className="tag tag-failing">Failing</span> <span className="hint">{failureText(w.lastError)}</span>
          </span>
        ),
    },
    { header: 'Last delivery', cell: (w) => at(w.lastDeliveryAt) },
    {
      header: 'Actions',
      className: 'col-action col-webhook-actions',
      cell: (w) => (
        <div className="webhook-actions">
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={`Edit the webhook to ${w.url}`}
            onClick={() => setEditing({ kind: 'edit', row: w })}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={`Deliveries to ${w.url}`}
            aria-pressed={search.hook === w.id}
            onClick={() => openLog(w)}
          >
            Deliveries
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={`Send test event to ${w.url}`}
            disabled={sendTest.isPending}
            onClick={() => void test(w)}
          >
            Send test event
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={`Rotate secret of ${w.url}`}
            onClick={() => setRotating(w)}
          >
            Rotate secret
          </button>
        </div>
      ),
    },
    deleteColumn((w) => `the webhook to ${w.url}`, del.ask),
  ];

  const addButton = (
    <button type="button" className="button" onClick={() => setEditing(addTarget())}>
      Add webhook
    </button>
  );
  const hook = search.hook;
  return (
    <ListScreen
      title="Integrations"
      className="integrations"
      actions={addButton}
      lead={
        <p className="hint">
          Webhooks send each stored result and form to another system as it is stored, as FHIR R4, signed with the
          endpoint’s secret. A delivery that fails is tried again for about {RETRY_HOURS} hours.
        </p>
      }
      filters={
        admin ? (
          <div className="integrations-filters">
            <SelectField
              label="Organization"
              value={orgId}
              placeholder={
                orgs.isPending ? 'Loading…' : orgs.error ? 'Could not load organizations' : 'All organizations'
              }
              options={organizationChoices ?? []}
              onChange={(org) =>
                onSearchChange((prev) => ({ ...prev, org: org ?? undefined, hook: undefined, page: undefined }))
              }
            />
          </div>
        ) : null
      }
      list={list}
      total={undefined}
      deleting={{
        ...del.dialog,
        busy: del.dialog.busy,
        title: 'Delete webhook',
        message: deleted ? `Delete the webhook to ${deleted.url}?` : '',
        detail: 'Nothing more is sent to it, and its delivery log is deleted.',
        onConfirm: () => {
          if (deleted && deleted.id === hook) onSearchChange((prev) => ({ ...prev, hook: undefined, page: undefined }));
          del.dialog.onConfirm();
        },
      }}
      dialogs={
        <>
          {editing && (
            <WebhookForm
              target={editing}
              organizations={organizationChoices}
              onSaved={onSaved}
              onClose={() => setEditing(null)}
            />
          )}
          <SecretDialog shown={secret} onClose={() => setSecret(null)} />
          <ConfirmDialog
            open={rotating !== null}
            title="Rotate secret"
            message={rotating ? `Make a new secret for ${rotating.url}?` : ''}
            detail="The old secret stops working at once: the receiver needs the new one."
            confirmLabel="Rotate secret"
            busy={rotate.isPending}
            onConfirm={() => void confirmRotate()}
            onCancel={() => setRotating(null)}
          />
        </>
      }
    >
      <DataTable
        caption="Webhooks"
        columns={columns}
        {...queryRows(rows)}
        rowKey={(w) => w.id}
        empty={
          <div className="stack webhook-empty">
            <p>No webhooks yet. Add one to send results to another system as they are stored.</p>
            <p>
              <button type="button" className="button button-small" onClick={() => setEditing(addTarget())}>
                Add webhook
              </button>
            </p>
          </div>
        }
      />
      {hook ? (
        <DeliveryLog
          key={hook}
          webhookId={hook}
          endpoint={rows.data?.list.find((w) => w.id === hook)}
          list={list}
          headingRef={logHeading}
        />
      ) : null}
    </ListScreen>
  );
}
