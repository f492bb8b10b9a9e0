import { describe, expect, it } from 'vitest';
import {
  CLUSTER_RADIUS,
  type Cluster,
  clusterPoints,
  clusterText,
  drawOrder,
  GROUP_INDEX,
  MIN_SLICE,
  ringSlices,
} from './point-clusters';

type Status = 'pass' | 'fail' | 'other';

/** Points as pixel positions with their status, in the arrays clusterPoints takes. */
function group(points: [number, number, Status][], radius = CLUSTER_RADIUS): Cluster[] {
  return clusterPoints(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
    points.map((p) => GROUP_INDEX[p[2]]),
    points.length,
    radius,
  );
}

const counts = (c: Cluster) => ({ total: c.total, pass: c.pass, fail: c.fail, other: c.other });

describe('grouping the map’s results by pixel', () => {
  it('merges results at one place into one group with its counts (four in one city: three Pass, one Fail)', () => {
    const city: [number, number, Status][] = [
      [500, 300, 'pass'],
      [500, 300, 'pass'],
      [500, 300, 'fail'],
      [500, 300, 'pass'],
    ];
    const groups = group(city);
    expect(groups).toHaveLength(1);
    expect(counts(groups[0])).toEqual({ total: 4, pass: 3, fail: 1, other: 0 });
    expect(groups[0]).toMatchObject({ x: 500, y: 300, minX: 500, maxX: 500, minY: 300, maxY: 300 });
  });

  it('merges points within the radius, keeps farther ones apart, across grid cells too', () => {
    const r = CLUSTER_RADIUS;
    const groups = group([
      [100, 100, 'pass'],
      // Within r of the first, in the next grid cells (right and below).
      [100 + r - 1, 100, 'fail'],
      [100, 100 + r - 1, 'other'],
      // Just beyond r of the first (and of nothing else): a group of its own.
      [100 - r - 1, 100, 'pass'],
      // Far away.
      [900, 700, 'fail'],
    ]);
    expect(groups.map(counts)).toEqual([
      { total: 3, pass: 1, fail: 1, other: 1 },
      { total: 1, pass: 1, fail: 0, other: 0 },
      { total: 1, pass: 0, fail: 1, other: 0 },
    ]);
    // Drawn where its points are on average; its box spans them.
    expect(groups[0].x).toBeCloseTo(100 + (r - 1) / 3, 9);
    expect(groups[0]).toMatchObject({ minX: 100, maxX: 100 + r - 1, minY: 100, maxY: 100 + r - 1 });
  });

  it('keeps every group’s first point more than the radius from every other’s (no two drawn on top of each other)', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const points: [number, number, Status][] = Array.from({ length: 5000 }, () => [
      rnd() * 1200,
      rnd() * 800,
      rnd() < 0.5 ? 'pass' : 'fail',
    ]);
    const groups = group(points);
    expect(groups.reduce((n, g) => n + g.total, 0)).toBe(5000);
    expect(groups.reduce((n, g) => n + g.fail, 0)).toBe(points.filter((p) => p[2] === 'fail').length);
    // Every point is within the radius of its group's box (the box never spans more than 2 r).
    for (const g of groups) {
      expect(g.maxX - g.minX).toBeLessThanOrEqual(2 * CLUSTER_RADIUS);
      expect(g.maxY - g.minY).toBeLessThanOrEqual(2 * CLUSTER_RADIUS);
    }
  });

  it('counts nothing when there is nothing on the canvas', () => {
    expect(group([])).toEqual([]);
    expect(clusterPoints([1, 2], [1, 2], [1, 1], 0)).toEqual([]);
  });
});

describe('a Fail is never hidden', () => {
  it('draws the groups with a Fail after (over) those without, lone results included', () => {
    const groups = group([
      [10, 10, 'fail'],
      [300, 10, 'pass'],
      [300, 10, 'pass'],
      [600, 10, 'pass'],
      [600, 10, 'fail'],
      [900, 10, 'pass'],
    ]);
    const order = drawOrder(groups).map((g) => g.fail > 0);
    expect(order).toEqual([false, false, true, true]);
    // Among those with a Fail, the lone one first, the mixed group last (its badge on top).
    expect(drawOrder(groups).map((g) => g.total)).toEqual([1, 2, 1, 2]);
  });

  it('gives a group’s Fails a visible slice of its ring, from 12 o’clock, even one in ten thousand', () => {
    const slices = ringSlices({ total: 10_000, pass: 9_999, fail: 1, other: 0 });
    expect(slices.map((s) => s.group)).toEqual(['fail', 'pass']);
    expect(slices[0].start).toBeCloseTo(-Math.PI / 2, 9);
    expect(slices[0].end - slices[0].start).toBeCloseTo(MIN_SLICE, 9);
    // The whole ring, nothing more.
    expect(slices[1].end - slices[0].start).toBeCloseTo(Math.PI * 2, 9);
  });

  it('splits a mixed group in proportion, and a group of one status is one full ring', () => {
    const mixed = ringSlices({ total: 4, pass: 3, fail: 1, other: 0 });
    expect(mixed.map((s) => [s.group, (s.end - s.start) / (Math.PI * 2)])).toEqual([
      ['fail', 0.25],
      ['pass', 0.75],
    ]);
    const allPass = ringSlices({ total: 5, pass: 5, fail: 0, other: 0 });
    expect(allPass).toHaveLength(1);
    expect(allPass[0].end - allPass[0].start).toBeCloseTo(Math.PI * 2, 9);
  });

  it('says a group in words: its total and each status', () => {
    expect(clusterText({ total: 4, pass: 3, fail: 1, other: 0 })).toBe('4 results: 3 Pass, 1 Fail');
    expect(clusterText({ total: 1, pass: 0, fail: 1, other: 0 })).toBe('1 result: 1 Fail');
    expect(clusterText({ total: 12_000, pass: 0, fail: 2_000, other: 10_000 })).toBe(
      '12,000 results: 2,000 Fail, 10,000 Other',
    );
  });
});
