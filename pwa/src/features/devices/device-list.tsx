import type { DeviceRow } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm';
import { type Column, DataTable, queryRows } from '../../ui/data-table';
import { ListPager, SearchField, type SearchProps, useListUrl } from '../../ui/paged-list';
import { useToast } from '../../ui/toast';
import { failureToast } from '../../ui/use-form';
import { deviceListQuery, useDismissGaps } from './queries';
import type { DeviceSearch } from './search';
import './devices.css';

const when = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  dateStyle: 'short',
  timeStyle: 'short',
});
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

/** A device as staff know it: its tablet name, else "Phone" and its build. */
export const deviceName = (d: Pick<DeviceRow, 'name' | 'build'>): string => d.name ?? `Phone (${d.build})`;

/** The missing numbers as a short list: "4, 7–9 and 3 more". */
export function missingText(d: Pick<DeviceRow, 'missingCount' | 'missingSeqs'>): string {
  if (d.missingCount === 0) return 'None';
  const ranges: string[] = [];
  for (let i = 0; i < d.missingSeqs.length; ) {
    let j = i;
    while (j + 1 < d.missingSeqs.length && d.missingSeqs[j + 1] === (d.missingSeqs[j] as number) + 1) j++;
    ranges.push(j > i ? `${d.missingSeqs[i]}–${d.missingSeqs[j]}` : String(d.missingSeqs[i]));
    i = j + 1;
  }
  const shown = ranges.slice(0, 5).join(', ');
  const listed = ranges.slice(0, 5).reduce((n, r) => {
    const [a, b] = r.split('–').map(Number);
    return n + (b === undefined ? 1 : (b as number) - (a as number) + 1);
  }, 0);
  const more = d.missingCount - listed;
  return `${d.missingCount} (no. ${shown}${more > 0 ? ` and ${more} more` : ''})`;
}

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
    { header: 'Last contact (Pacific)', cell: (d) => at(d.lastContactAt) },
    { header: 'Received', cell: (d) => d.receivedCount },
    { header: 'Waiting on the device', cell: (d) => d.pending },
    {
      header: 'Missing on the server',
      cell: (d) => <span className={d.missingCount ? 'device-missing' : undefined}>{missingText(d)}</span>,
    },
    { header: 'Last result (Pacific)', cell: (d) => at(d.lastResultAt) },
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

  return (
    <section className="stack">
      <h1>Devices</h1>
      <p className="hint">
        Every phone or tablet that has played and reported. Missing records are those a device numbered and the server
        never received, counted since its last report: what a device made after its last report and then lost (its
        storage cleared) cannot be seen.
      </p>
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
      <DataTable
        caption="Devices"
        columns={columns}
        {...queryRows(rows)}
        rowKey={(d) => d.deviceId}
        empty={search.attention ? 'No device needs attention.' : 'No devices have reported yet.'}
      />
      <ListPager list={list} total={rows.data?.totalCount} />
      <ConfirmDialog
        open={dismissing !== null}
        title="Dismiss missing records"
        message={
          dismissing
            ? `Mark the ${dismissing.missingCount} missing record${dismissing.missingCount === 1 ? '' : 's'} of ${deviceName(dismissing)} as known?`
            : ''
        }
        detail="They will no longer be flagged; a record that goes missing later will be. Nothing is deleted."
        confirmLabel="Dismiss"
        busy={dismiss.isPending}
        onConfirm={() => void confirmDismiss()}
        onCancel={() => setDismissing(null)}
      />
    </section>
  );
}
