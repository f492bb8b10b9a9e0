import type { ReactNode } from 'react';
import type { SearchChange } from '../../ui/paged-list';
import { ReportFilterBar, type ReportUrl } from './filter-bar';
import { checkSearch, type ReportBody, type ReportSearch } from './filters';
import { currentViewer } from './queries';
import { ReportNav } from './report-nav';
import './reports.css';

/** A report screen's props: its filter (validated) and how it changes its URL. */
export interface ReportProps {
  search: ReportSearch;
  onSearchChange: SearchChange<ReportUrl>;
}

/**
 * A report screen's frame: its title, the links to the other reports, the shared filter bar, and
 * the report itself once the filter holds (its request body); until then, what is missing.
 */
export function ReportFrame({
  title,
  search,
  onSearchChange,
  children,
}: ReportProps & { title: string; children: (body: ReportBody) => ReactNode }) {
  const viewer = currentViewer();
  const check = checkSearch(search, viewer);
  const errors = check.ok ? {} : check.errors;
  return (
    <section className="report stack" aria-labelledby="report-title">
      <div className="page-head">
        <h1 id="report-title">{title}</h1>
      </div>
      <ReportNav search={search} />
      <ReportFilterBar search={search} onSearchChange={onSearchChange} viewer={viewer} urlErrors={errors} />
      {check.ok ? (
        children(check.body)
      ) : (
        <p className="notice notice-warning" data-testid="report-blocked">
          {errors.organization
            ? 'Choose an organization to see its report.'
            : 'Check From Date and To Date above to see the report.'}
        </p>
      )}
    </section>
  );
}
