import type { TrendGroup, TrendPoint } from '@scentry/shared-schema';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { periodLabel } from './period';

/*
 * uPlot (and its CSS) is imported here only, and this module is loaded with a dynamic import by the
 * dashboard's trend (as the Pass/Fail report's chart): no other screen carries it (DESIGN.md §5).
 */

const HEIGHT = 260;
export const PLAYS_COLOUR = '#0f766e';
export const PASS_COLOUR = '#15803d';
export const FAIL_COLOUR = '#b91c1c';
const MUTED = '#5b6472';
const GRID = '#e5ecea';
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];

function options(width: number, points: TrendPoint[], group: TrendGroup): uPlot.Options {
  const top = Math.max(1, ...points.map((p) => p.total));
  const dots = points.length <= 40;
  const line = (label: string, colour: string, dash?: number[]): uPlot.Series => ({
    label,
    stroke: colour,
    width: 2,
    dash,
    points: { show: dots, size: 5, fill: colour },
  });
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, auto: false, range: [-0.5, Math.max(0.5, points.length - 0.5)] },
      y: { auto: false, range: [0, Math.ceil(top * 1.1) || 1] },
    },
    axes: [
      {
        stroke: MUTED,
        grid: { show: false },
        ticks: { show: false },
        size: 34,
        incrs: [1, 2, 3, 4, 6, 7, 12, 14, 26, 28, 52, 56, 91, 104, 182, 365],
        space: group === 'month' ? 52 : 60,
        values: (_u, splits) =>
          splits.map((v) => (Number.isInteger(v) && points[v] ? periodLabel(points[v].period, group, true) : '')),
      },
      {
        stroke: MUTED,
        grid: { stroke: GRID },
        ticks: { show: false },
        size: 48,
        incrs: COUNT_STEPS,
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('en-US') : '')),
      },
    ],
    series: [{}, line('Plays', PLAYS_COLOUR), line('Pass', PASS_COLOUR), line('Fail', FAIL_COLOUR, [6, 3])],
  };
}

/** Plays, passes and fails per period as three lines. A picture only: the table beside it says the same. */
export function TrendChart({ points, group }: { points: TrendPoint[]; group: TrendGroup }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      points.map((_, i) => i),
      points.map((p) => p.total),
      points.map((p) => p.pass),
      points.map((p) => p.fail),
    ];
    const plot = new uPlot(options(el.clientWidth || 320, points, group), data, el);
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, group]);

  return <div ref={box} className="dashboard-trend-plot" data-testid="trend-chart" />;
}
