import { getSession, isAdmin } from '../../lib/session';
import type { SearchProps } from '../../ui/paged-list';
import { DashboardCards } from './dashboard-cards';
import { LatestFails, type ResultDetailView } from './latest-fails';
import { type DashboardSearch, laToday, periodLabel, periodRange } from './period';
import { PeriodControl } from './period-control';
import { DashboardTrend } from './trend';
import './dashboard.css';

/**
 * /admin/dashboard for staff (spec §2; issue 24): a period (in the URL) that drives the four
 * counts, the trend and the latest Fails. A Client Admin's figures are their organization's
 * (the server scopes every call by the token).
 */
export function DashboardScreen({
  search,
  onSearchChange,
  ResultDetail,
}: SearchProps<DashboardSearch> & { ResultDetail: ResultDetailView }) {
  const admin = isAdmin(getSession());
  const today = laToday();
  const range = periodRange(search, today);

  return (
    <section className="stack dashboard">
      <h1>Dashboard</h1>
      <PeriodControl search={search} onSearchChange={onSearchChange} today={today} />
      {!range.ok ? (
        <p className="notice" role="status" data-testid="period-invalid">
          {range.message}
        </p>
      ) : (
        <>
          <p className="hint dashboard-period-text" data-testid="period-text">
            {range.from && range.to
              ? `${periodLabel(range.from, 'day')} to ${periodLabel(range.to, 'day')}`
              : 'All time'}
            {' · '}days in Los Angeles time
          </p>
          <DashboardCards range={range} admin={admin} />
          <div className="dashboard-grid">
            <DashboardTrend
              range={range}
              group={search.group}
              onGroupChange={(group) => onSearchChange((prev) => ({ ...prev, group }), true)}
            />
            <LatestFails range={range} admin={admin} Detail={ResultDetail} />
          </div>
        </>
      )}
    </section>
  );
}
