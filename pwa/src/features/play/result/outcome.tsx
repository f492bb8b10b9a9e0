import { CARDS_PER_KIT, INTENSITY_LABELS } from '@scentry/shared-schema';
import { formatResultDate, formatResultTime, REPORT_LABELS } from '@scentry/shared-schema/report';
import { Link } from '@tanstack/react-router';
import { getStoredResult } from '../../../lib/player';
import { SyncStatusPanel } from '../../../offline/sync-status';
import { storedOutcome } from './guards';

/**
 * /pass and /fail (spec §2), read from the stored result so a reload keeps them: what it says is
 * the stored status, whichever of the two addresses shows it.
 */
export function Outcome() {
  // The route's beforeLoad (requireOutcome) made sure there is one.
  const result = storedOutcome();
  if (!result) return null;
  const passed = result.resultStatus === 'Pass';
  return (
    <section className="stack center outcome">
      <p className={`badge ${passed ? 'badge-pass' : 'badge-fail'}`}>{passed ? 'Pass' : 'Fail'}</p>
      {/* The same words as /result and the report: "4 of 5 scents named correctly". */}
      <p className="outcome-score" data-testid="score">
        {REPORT_LABELS.score(result.rightAnswerCount, result.cards?.length || CARDS_PER_KIT)}
      </p>
      {passed ? (
        <>
          <h1>Well done!</h1>
          <p className="lead">Collect all cards for more chances to win!</p>
          <button type="button" className="button button-ghost" disabled title="Coming soon">
            Add to Wallet
          </button>
        </>
      ) : (
        <h1>Thanks for playing</h1>
      )}
      <Link to="/home" className="button button-large">
        Play Again
      </Link>
      <Link to="/summary" className="text-link">
        See my result summary
      </Link>
      <SyncStatusPanel />
    </section>
  );
}

/** The result summary: average smell intensity for the kit (sum ÷ 5) and a way to the result page. */
export function Summary() {
  // The route's beforeLoad (requireStoredResult) made sure there is one.
  const result = getStoredResult();
  if (!result) return null;
  const avg = result.averageIntensity;
  return (
    <section className="stack center">
      <h1>Your summary</h1>
      <dl className="summary">
        <div>
          <dt>Play kit</dt>
          <dd>{result.kitName}</dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd>{result.resultStatus === 'Pass' ? 'Passed' : 'Failed'}</dd>
        </div>
        <div>
          <dt>Average smell intensity</dt>
          <dd data-testid="average-intensity">
            {avg.toFixed(1)} <span className="hint">({INTENSITY_LABELS[Math.round(avg)]})</span>
          </dd>
        </div>
        <div>
          <dt>Played</dt>
          {/* As /result says it (spec §9): MM/DD/YYYY and the time in America/Los_Angeles. */}
          <dd data-testid="played-at">{`${formatResultDate(result.playedAt)}, ${formatResultTime(result.playedAt)}`}</dd>
        </div>
      </dl>
      <Link to="/result" className="button">
        See my result
      </Link>
      <SyncStatusPanel />
    </section>
  );
}
