import { scoreText } from '@scentry/shared-schema/result-document';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n';
import { localDate, localTime } from '../../i18n/dates';
import { type HistoryEntry, isHistoryOn, list } from '../../lib/history';
import { HistorySwitch } from '../../ui/history-switch';

// uPlot (and its CSS) only when there is something to draw: the list shows at once without it.
const HistoryChart = lazy(() => import('./history-chart').then((m) => ({ default: m.HistoryChart })));

/** /chart: the player's own kept results on this device, newest first, with a chart of right answers. */
export function ChartScreen() {
  const t = useT();
  const [entries, setEntries] = useState<HistoryEntry[]>(list);
  const [on, setOn] = useState(isHistoryOn);

  return (
    <section className="history stack" aria-labelledby="history-title">
      <header>
        <p className="eyebrow">{t('history.eyebrow')}</p>
        <h1 id="history-title">{t('history.title')}</h1>
      </header>

      <HistorySwitch
        onChange={(nowOn) => {
          setOn(nowOn);
          setEntries(list());
        }}
      />

      {entries.length === 0 ? (
        <div className="history-empty" data-testid="history-empty">
          <h2>{t('history.empty')}</h2>
          <p>{on ? t('history.emptyOn') : t('history.emptyOff')}</p>
          <Link to="/home" className="button">
            {t('history.playKit')}
          </Link>
        </div>
      ) : (
        <>
          <figure className="history-chart">
            <figcaption>
              {t('history.chartCaption')} <span className="hint">{t('history.chartHint')}</span>
            </figcaption>
            <div aria-hidden="true">
              <Suspense fallback={<div className="history-chart-plot" />}>
                <HistoryChart entries={entries} />
              </Suspense>
            </div>
          </figure>

          <section aria-labelledby="history-list-title" className="stack">
            <h2 id="history-list-title">{t('history.listTitle', { count: entries.length })}</h2>
            <ol className="history-list" data-testid="history-list">
              {entries.map((e) => (
                <li key={e.id} className="history-item">
                  <span className="history-when">
                    <span className="history-date">{localDate(e.playedAt)}</span>{' '}
                    <span className="history-time">{localTime(e.playedAt)}</span>
                  </span>
                  <span className="history-kit">
                    <span className="visually-hidden">{t('history.kitLabel')} </span>
                    {e.kitName}
                  </span>
                  <span className="history-score">
                    <span className="visually-hidden">{t('history.scoreLabel')} </span>
                    {scoreText(e.rightAnswerCount, e.cardCount)}
                  </span>
                  <span className={`history-status ${e.resultStatus === 'Pass' ? 'is-pass' : 'is-fail'}`}>
                    {e.resultStatus === 'Pass' ? t('history.pass') : t('history.fail')}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </section>
  );
}
