import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MonthBar } from './months';

/*
 * uPlot (and its CSS) is imported here only, and this module is loaded with a dynamic import by
 * the Pass/Fail screen: no other screen carries it (DESIGN.md §5).
 */

const HEIGHT = 300;
export const PASS_COLOUR = '#15803d';
export const FAIL_COLOUR = '#b91c1c';
const MUTED = '#5b6472';
const GRID = '#e5ecea';

/** Whole numbers on the count axis, thinned out by uPlot when counts are large. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];

function options(width: number, bars: MonthBar[]): uPlot.Options {
  const top = Math.max(1, ...bars.map((b) => Math.max(b.pass, b.fail)));
  // Each bar's box, to write its number above it when there is room.
  const boxes: { series: number; idx: number; left: number; top: number; width: number }[] = [];
  const each = (_u: uPlot, series: number, idx: number, left: number, barTop: number, w: number) => {
    boxes.push({ series, idx, left, top: barTop, width: w });
  };
  const bar = (align: -1 | 1) => uPlot.paths.bars?.({ size: [0.42, 56], align, gap: 1, each });
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, auto: false, range: [-0.5, bars.length - 0.5] },
      // Room above the tallest bar for its number.
      y: { auto: false, range: [0, Math.ceil(top * 1.15) || 1] },
    },
    axes: [
      {
        stroke: MUTED,
        grid: { show: false },
        ticks: { show: false },
        size: 34,
        incrs: [1, 2, 3, 6, 12],
        space: 36,
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? (bars[v]?.label ?? '') : '')),
      },
      {
        stroke: MUTED,
        grid: { stroke: GRID },
        ticks: { show: false },
        size: 44,
        incrs: COUNT_STEPS,
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString('en-US') : '')),
      },
    ],
    series: [
      {},
      { label: 'Pass', fill: PASS_COLOUR, stroke: PASS_COLOUR, width: 0, paths: bar(-1), points: { show: false } },
      { label: 'Fail', fill: FAIL_COLOUR, stroke: FAIL_COLOUR, width: 0, paths: bar(1), points: { show: false } },
    ],
    hooks: {
      drawClear: [() => void boxes.splice(0)],
      draw: [
        (u) => {
          const ctx = u.ctx;
          const px = uPlot.pxRatio;
          ctx.save();
          ctx.font = `${Math.round(11 * px)}px system-ui, sans-serif`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'bottom';
          for (const b of boxes) {
            const value = b.series === 1 ? bars[b.idx].pass : bars[b.idx].fail;
            if (!value || b.width < 14 * px) continue;
            ctx.fillStyle = b.series === 1 ? PASS_COLOUR : FAIL_COLOUR;
            ctx.fillText(value.toLocaleString('en-US'), b.left + b.width / 2, b.top - 3 * px);
          }
          ctx.restore();
        },
      ],
    },
  };
}

/** Passes and fails per month, side by side. A picture only: the table below says the same. */
export function PassFailChart({ bars }: { bars: MonthBar[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [bars.map((_, i) => i), bars.map((b) => b.pass), bars.map((b) => b.fail)];
    const plot = new uPlot(options(el.clientWidth || 320, bars), data, el);
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [bars]);

  return <div ref={box} className="report-chart-plot" data-testid="pass-fail-chart" />;
}
