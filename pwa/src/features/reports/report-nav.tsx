import { Link } from '@tanstack/react-router';
import { filterOnly, type ReportSearch } from './filters';

/**
 * The reports side by side: the menu shows only Pass/Fail Data (spec §2), so each report
 * links the others, carrying the filter along (not the table's page or order; Kit Insights has a
 * filter of its own and takes none).
 */
export function ReportNav({ search }: { search: ReportSearch }) {
  const filter: Record<string, unknown> = { ...filterOnly(search) };
  const current = { 'aria-current': 'page', className: 'report-tab is-on' } as const;
  return (
    <nav className="report-tabs" aria-label="Reports">
      <Link to="/admin/Reports/passFailData" search={filter} className="report-tab" activeProps={current}>
        Pass/Fail Data
      </Link>
      <Link to="/admin/Reports/dataLocation" search={filter} className="report-tab" activeProps={current}>
        Data Location
      </Link>
      <Link to="/admin/Reports/locationData" search={filter} className="report-tab" activeProps={current}>
        Location Map
      </Link>
      <Link to="/admin/Reports/kitInsights" className="report-tab" activeProps={current}>
        Kit Insights
      </Link>
    </nav>
  );
}
