import type { TestResultCounts } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PeriodRange } from './period';
import { resultListSearch } from './period';
import { countsQuery } from './queries';

type Days = Extract<PeriodRange, { ok: true }>;

const CARDS: { key: keyof TestResultCounts; label: string; tone: string; status?: 'Pass' | 'Fail' }[] = [
  { key: 'totalTestCount', label: 'Total Test', tone: 'neutral' },
  { key: 'passCount', label: 'Total Pass', tone: 'pass', status: 'Pass' },
  { key: 'failCount', label: 'Total Fail', tone: 'fail', status: 'Fail' },
  { key: 'testKitCount', label: 'Total Test Kit', tone: 'kit' },
];

/**
 * The four counts of the period (spec §2), each a link: Total Test, Pass and Fail to Play Results
 * filtered by the period and that status; Total Test Kit to the Play Kits list for an Admin (the
 * kits in the system), to Play Results of the period for a Client Admin (the kits their results
 * were played on).
 */
export function DashboardCards({ range, admin }: { range: Days; admin: boolean }) {
  const { data: counts, error, refetch, isFetching, isPlaceholderData } = useQuery(countsQuery(range));

  if (error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>The counts could not be loaded: {error.message}</p>
        <button type="button" className="button button-small" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <ul
      className={isPlaceholderData ? 'cards dashboard-cards dashboard-stale' : 'cards dashboard-cards'}
      aria-busy={!counts || isFetching}
    >
      {CARDS.map((c) => {
        const value = counts ? counts[c.key].toLocaleString('en-US') : '…';
        const body = (
          <>
            <span className="card-label">{c.label}</span>
            <span className="card-value" data-testid={c.key}>
              {value}
            </span>
            <span className="card-more">
              {c.key === 'testKitCount' && admin ? 'Play Kits' : 'Show results'}
              <span aria-hidden="true"> →</span>
            </span>
          </>
        );
        return (
          <li key={c.key} className={`card card-${c.tone} card-link`}>
            {c.key === 'testKitCount' && admin ? (
              <Link to="/admin/testKit" className="card-anchor" data-testid={`${c.key}-link`}>
                {body}
              </Link>
            ) : (
              <Link
                to="/admin/testresult"
                search={resultListSearch(range, c.status)}
                className="card-anchor"
                data-testid={`${c.key}-link`}
              >
                {body}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
