import { formatLocalDate, formatLocalTime, scoreText } from '@scentry/shared-schema/report';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { type HistoryEntry, isHistoryOn, list } from '../../lib/history';
import { HistorySwitch } from '../../ui/history-switch';

// uPlot (and its CSS) only when there is something to draw: the list shows at once without it.
const HistoryChart = lazy(() => import('./history-chart').then((m) => ({ default: m.HistoryChart })));

/** /chart: the player's own kept results on this device, newest first, with a chart of right answers. */
export function ChartScreen() {
  const [entries, setEntries] = useState<HistoryEntry[]>(list);
  const [on, setOn] = useState(isHistoryOn);

  return (
    <section className="history stack" aria-labelledby="history-title">
      <header>
        <p className="eyebrow">On this phone</p>
        <h1 id="history-title">My results</h1>
      </header>

      <HistorySwitch
        onChange={(nowOn) => {
          setOn(nowOn);
          setEntries(list());
        }}
      />

      {entries.length === 0 ? (
        <div className="history-empty" data-testid="history-empty">
          <h2>No results kept yet</h2>
          {on ? (
            <p>
              Keeping is on. Each play you finish on this phone from now on appears here, so you can see how your score
              changes when you play again.
            </p>
          ) : (
            <p>
              Results are kept only if you switch on “Keep my results on this phone” above. It is off at first, so a
              phone shared at an event shows nobody’s results. This list is kept on this phone only.
            </p>
          )}
          <Link to="/home" className="button">
            Play a kit
          </Link>
        </div>
      ) : (
        <>
          <figure className="history-chart">
            <figcaption>
              Right answers in each play, oldest on the left.{' '}
              <span className="hint">The same results are listed below.</span>
            </figcaption>
            <div aria-hidden="true">
              <Suspense fallback={<div className="history-chart-plot" />}>
                <HistoryChart entries={entries} />
              </Suspense>
            </div>
          </figure>

          <section aria-labelledby="history-list-title" className="stack">
            <h2 id="history-list-title">
              {entries.length === 1 ? '1 result' : `${entries.length} results`}, newest first
            </h2>
            <ol className="history-list" data-testid="history-list">
              {entries.map((e) => (
                <li key={e.id} className="history-item">
                  <span className="history-when">
                    <span className="history-date">{formatLocalDate(e.playedAt)}</span>{' '}
                    <span className="history-time">{formatLocalTime(e.playedAt)}</span>
                  </span>
                  <span className="history-kit">
                    <span className="visually-hidden">Play kit: </span>
                    {e.kitName}
                  </span>
                  <span className="history-score">
                    <span className="visually-hidden">Right answers: </span>
                    {scoreText(e.rightAnswerCount, e.cardCount)}
                  </span>
                  <span className={`history-status ${e.resultStatus === 'Pass' ? 'is-pass' : 'is-fail'}`}>
                    {e.resultStatus}
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
