import { CARDS_PER_KIT, INTENSITY_LABELS } from '@scentry/shared-schema';
import { formatLocalDateTime } from '@scentry/shared-schema/report';
import { Link } from '@tanstack/react-router';
import { useT } from '../../../i18n';
import { getStoredResult } from '../../../lib/player';
import { SyncStatusPanel } from '../../../offline/sync-status';
import { storedOutcome } from './guards';

/**
 * What /pass and /fail say besides the spec's own texts ('Collect all cards for more chances to
 * win!', Play Again): what the result means and where to go next (DESIGN.md §7, a recorded
 * departure from spec §2's "only Play Again" on /fail). One place, for the translation to come.
 *
 * Clinical wording: `passMeaning` and `failMeaning` are plain-language drafts written for this
 * product, like the legal texts (features/legal): have them reviewed by a clinician before a
 * public launch. They must stay in step with the catalogue's report.failAdvice (the report's wording).
 */
export const OUTCOME_TEXT = {
  passHeading: 'Well done!',
  failHeading: 'Thanks for playing',
  passMeaning:
    'You named enough scents today. A Pass does not rule out a problem: if your sense of smell seems weaker ' +
    'than it used to be, talk to a doctor.',
  failMeaning:
    'A Fail is not a diagnosis: a cold, allergies or a blocked nose can lower a score. If your sense of smell ' +
    'seems weaker than it used to be, a doctor or an ear, nose and throat (ENT) clinic can test it properly.',
  seeResult: 'See my result',
  seeResultHint: 'Download it, e-mail it, or send it to your healthcare provider.',
  playAgain: 'Play Again',
  summary: 'See my result summary',
} as const;

/**
 * /pass and /fail (spec §2), read from the stored result so a reload keeps them: what it says is
 * the stored status, whichever of the two addresses shows it. The score and its meaning on the
 * same screen; "See my result" is the main action, Play Again the second.
 */
export function Outcome() {
  const t = useT();
  // The route's beforeLoad (requireOutcome) made sure there is one.
  const result = storedOutcome();
  if (!result) return null;
  const passed = result.resultStatus === 'Pass';
  return (
    <section className="stack center outcome" aria-labelledby="outcome-title">
      <p className={`badge ${passed ? 'badge-pass' : 'badge-fail'}`}>{passed ? 'Pass' : 'Fail'}</p>
      {/* The same words as /result and the report: "4 of 5 scents named correctly". */}
      <p className="outcome-score" data-testid="score">
        {t('report.score', { right: result.rightAnswerCount, cards: result.cards?.length || CARDS_PER_KIT })}
      </p>
      <h1 id="outcome-title">{passed ? OUTCOME_TEXT.passHeading : OUTCOME_TEXT.failHeading}</h1>
      {passed && <p className="lead">Collect all cards for more chances to win!</p>}
      <p className="outcome-meaning" data-testid="meaning">
        {passed ? OUTCOME_TEXT.passMeaning : OUTCOME_TEXT.failMeaning}
      </p>
      <div className="outcome-next">
        <Link to="/result" className="button button-large" aria-describedby="outcome-next-hint">
          {OUTCOME_TEXT.seeResult}
        </Link>
        <p id="outcome-next-hint" className="hint">
          {OUTCOME_TEXT.seeResultHint}
        </p>
      </div>
      {passed && (
        <button type="button" className="button button-ghost" disabled title="Coming soon">
          Add to Wallet
        </button>
      )}
      <Link to="/home" className="button button-ghost">
        {OUTCOME_TEXT.playAgain}
      </Link>
      <Link to="/summary" className="text-link">
        {OUTCOME_TEXT.summary}
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
          {/* The player's own clock with its zone (DESIGN.md §7); the report keeps Pacific Time. */}
          <dd data-testid="played-at">{formatLocalDateTime(result.playedAt)}</dd>
        </div>
      </dl>
      <Link to="/result" className="button">
        See my result
      </Link>
      <SyncStatusPanel />
    </section>
  );
}
