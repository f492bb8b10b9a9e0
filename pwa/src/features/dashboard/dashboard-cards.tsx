import type { TestResultCounts } from '@scentry/shared-schema';
import { useQuery } from '@tanstack/react-query';
import { countsQuery } from './queries';

const CARDS: { key: keyof TestResultCounts; label: string; tone: string }[] = [
  { key: 'totalTestCount', label: 'Total Test', tone: 'neutral' },
  { key: 'passCount', label: 'Total Pass', tone: 'pass' },
  { key: 'failCount', label: 'Total Fail', tone: 'fail' },
  { key: 'testKitCount', label: 'Total Test Kit', tone: 'kit' },
];

export function DashboardCards() {
  const { data: counts, error, refetch } = useQuery(countsQuery());

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
    <ul className="cards" aria-busy={!counts}>
      {CARDS.map((c) => (
        <li key={c.key} className={`card card-${c.tone}`}>
          <span className="card-label">{c.label}</span>
          <span className="card-value" data-testid={c.key}>
            {counts ? counts[c.key].toLocaleString() : '…'}
          </span>
        </li>
      ))}
    </ul>
  );
}
