import type { AuditRow } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, DataTable, queryRows } from '../../ui/data-table';
import { Field } from '../../ui/field';
import { ListPager, type SearchProps, useListUrl } from '../../ui/paged-list';
import { SelectField } from '../../ui/select-field';
import { auditQuery } from './queries';
import { AUDIT_ACTIONS, type AuditSearch } from './search';

const when = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** The audit log (Masters): who did what to which record, when and from where; newest first. */
export function AuditLog({ search, onSearchChange }: SearchProps<AuditSearch>) {
  const list = useListUrl(search, onSearchChange);
  const rows = useQuery(auditQuery(search));
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const setFilter = (patch: Partial<AuditSearch>) => onSearchChange((prev) => ({ ...prev, ...patch, page: undefined }));

  const columns: Column<AuditRow>[] = [
    { header: 'When (Pacific)', cell: (r) => when.format(new Date(r.at)) },
    { header: 'Who', cell: (r) => r.userEmail ?? '—' },
    { header: 'Action', cell: (r) => r.action },
    { header: 'Record', cell: (r) => `${r.entity}${r.entityId ? ` #${r.entityId}` : ''}` },
    { header: 'From', cell: (r) => r.address ?? '—' },
    { header: 'Detail', cell: (r) => r.detail ?? '' },
  ];

  return (
    <section className="stack">
      <h1>Audit log</h1>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ from: from || undefined, to: to || undefined });
        }}
      >
        <SelectField
          label="Action"
          value={search.action ?? null}
          placeholder="All actions"
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: a }))}
          onChange={(action) => setFilter({ action: action ?? undefined })}
        />
        <Field
          label="From (MM/DD/YYYY)"
          value={from}
          maxLength={10}
          inputMode="numeric"
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label="To (MM/DD/YYYY)"
          value={to}
          maxLength={10}
          inputMode="numeric"
          onChange={(e) => setTo(e.target.value)}
        />
        <div className="actions">
          <button type="submit" className="button button-small">
            Apply
          </button>
        </div>
      </form>
      <DataTable
        caption="Audit log"
        columns={columns}
        {...queryRows(rows)}
        rowKey={(r) => r.id}
        empty="Nothing recorded for these filters."
      />
      <ListPager list={list} total={rows.data?.totalCount} />
    </section>
  );
}
