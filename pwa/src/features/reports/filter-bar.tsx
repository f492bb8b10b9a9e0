import { RESULTS_MSG } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { QUERY_ROOTS, queryClient } from '../../lib/query';
import { getSession } from '../../lib/session';
import { DateRangeForm } from '../../ui/date-range';
import type { SearchChange } from '../../ui/paged-list';
import { SelectField } from '../../ui/select-field';
import { useToast } from '../../ui/toast';
import {
  checkDays,
  currentYear,
  type FilterErrors,
  type ReportSearch,
  rangeOf,
  todayIso,
  toUsDate,
  type Viewer,
} from './filters';
import { organizationChoicesQuery } from './queries';

/** A report's URL: the filter, and a page for the one report that has pages. */
export type ReportUrl = ReportSearch & { page?: number };

const DATA_SETS = [
  { value: 'A', label: 'All Data' },
  { value: 'N', label: 'Non-Organization Data' },
  { value: 'O', label: 'Organization Data' },
] as const;

/**
 * The three reports' filter (spec §4, §5): search by month (the current year) or by date (From and
 * To, applied with Search), and for an Admin the data set: all, none, or one organization. A
 * Client Admin's reports are their organization's, said in a line. Every choice lives in the URL.
 */
export function ReportFilterBar({
  search,
  onSearchChange,
  viewer,
  urlErrors,
}: {
  search: ReportSearch;
  onSearchChange: SearchChange<ReportUrl>;
  viewer: Viewer;
  /** What is wrong with the filter in the URL (a hand-edited address, an organization not chosen). */
  urlErrors: FilterErrors;
}) {
  const notify = useToast();
  const ids = useId();
  const byDate = search.mode === 'date';
  const applied = rangeOf(search);
  const year = currentYear();

  function chooseMode(mode: 'month' | 'date') {
    if (mode === 'month') {
      // Back to the current year: asked again, not served from what was seen before (spec §4).
      void queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.reports, refetchType: 'none' });
      onSearchChange((prev) => ({ ...prev, mode: undefined, from: undefined, to: undefined, page: undefined }));
    } else {
      // The days start as the year shown: nothing changes until From or To does.
      onSearchChange((prev) => ({ ...prev, mode: 'date', from: year.from, to: year.to, page: undefined }));
    }
  }

  return (
    <section className="report-filters" aria-label="Report filters">
      <fieldset className="report-mode">
        <legend className="visually-hidden">Period</legend>
        <label className={byDate ? 'report-mode-option' : 'report-mode-option is-on'}>
          <input
            type="radio"
            name={`${ids}-mode`}
            value="month"
            checked={!byDate}
            onChange={() => chooseMode('month')}
          />
          Search by month
        </label>
        <label className={byDate ? 'report-mode-option is-on' : 'report-mode-option'}>
          <input type="radio" name={`${ids}-mode`} value="date" checked={byDate} onChange={() => chooseMode('date')} />
          Search by date
        </label>
      </fieldset>

      {byDate ? (
        <DateRangeForm
          className="report-dates"
          applied={{ from: applied.from ?? '', to: applied.to ?? '' }}
          max={todayIso()}
          check={checkDays}
          otherErrors={urlErrors}
          // spec §8: the order of the days is a warning.
          onRefused={(errors) => {
            if (errors.to === RESULTS_MSG.toBeforeFrom) notify('warning', RESULTS_MSG.toBeforeFrom, 'Reports');
          }}
          onApply={({ from, to }) => onSearchChange((prev) => ({ ...prev, mode: 'date', from, to, page: undefined }))}
          submitLabel="Search"
        />
      ) : (
        <p className="report-period" data-testid="report-period">
          <span>
            <strong>{year.from.slice(0, 4)}</strong>, month by month
          </span>{' '}
          <span className="hint">
            ({toUsDate(year.from)} to {toUsDate(year.to)})
          </span>
        </p>
      )}

      {viewer.admin ? (
        <DataSetChoice search={search} onSearchChange={onSearchChange} error={urlErrors.organization} />
      ) : (
        <p className="report-scope" data-testid="report-scope">
          Reports of <strong>{getSession()?.organizationName ?? 'your organization'}</strong>
        </p>
      )}
    </section>
  );
}

/** The Admin's data set: All Data, Non-Organization Data, or one organization (then required). */
function DataSetChoice({
  search,
  onSearchChange,
  error,
}: {
  search: ReportSearch;
  onSearchChange: SearchChange<ReportUrl>;
  error: string | undefined;
}) {
  const set = search.set ?? 'A';
  const organizations = useQuery({ ...organizationChoicesQuery(), enabled: set === 'O' });
  return (
    <div className="report-data-set">
      <SelectField
        label="Data set"
        value={set}
        options={DATA_SETS.map((d) => ({ value: d.value, label: d.label }))}
        onChange={(value) =>
          onSearchChange((prev) => ({
            ...prev,
            set: value === 'N' || value === 'O' ? value : undefined,
            org: undefined,
            page: undefined,
          }))
        }
      />
      {set === 'O' && (
        <SelectField
          label="Organization"
          value={search.org ?? null}
          placeholder={organizations.isPending ? 'Loading…' : 'Select an organization'}
          options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          error={error}
          onChange={(org) => onSearchChange((prev) => ({ ...prev, org: org ?? undefined, page: undefined }))}
        />
      )}
    </div>
  );
}
