import type { DeliveryRow, WebhookRow } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm';
import { Clip, type Column, DataTable, queryRows } from '../../ui/data-table';
import { ListPager, type useListUrl } from '../../ui/paged-list';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { at } from './at';
import { DELIVERY_STATUS_NAMES, durationText, EVENT_NAMES } from './format';
import { deliveryListQuery, useRedeliver } from './queries';

const STATUS_TAG = { pending: 'tag-off', delivered: 'tag-on', failed: 'tag-failing' } as const;

interface DeliveryLogProps {
  webhookId: number;
  /** The endpoint, when the list shows it (its address names the log). */
  endpoint: WebhookRow | undefined;
  list: ReturnType<typeof useListUrl>;
  /** The log's heading, which takes the focus when the log is opened from a row. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * An endpoint's delivery log (GetDeliveryList), newest first, a page at a time: each event sent,
 * its attempts and the receiver's answer. A failed delivery can be sent again (Redeliver), one or
 * all of them; each keeps its webhook-id, so a receiver that saw it before knows it.
 */
export function DeliveryLog({ webhookId, endpoint, list, headingRef }: DeliveryLogProps) {
  const rows = useQuery(deliveryListQuery(webhookId, list.page, list.pageSize));
  const redeliver = useRedeliver();
  const notify = useToast();
  const [askAll, setAskAll] = useState(false);
  const name = endpoint?.url ?? 'this webhook';

  async function send(body: { deliveryId: string } | { webhookId: number; status: 'failed' }) {
    try {
      const { queued } = await redeliver.mutateAsync(body);
      notify(
        queued ? 'success' : 'info',
        queued === 0
          ? 'No failed delivery to send again'
          : `${queued} ${queued === 1 ? 'delivery' : 'deliveries'} queued again`,
        'Redeliver',
      );
    } catch (err) {
      const t = failureToast(err, 'warning');
      notify(t.kind, t.message, 'Redeliver');
    }
  }

  const columns: Column<DeliveryRow>[] = [
    { header: 'Event', cell: (d) => EVENT_NAMES[d.event] },
    { header: 'Result', cell: (d) => (d.resultId ? <Clip text={d.resultId} className="clip-name" /> : '—') },
    {
      header: 'Status',
      cell: (d) => <span className={`tag ${STATUS_TAG[d.status]}`}>{DELIVERY_STATUS_NAMES[d.status]}</span>,
    },
    { header: 'Attempts', cell: (d) => d.attempts },
    { header: 'HTTP status', cell: (d) => d.httpStatus ?? '—' },
    { header: 'Duration', cell: (d) => durationText(d.durationMs) },
    { header: 'Last attempt', cell: (d) => at(d.lastAttemptAt) },
    { header: 'Next attempt', cell: (d) => at(d.nextAttemptAt) },
    {
      header: 'Response',
      cell: (d) => (d.responseSnippet ? <Clip text={d.responseSnippet} className="webhook-snippet" /> : '—'),
    },
    {
      header: 'Redeliver',
      className: 'col-action',
      cell: (d) =>
        d.status === 'failed' ? (
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={`Redeliver ${EVENT_NAMES[d.event]}${d.resultId ? ` of result ${d.resultId}` : ''} (${d.id})`}
            disabled={redeliver.isPending}
            onClick={() => void send({ deliveryId: d.id })}
          >
            Redeliver
          </button>
        ) : null,
    },
  ];

  return (
    <div className="stack webhook-log">
      <div className="page-head">
        <h2 ref={headingRef} tabIndex={-1}>
          Deliveries <span className="webhook-log-to">to {name}</span>
        </h2>
        <div className="actions">
          <button type="button" className="button button-ghost button-small" onClick={() => void rows.refetch()}>
            Refresh
          </button>
          <button type="button" className="button button-ghost button-small" onClick={() => setAskAll(true)}>
            Redeliver all failed
          </button>
        </div>
      </div>
      <DataTable
        caption={`Deliveries to ${name}`}
        columns={columns}
        {...queryRows(rows)}
        rowKey={(d) => d.id}
        empty="Nothing sent yet: deliveries show here as events are stored."
      />
      <ListPager list={list} total={rows.data?.totalCount} />
      <ConfirmDialog
        open={askAll}
        title="Redeliver all failed"
        message={`Send every failed delivery to ${name} again?`}
        detail="Each keeps its webhook-id, so the receiver can tell one it already has."
        confirmLabel="Redeliver all"
        busy={redeliver.isPending}
        onConfirm={() => {
          setAskAll(false);
          void send({ webhookId, status: 'failed' });
        }}
        onCancel={() => setAskAll(false)}
      />
    </div>
  );
}
