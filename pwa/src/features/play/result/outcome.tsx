import { CARDS_PER_KIT, intensityKey } from '@scentry/shared-schema';
import { Link } from '@tanstack/react-router';
import { useT } from '../../../i18n';
import { formatDecimal, localDateTime } from '../../../i18n/dates';
import { getStoredResult } from '../../../lib/player';
import { SyncStatusPanel } from '../../../offline/sync-status';
import { storedOutcome } from './guards';

/*
 * What /pass and /fail say besides the spec's own texts ('Collect all cards for more chances to
 * win!', Play Again): what the result means and where to go next (DESIGN.md §7, a recorded
 * departure from spec §2's "only Play Again" on /fail). The words are the catalogue's `outcome.*`.
 *
 * Clinical wording: `outcome.passMeaning` and `outcome.failMeaning` (English and Spanish) are
 * plain-language drafts written for this product, like the legal texts (features/legal): have them
 * reviewed by a clinician before a public launch. They must stay in step with the catalogue's report.failAdvice
 * (the report's wording).
 */

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
      <p className={`badge ${passed ? 'badge-pass' : 'badge-fail'}`}>
        {passed ? t('outcome.pass') : t('outcome.fail')}
      </p>
      {/* The same words as /result and the report: "4 of 5 scents named correctly". */}
      <p className="outcome-score" data-testid="score">
        {t('report.score', { right: result.rightAnswerCount, cards: result.cards?.length || CARDS_PER_KIT })}
      </p>
      <h1 id="outcome-title">{passed ? t('outcome.passHeading') : t('outcome.failHeading')}</h1>
      {passed && <p className="lead">{t('outcome.collect')}</p>}
      <p className="outcome-meaning" data-testid="meaning">
        {passed ? t('outcome.passMeaning') : t('outcome.failMeaning')}
      </p>
      <div className="outcome-next">
        <Link to="/result" className="button button-large" aria-describedby="outcome-next-hint">
          {t('outcome.seeResult')}
        </Link>
        <p id="outcome-next-hint" className="hint">
          {t('outcome.seeResultHint')}
        </p>
      </div>
      {passed && (
        <button type="button" className="button button-ghost" disabled title={t('outcome.comingSoon')}>
          {t('wallet.add')}
        </button>
      )}
      <Link to="/home" className="button button-ghost">
        {t('outcome.playAgain')}
      </Link>
      <Link to="/summary" className="text-link">
        {t('outcome.summary')}
      </Link>
      <SyncStatusPanel />
    </section>
  );
}

/** The result summary: average smell intensity for the kit (sum ÷ 5) and a way to the result page. */
export function Summary() {
  const t = useT();
  // The route's beforeLoad (requireStoredResult) made sure there is one.
  const result = getStoredResult();
  if (!result) return null;
  const avg = result.averageIntensity;
  return (
    <section className="stack center">
      <h1>{t('result.summaryTitle')}</h1>
      <dl className="summary">
        <div>
          <dt>{t('result.kit')}</dt>
          <dd>{result.kitName}</dd>
        </div>
        <div>
          <dt>{t('result.result')}</dt>
          <dd>{result.resultStatus === 'Pass' ? t('result.passed') : t('result.failed')}</dd>
        </div>
        <div>
          <dt>{t('result.averageIntensity')}</dt>
          <dd data-testid="average-intensity">
            {formatDecimal(avg)} <span className="hint">({t(intensityKey(avg))})</span>
          </dd>
        </div>
        <div>
          <dt>{t('result.played')}</dt>
          {/* The player's own clock with its zone (DESIGN.md §7); the report keeps Pacific Time. */}
          <dd data-testid="played-at">{localDateTime(result.playedAt)}</dd>
        </div>
      </dl>
      <Link to="/result" className="button">
        {t('outcome.seeResult')}
      </Link>
      <SyncStatusPanel />
    </section>
  );
}
