import type { TestResultCounts } from '@scentry/shared-schema';
import { useCallback, useEffect, useState } from 'react';
import { getTestResultCounts } from './api';

const CARDS: { key: keyof TestResultCounts; label: string; tone: string }[] = [
  { key: 'totalTestCount', label: 'Total Test', tone: 'neutral' },
  { key: 'passCount', label: 'Total Pass', tone: 'pass' },
  { key: 'failCount', label: 'Total Fail', tone: 'fail' },
  { key: 'testKitCount', label: 'Total Test Kit', tone: 'kit' },
];

export function DashboardCards() {
  const [counts, setCounts] = useState<TestResultCounts | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    setError(null);
    getTestResultCounts(signal).then(setCounts, (err: Error) => {
      if (err.name !== 'AbortError') setError(err.message);
    });
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  if (error) {
    return (
      <div className="notice notice-error" role="alert">
        <p>The counts could not be loaded: {error}</p>
        <button type="button" className="button button-small" onClick={() => load()}>
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
