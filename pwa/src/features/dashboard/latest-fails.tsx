import type { TestResultRow } from '@scentry/shared-schema';
import { formatResultDate, formatResultTime } from '@scentry/shared-schema/result-document';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ComponentType, useState } from 'react';
import { getSession } from '../../lib/session';
import { Spinner } from '../../ui/spinner';
import { type PeriodRange, resultListSearch } from './period';
import { latestFailsQuery } from './queries';

type Days = Extract<PeriodRange, { ok: true }>;

/**
 * A result's detail dialog, as Play Results shows it: given by the route (a feature imports no
 * other feature), open while `row` is set.
 */
export type ResultDetailView = ComponentType<{ row: TestResultRow | null; onClose: () => void }>;

/** Shown in place of a player's name where the organization does not disclose it (spec §6), as the list says. */
const NAME_HIDDEN = 'Name not disclosed';
const playerName = (r: Pick<TestResultRow, 'firstName' | 'lastName'>) =>
  [r.firstName, r.lastName].filter((n) => n?.trim()).join(' ') || null;
/** "03/14/2026 3:07 PM PDT": when the player played, in Los Angeles (spec §9), as the list says it. */
const playedText = (iso: string) => `${formatResultDate(iso)} ${formatResultTime(iso)}`;

/**
 * The five newest Fails of the period, newest first (GetTestResultList with status Fail: a Client
 * Admin's own organization, names as the server's disclosure rule leaves them). Each opens the
 * result's detail, as in Play Results; the link below opens the whole list of the period's Fails.
 */
export function LatestFails({ range, admin, Detail }: { range: Days; admin: boolean; Detail: ResultDetailView }) {
  const session = getSession();
  const showNames = !(session?.roleName === 'Client Admin' && session.discloseUserDetails === false);
  const fails = useQuery(latestFailsQuery(range));
  const [open, setOpen] = useState<TestResultRow | null>(null);
  const rows = fails.data?.list;
  const nameOf = (r: TestResultRow) => (showNames ? (playerName(r) ?? 'No name given') : NAME_HIDDEN);

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
                <span className="dashboard-fail-name">{nameOf(r)}</span>
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
                aria-label={`Details of ${nameOf(r)}, ${r.testKitName}, ${playedText(r.created)}`}
                onClick={() => setOpen(r)}
              >
                Details
              </button>
            </li>
          ))}
        </ol>
      )}
      <Detail row={open} onClose={() => setOpen(null)} />
    </section>
  );
}
