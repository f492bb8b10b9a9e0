import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { getSession } from '../../lib/session';
import { Spinner } from '../../ui/spinner';
import type { TestResultRow } from '../results/api';
import { NAME_HIDDEN, playerName } from '../results/report-model';
import { ResultDetail } from '../results/result-detail';
import { playedText, rowName } from '../results/result-table';
import { useReportDownload } from '../results/use-report-download';
import { type PeriodRange, resultListSearch } from './period';
import { latestFailsQuery } from './queries';

type Days = Extract<PeriodRange, { ok: true }>;

/**
 * The five newest Fails of the period, newest first (GetTestResultList with status Fail: a Client
 * Admin's own organization, names as the server's disclosure rule leaves them). Each opens the
 * result's detail, as in Play Results; the link below opens the whole list of the period's Fails.
 */
export function LatestFails({ range, admin }: { range: Days; admin: boolean }) {
  const session = getSession();
  const showNames = !(session?.roleName === 'Client Admin' && session.discloseUserDetails === false);
  const fails = useQuery(latestFailsQuery(range));
  const reports = useReportDownload();
  const [open, setOpen] = useState<TestResultRow | null>(null);
  const rows = fails.data?.list;

  return (
    <section className="dashboard-panel" aria-labelledby="fails-title">
      <div className="dashboard-panel-head">
        <h2 id="fails-title">Latest Fails</h2>
        <Link to="/admin/testresult" search={resultListSearch(range, 'Fail')} className="dashboard-more">
          All Fails of this period<span aria-hidden="true"> →</span>
        </Link>
      </div>
      {fails.error ? (
        <div className="notice notice-error" role="alert">
          <p>The latest Fails could not be loaded: {fails.error.message}</p>
          <button type="button" className="button button-small" onClick={() => void fails.refetch()}>
            Try again
          </button>
        </div>
      ) : !rows ? (
        <p className="hint">
          <Spinner /> Loading…
        </p>
      ) : rows.length === 0 ? (
        <p className="hint dashboard-empty" data-testid="fails-empty">
          No Fails in this period.
        </p>
      ) : (
        <ol
          className={fails.isPlaceholderData ? 'dashboard-fails dashboard-stale' : 'dashboard-fails'}
          aria-busy={fails.isFetching}
          data-testid="latest-fails"
        >
          {rows.map((r) => (
            <li key={r.id} className="dashboard-fail">
              <div className="dashboard-fail-text">
                <span className="dashboard-fail-name">
                  {showNames ? (playerName(r) ?? 'No name given') : NAME_HIDDEN}
                </span>
                <span className="hint">
                  {r.testKitName} · {r.answerStatus} right
                  {admin && r.organizationName ? ` · ${r.organizationName}` : ''}
                </span>
                <time dateTime={r.created} className="hint">
                  {playedText(r.created)}
                </time>
              </div>
              <button
                type="button"
                className="button button-small button-ghost"
                aria-label={`Details of ${rowName(r)}`}
                onClick={() => setOpen(r)}
              >
                Details
              </button>
            </li>
          ))}
        </ol>
      )}
      <ResultDetail
        row={open}
        showNames={showNames}
        onClose={() => setOpen(null)}
        onDownload={(row) => void reports.download([row])}
        downloading={reports.progress !== null}
      />
    </section>
  );
}
