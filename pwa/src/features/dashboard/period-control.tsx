import { RESULTS_MSG } from '@scentry/shared-schema';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Field } from '../../ui/field';
import type { SearchChange } from '../../ui/paged-list';
import { type DashboardSearch, PERIODS, type PeriodKind } from './period';

/**
 * The dashboard's period: All time (the default), This month, Last 3 months, This year, or Custom
 * From/To days applied with Show. Every choice is in the URL (reload, Back and a shared link keep it).
 */
export function PeriodControl({
  search,
  onSearchChange,
  today,
}: {
  search: DashboardSearch;
  onSearchChange: SearchChange<DashboardSearch>;
  today: string;
}) {
  const ids = useId();
  const current: PeriodKind = search.period ?? 'all';
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  // Back or a link changed the days: the boxes show what the dashboard shows.
  useEffect(() => {
    setFrom(search.from ?? '');
    setTo(search.to ?? '');
    setErrors({});
  }, [search.from, search.to]);

  function choose(kind: PeriodKind) {
    // A new period picks its own grouping again.
    if (kind === 'custom') {
      onSearchChange((prev) => ({ ...prev, period: 'custom', group: undefined }));
      return;
    }
    onSearchChange((prev) => ({
      ...prev,
      period: kind === 'all' ? undefined : kind,
      from: undefined,
      to: undefined,
      group: undefined,
    }));
  }

  function onShow(e: FormEvent) {
    e.preventDefault();
    const next: { from?: string; to?: string } = {};
    if (!from) next.from = RESULTS_MSG.datesRequired;
    if (!to) next.to = RESULTS_MSG.datesRequired;
    if (from && to && to < from) next.to = RESULTS_MSG.toBeforeFrom;
    setErrors(next);
    if (next.from || next.to) return;
    onSearchChange((prev) => ({ ...prev, period: 'custom', from, to, group: undefined }));
  }

  return (
    <section className="dashboard-period" aria-label="Period">
      <fieldset className="dashboard-segments dashboard-periods">
        <legend className="visually-hidden">Period</legend>
        {PERIODS.map((p) => (
          <label key={p.value} className={p.value === current ? 'segment segment-on' : 'segment'}>
            <input
              type="radio"
              name={`${ids}-period`}
              value={p.value}
              checked={p.value === current}
              onChange={() => choose(p.value)}
            />
            {p.label}
          </label>
        ))}
      </fieldset>
      {current === 'custom' && (
        <form className="dashboard-dates" onSubmit={onShow} noValidate>
          <Field
            label="From Date"
            type="date"
            value={from}
            max={today}
            required
            error={errors.from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <Field
            label="To Date"
            type="date"
            value={to}
            min={from || undefined}
            required
            error={errors.to}
            onChange={(e) => setTo(e.target.value)}
          />
          <div className="dashboard-dates-go">
            <button type="submit" className="button">
              Show
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
