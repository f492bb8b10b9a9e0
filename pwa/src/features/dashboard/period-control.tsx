import { RESULTS_MSG } from '@scentry/shared-schema';
import { useId } from 'react';
import { DateRangeForm, type DayRange, type DayRangeErrors } from '../../ui/date-range';
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

  function checkDays({ from, to }: DayRange): DayRangeErrors {
    const next: DayRangeErrors = {};
    if (!from) next.from = RESULTS_MSG.datesRequired;
    if (!to) next.to = RESULTS_MSG.datesRequired;
    if (from && to && to < from) next.to = RESULTS_MSG.toBeforeFrom;
    return next;
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
        <DateRangeForm
          className="dashboard-dates"
          applied={{ from: search.from ?? '', to: search.to ?? '' }}
          max={today}
          check={checkDays}
          onApply={({ from, to }) =>
            onSearchChange((prev) => ({ ...prev, period: 'custom', from, to, group: undefined }))
          }
          submitLabel="Show"
        />
      )}
    </section>
  );
}
