import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { Spinner } from '../../ui/spinner';
import type { ReportBody } from './filters';
import { monthBars, monthName } from './months';
import { passFailQuery } from './queries';
import { ReportFrame, type ReportProps } from './report-frame';

// uPlot (and its CSS) loads with the chart only: the table shows at once without it.
const PassFailChart = lazy(() => import('./pass-fail-chart').then((m) => ({ default: m.PassFailChart })));

/** MM/DD/YYYY back to YYYY-MM-DD. */
const isoOf = (us: string) => `${us.slice(6, 10)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;

/** /admin/Reports/passFailData: passes and fails per month, as columns and as a table. */
export function PassFailReport(report: ReportProps) {
  return (
    <ReportFrame title="Pass/Fail Data" {...report}>
      {(body) => <PassFailView body={body} />}
    </ReportFrame>
  );
}

function PassFailView({ body }: { body: ReportBody }) {
  const rows = useQuery(passFailQuery(body));
  const bars = useMemo(
    () => (rows.data ? monthBars(rows.data, isoOf(body.fromDate), isoOf(body.toDate)) : null),
    [rows.data, body.fromDate, body.toDate],
  );

  if (rows.error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{rows.error.message}</p>
        <button type="button" className="button button-small" onClick={() => void rows.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!bars) {
    return (
      <p className="hint">
        <Spinner /> Loading…
      </p>
    );
  }

  const pass = bars.reduce((n, b) => n + b.pass, 0);
  const fail = bars.reduce((n, b) => n + b.fail, 0);
  const total = bars.reduce((n, b) => n + b.total, 0);

  return (
    // The last filter's numbers stay, dimmed, until the new ones come.
    <div className={rows.isPlaceholderData ? 'stack report-stale' : 'stack'} aria-busy={rows.isFetching}>
      <figure className="report-chart">
        <figcaption className="report-chart-head">
          <span>
            Results per month, {body.fromDate} to {body.toDate}
          </span>
          <span className="report-legend">
            <span className="report-key report-key-pass">Pass</span>
            <span className="report-key report-key-fail">Fail</span>
          </span>
        </figcaption>
        {total === 0 && <p className="hint report-chart-empty">No results in this period.</p>}
        <div aria-hidden="true">
          <Suspense fallback={<div className="report-chart-plot" />}>
            <PassFailChart bars={bars} />
          </Suspense>
        </div>
      </figure>

      <div className="table-wrap">
        <table className="table report-table" data-testid="pass-fail-table">
          <caption className="visually-hidden">Pass and fail per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="num">
                Pass
              </th>
              <th scope="col" className="num">
                Fail
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={`${b.year}-${b.month}`}>
                <th scope="row">{monthName(b.year, b.month)}</th>
                <td className="num report-pass">{b.pass}</td>
                <td className="num report-fail">{b.fail}</td>
                <td className="num">{b.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All months</th>
              <td className="num report-pass">{pass}</td>
              <td className="num report-fail">{fail}</td>
              <td className="num">{total}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
