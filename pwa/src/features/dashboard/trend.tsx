import type { TrendGroup, TrendPoint } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Spinner } from '../../ui/spinner';
import { autoGroup, GROUPS, groupFits, laToday, type PeriodRange, periodLabel } from './period';
import { firstPlayQuery, trendQuery } from './queries';

// uPlot (and its CSS) loads with the chart only: the counts and the table show at once without it.
const TrendChart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

type Days = Extract<PeriodRange, { ok: true }>;

const retryBox = (message: string, retry: () => void) => (
  <div className="notice notice-error" role="alert">
    <p>{message}</p>
    <button type="button" className="button button-small" onClick={retry}>
      Try again
    </button>
  </div>
);

/**
 * The trend of the period: plays, passes and fails by day, week or month (picked from the period's
 * length unless chosen). "All time" starts at the first play. The chart is a picture; its table
 * (hidden but read by screen readers, shown with "Show table") says the same.
 */
export function DashboardTrend({
  range,
  group,
  onGroupChange,
}: {
  range: Days;
  group: TrendGroup | undefined;
  onGroupChange: (group: TrendGroup | undefined) => void;
}) {
  const today = laToday();
  const allTime = !range.from;
  const first = useQuery({ ...firstPlayQuery(), enabled: allTime });
  const from = range.from ?? (first.data ? laToday(new Date(first.data)) : undefined);
  const to = range.to ?? today;

  let body: ReactNode;
  if (allTime && first.error)
    body = retryBox(`The trend could not be loaded: ${first.error.message}`, () => void first.refetch());
  else if (allTime && first.isPending) body = <Loading />;
  else if (!from || from > to)
    body = <p className="hint dashboard-empty">No plays yet: the trend starts with the first one.</p>;
  else {
    const picked = autoGroup(from, to);
    const chosen = group && groupFits(from, to, group) ? group : picked;
    return (
      <TrendBody
        from={from}
        to={to}
        group={chosen}
        onGroupChange={(g) => onGroupChange(g === picked ? undefined : g)}
      />
    );
  }
  return (
    <section className="dashboard-panel" aria-labelledby="trend-title">
      <h2 id="trend-title">Trend</h2>
      {body}
    </section>
  );
}

function Loading() {
  return (
    <p className="hint">
      <Spinner /> Loading…
    </p>
  );
}

function TrendBody({
  from,
  to,
  group,
  onGroupChange,
}: {
  from: string;
  to: string;
  group: TrendGroup;
  onGroupChange: (group: TrendGroup) => void;
}) {
  const ids = useId();
  const [showTable, setShowTable] = useState(false);
  const trend = useQuery(trendQuery(from, to, group));
  const points = trend.data;
  const total = points?.reduce((n, p) => n + p.total, 0) ?? 0;
  const groupName = GROUPS.find((g) => g.value === group)?.label.toLowerCase() ?? group;

  return (
    <section className="dashboard-panel" aria-labelledby="trend-title">
      <div className="dashboard-panel-head">
        <h2 id="trend-title">Trend</h2>
        <fieldset className="dashboard-segments">
          <legend>Group by</legend>
          {GROUPS.map((g) => (
            <label key={g.value} className={g.value === group ? 'segment segment-on' : 'segment'}>
              <input
                type="radio"
                name={`${ids}-group`}
                value={g.value}
                checked={g.value === group}
                disabled={!groupFits(from, to, g.value)}
                onChange={() => onGroupChange(g.value)}
              />
              {g.label}
            </label>
          ))}
        </fieldset>
      </div>
      {trend.error ? (
        retryBox(`The trend could not be loaded: ${trend.error.message}`, () => void trend.refetch())
      ) : !points ? (
        <Loading />
      ) : (
        <div className={trend.isPlaceholderData ? 'stack dashboard-stale' : 'stack'} aria-busy={trend.isFetching}>
          <p className="hint dashboard-legend">
            <span className="dashboard-key dashboard-key-plays">Plays</span>
            <span className="dashboard-key dashboard-key-pass">Pass</span>
            <span className="dashboard-key dashboard-key-fail">Fail</span>
            <span>
              by {groupName}, {periodLabel(from, 'day')} to {periodLabel(to, 'day')}
            </span>
          </p>
          {total === 0 ? (
            <p className="hint dashboard-empty" data-testid="trend-empty">
              No plays in this period.
            </p>
          ) : (
            <div aria-hidden="true">
              <Suspense fallback={<div className="dashboard-trend-plot" />}>
                <TrendChart points={points} group={group} />
              </Suspense>
            </div>
          )}
          <button
            type="button"
            className="button button-small button-ghost"
            aria-expanded={showTable}
            aria-controls={`${ids}-table`}
            onClick={() => setShowTable((s) => !s)}
          >
            {showTable ? 'Hide table' : 'Show table'}
          </button>
          <TrendTable id={`${ids}-table`} points={points} group={group} visible={showTable} />
        </div>
      )}
    </section>
  );
}

/** The trend as a table: always read by screen readers, shown on request. */
function TrendTable({
  id,
  points,
  group,
  visible,
}: {
  id: string;
  points: TrendPoint[];
  group: TrendGroup;
  visible: boolean;
}) {
  const sum = (k: 'total' | 'pass' | 'fail') => points.reduce((n, p) => n + p[k], 0).toLocaleString('en-US');
  return (
    // Shown, it scrolls within a bounded height: focusable so a keyboard can scroll it, and named.
    <div
      id={id}
      className={visible ? 'table-wrap dashboard-trend-table' : 'visually-hidden'}
      {...(visible ? { tabIndex: 0, role: 'region', 'aria-label': 'Trend table' } : {})}
    >
      <table className="table" data-testid="trend-table">
        <caption className="visually-hidden">Plays, passes and fails by {group}</caption>
        <thead>
          <tr>
            <th scope="col">{group === 'week' ? 'Week' : group === 'month' ? 'Month' : 'Day'}</th>
            <th scope="col" className="num">
              Plays
            </th>
            <th scope="col" className="num">
              Pass
            </th>
            <th scope="col" className="num">
              Fail
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.period} data-period={p.period}>
              <th scope="row">{periodLabel(p.period, group)}</th>
              <td className="num">{p.total.toLocaleString('en-US')}</td>
              <td className="num">{p.pass.toLocaleString('en-US')}</td>
              <td className="num">{p.fail.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All</th>
            <td className="num">{sum('total')}</td>
            <td className="num">{sum('pass')}</td>
            <td className="num">{sum('fail')}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
