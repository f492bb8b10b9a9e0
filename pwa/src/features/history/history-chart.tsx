import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t, useLanguage } from '../../i18n';
import { recordMonthDay } from '../../i18n/dates';
import type { HistoryEntry } from '../../lib/history';

/*
 * uPlot and its CSS are imported here only, and this module is loaded with a dynamic import by the
 * /chart screen: the player's first load never carries them (DESIGN.md §5).
 */

const HEIGHT = 200;
const TEAL = '#0f766e';
const MUTED = '#5b6472';
const GRID = '#e5ecea';

/*
 * One step per play, oldest at the left, each labelled with its date (month and day in the
 * player's language, Los Angeles): plays
 * minutes apart (a retest) and months apart both stay readable on a phone. The list gives exact times.
 */
function options(width: number, oldestFirst: HistoryEntry[], maxCards: number): uPlot.Options {
  const last = oldestFirst.length - 1;
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, auto: false, range: [-0.5, last + 0.5] },
      y: { auto: false, range: [0, maxCards] },
    },
    axes: [
      {
        stroke: MUTED,
        grid: { show: false },
        ticks: { show: false },
        size: 32,
        // Whole steps only; uPlot thins them out when plays are many.
        incrs: [1, 2, 5, 10, 20, 50, 100],
        space: 48,
        values: (_u, splits) =>
          splits.map((v) => {
            const entry = Number.isInteger(v) ? oldestFirst[v] : undefined;
            return entry ? recordMonthDay(entry.playedAt) : '';
          }),
      },
      {
        stroke: MUTED,
        grid: { stroke: GRID },
        ticks: { show: false },
        size: 28,
        incrs: [1],
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
      },
    ],
    series: [
      {},
      {
        label: t('chart.series'),
        stroke: TEAL,
        width: 2,
        points: { show: true, size: 9, fill: '#fff', stroke: TEAL, width: 2 },
      },
    ],
  };
}

/** Right answers of each kept play, oldest at the left. A picture only: the list beside it says the same. */
export function HistoryChart({ entries }: { entries: HistoryEntry[] }) {
  const box = useRef<HTMLDivElement>(null);
  // Drawn again in the new language when the player switches (its dates and series name).
  const language = useLanguage();

  useEffect(() => {
    const el = box.current;
    if (!el || !language) return;
    const oldestFirst = [...entries].reverse();
    const data: uPlot.AlignedData = [oldestFirst.map((_, i) => i), oldestFirst.map((e) => e.rightAnswerCount)];
    const maxCards = Math.max(1, ...entries.map((e) => e.cardCount));
    const plot = new uPlot(options(el.clientWidth || 300, oldestFirst, maxCards), data, el);
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [entries, language]);

  return <div ref={box} className="history-chart-plot" data-testid="history-chart" />;
}
