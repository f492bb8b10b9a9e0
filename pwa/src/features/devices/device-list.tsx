import type { DeviceRow } from '@scentry/shared-schema';
import { formatResultDate, formatResultTime } from '@scentry/shared-schema/result-document';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable, queryRows } from '../../ui/data-table';
import { ListScreen, SearchField, type SearchProps, useListUrl } from '../../ui/paged-list';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { deviceName, missingText } from './format';
import { deviceListQuery, useDismissGaps } from './queries';
import type { DeviceSearch } from './search';
import './devices.css';

/** A time as the results list shows it: the date (MM/DD/YYYY) and the time in Los Angeles with its zone. */
const at = (iso: string | null) =>
  iso ? (
    <time dateTime={iso}>
      <span>{formatResultDate(iso)}</span> <span className="hint">{formatResultTime(iso)}</span>
    </time>
  ) : (
    '—'
  );

/**
 * /admin/devices (issue 43): every install that reported, what still waits on it and what never
 * reached the server. "Needs attention": something missing, or waiting for over an hour.
 */
export function DeviceList({ search, onSearchChange }: SearchProps<DeviceSearch>) {
  const list = useListUrl(search, onSearchChange);
  const rows = useQuery(deviceListQuery(search));
  const dismiss = useDismissGaps();
  const notify = useToast();
  const [dismissing, setDismissing] = useState<DeviceRow | null>(null);
  const [attention, setAttention] = useState(search.attention === true);
  // Back or a link changed the URL: the box shows what the list shows.
  useEffect(() => setAttention(search.attention === true), [search.attention]);

  async function confirmDismiss() {
    if (!dismissing) return;
    try {
      await dismiss.mutateAsync(dismissing.deviceId);
      notify('success', `The missing records of ${deviceName(dismissing)} are marked as known`, 'Devices');
    } catch (err) {
      const t = failureToast(err, 'warning');
      notify(t.kind, t.message, 'Devices');
    } finally {
      setDismissing(null);
    }
  }

  const columns: Column<DeviceRow>[] = [
    { header: 'Device', cell: (d) => <span className="device-name">{deviceName(d)}</span> },
    { header: 'Last contact', cell: (d) => at(d.lastContactAt) },
    { header: 'Received', cell: (d) => d.receivedCount },
    { header: 'Waiting on the device', cell: (d) => d.pending },
    {
      header: 'Missing on the server',
      cell: (d) => <span className={d.missingCount ? 'device-missing' : undefined}>{missingText(d)}</span>,
    },
    { header: 'Last result', cell: (d) => at(d.lastResultAt) },
    {
      header: 'Dismiss',
      className: 'col-action',
      cell: (d) =>
        d.missingCount > 0 ? (
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={`Dismiss the missing records of ${deviceName(d)}`}
            onClick={() => setDismissing(d)}
          >
            Dismiss
          </button>
        ) : null,
    },
  ];

  const count = dismissing?.missingCount ?? 0;
  return (
    <ListScreen
      title="Devices"
      lead={
        <p className="hint">
          Each phone or tablet that has played and reported to the server. “Missing on the server” counts what a device
          recorded that never arrived, since its last report: if a device’s storage is cleared, what it made after its
          last report cannot be known.
        </p>
      }
      filters={
        <div className="devices-filters">
          <SearchField
            id="device-search"
            placeholder="Tablet name or build"
            value={list.search}
            onChange={list.setSearch}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={attention}
              onChange={(e) => {
                // Ticked at once; the URL (and the list) follow.
                setAttention(e.target.checked);
                onSearchChange((prev) => ({ ...prev, attention: e.target.checked || undefined, page: undefined }));
              }}
            />
            Needs attention
          </label>
        </div>
      }
      list={list}
      total={rows.data?.totalCount}
      dialogs={
        <ConfirmDialog
          open={dismissing !== null}
          title="Dismiss missing records"
          message={
            dismissing
              ? `Mark the ${count} missing record${count === 1 ? '' : 's'} of ${deviceName(dismissing)} as known?`
              : ''
          }
          detail={`${count === 1 ? 'It' : 'They'} will no longer be flagged. Nothing is deleted, and a record that goes missing later is flagged again.`}
          confirmLabel="Dismiss"
          busy={dismiss.isPending}
          onConfirm={() => void confirmDismiss()}
          onCancel={() => setDismissing(null)}
        />
      }
    >
      <DataTable
        caption="Devices"
        columns={columns}
        {...queryRows(rows)}
        rowKey={(d) => d.deviceId}
        empty={search.attention ? 'No device needs attention.' : 'No devices have reported yet.'}
      />
    </ListScreen>
  );
}
