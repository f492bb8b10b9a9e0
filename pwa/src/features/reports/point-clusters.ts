import { POINT_GROUPS, type PointGroup } from './point-groups';

/*
 * The map's results grouped by pixel (issue 24): at the current zoom, points that would be drawn
 * within CLUSTER_RADIUS pixels of a group's first point join that group, which is drawn once with
 * its total and how many failed. Pure (no Leaflet, no canvas), so the rules are unit-tested.
 */

/** Pixels: a point this close to a group's first point joins it (Leaflet.markercluster uses 80; at 40 a
 * crowded map's rings touch). */
export const CLUSTER_RADIUS = 60;

/** The index of each colour group in POINT_GROUPS (what a PointLayer stores per point). */
export const GROUP_INDEX: Record<PointGroup, number> = Object.fromEntries(
  POINT_GROUPS.map((g, i) => [g.key, i]),
) as Record<PointGroup, number>;

/** A cell and the 8 around it, its own first. */
const AROUND_X = [0, -1, 0, 1, -1, 1, -1, 0, 1];
const AROUND_Y = [0, -1, -1, -1, 0, 0, 1, 1, 1];

/** One drawn group of results: where it is drawn (the mean of its points), its counts, its extent. */
export interface Cluster {
  /** Centre in the same pixels as the input (the mean of its points). */
  x: number;
  y: number;
  total: number;
  pass: number;
  fail: number;
  other: number;
  /** The pixel box its points span (0 wide and high: all at one place). */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Groups points by distance in pixels, in one pass: a grid of `radius`-sized cells holds each
 * group's first point (its seed), so a point looks at its own cell (then the 8 around it) only and
 * joins a seed within `radius` (the nearest of the cell where it finds one); with none, it seeds
 * a new group. Seeds are thus more than `radius`
 * apart, and no two drawn groups sit on top of each other. The first `n` points of the arrays.
 */
export function clusterPoints(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  groups: ArrayLike<number>,
  n: number = xs.length,
  radius: number = CLUSTER_RADIUS,
): Cluster[] {
  const clusters: Cluster[] = [];
  if (n === 0) return clusters;
  // The grid spans the points (a canvas: a few thousand cells), one cell more on each side.
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    const y = ys[i];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const gx0 = Math.floor(minX / radius) - 1;
  const gy0 = Math.floor(minY / radius) - 1;
  const cols = Math.floor(maxX / radius) - gx0 + 2;
  const rows = Math.floor(maxY / radius) - gy0 + 2;
  // Seeds are more than `radius` apart, so a cell of that size holds at most a few: SLOTS each
  // (-1: empty); a cell that would need more (never, geometrically) keeps its first SLOTS.
  const SLOTS = 4;
  const cells = new Int32Array(cols * rows * SLOTS).fill(-1);
  const seedX: number[] = [];
  const seedY: number[] = [];
  const sumX: number[] = [];
  const sumY: number[] = [];
  const r2 = radius * radius;
  const pass = GROUP_INDEX.pass;
  const fail = GROUP_INDEX.fail;

  for (let i = 0; i < n; i++) {
    const x = xs[i];
    const y = ys[i];
    const gx = Math.floor(x / radius) - gx0;
    const gy = Math.floor(y / radius) - gy0;
    let best = -1;
    let bestD = r2;
    // Its own cell first: most points of a crowded map join a seed there and look no further.
    for (let o = 0; o < 9; o++) {
      if (o === 1 && best >= 0) break;
      const at = ((gy + AROUND_Y[o]) * cols + gx + AROUND_X[o]) * SLOTS;
      for (let k = 0; k < SLOTS; k++) {
        const c = cells[at + k];
        if (c < 0) break;
        const ex = seedX[c] - x;
        const ey = seedY[c] - y;
        const d = ex * ex + ey * ey;
        if (d <= bestD) {
          bestD = d;
          best = c;
        }
      }
    }
    if (best < 0) {
      best = clusters.length;
      clusters.push({ x, y, total: 0, pass: 0, fail: 0, other: 0, minX: x, minY: y, maxX: x, maxY: y });
      seedX.push(x);
      seedY.push(y);
      sumX.push(0);
      sumY.push(0);
      const at = (gy * cols + gx) * SLOTS;
      for (let k = 0; k < SLOTS; k++) {
        if (cells[at + k] < 0) {
          cells[at + k] = best;
          break;
        }
      }
    }
    const c = clusters[best];
    c.total++;
    const g = groups[i];
    if (g === pass) c.pass++;
    else if (g === fail) c.fail++;
    else c.other++;
    sumX[best] += x;
    sumY[best] += y;
    if (x < c.minX) c.minX = x;
    if (x > c.maxX) c.maxX = x;
    if (y < c.minY) c.minY = y;
    if (y > c.maxY) c.maxY = y;
  }
  for (let c = 0; c < clusters.length; c++) {
    clusters[c].x = sumX[c] / clusters[c].total;
    clusters[c].y = sumY[c] / clusters[c].total;
  }
  return clusters;
}

/**
 * The order groups are drawn in: those with a Fail last, so a Fail is never under a Pass; among
 * each, smaller first (a big group's badge stays readable).
 */
export function drawOrder(clusters: readonly Cluster[]): Cluster[] {
  return [...clusters].sort((a, b) => Number(a.fail > 0) - Number(b.fail > 0) || a.total - b.total);
}

/** The smallest slice a status gets on a group's ring (radians): one Fail in 10,000 still shows. */
export const MIN_SLICE = 0.45;

export interface Slice {
  group: PointGroup;
  start: number;
  end: number;
}

/**
 * A group's ring, clockwise from 12 o'clock: Fail first, then Pass, then Other, each in proportion
 * but never thinner than MIN_SLICE (taken from the largest), so a mixed group always looks mixed.
 */
export function ringSlices(c: Pick<Cluster, 'total' | 'pass' | 'fail' | 'other'>): Slice[] {
  const parts = (['fail', 'pass', 'other'] as const).filter((g) => c[g] > 0).map((g) => ({ group: g, n: c[g] }));
  const full = Math.PI * 2;
  const angles = parts.map((p) => (p.n / c.total) * full);
  if (parts.length > 1) {
    let owed = 0;
    for (let i = 0; i < angles.length; i++) {
      if (angles[i] < MIN_SLICE) {
        owed += MIN_SLICE - angles[i];
        angles[i] = MIN_SLICE;
      }
    }
    const largest = angles.indexOf(Math.max(...angles));
    angles[largest] -= owed;
  }
  const slices: Slice[] = [];
  let at = -Math.PI / 2;
  for (let i = 0; i < parts.length; i++) {
    slices.push({ group: parts[i].group, start: at, end: at + angles[i] });
    at += angles[i];
  }
  return slices;
}

/** How a group is said in words (its button, its popup): "4 results: 3 Pass, 1 Fail". */
export function clusterText(c: Pick<Cluster, 'total' | 'pass' | 'fail' | 'other'>): string {
  const parts = [
    c.pass > 0 ? `${c.pass.toLocaleString('en-US')} Pass` : '',
    c.fail > 0 ? `${c.fail.toLocaleString('en-US')} Fail` : '',
    c.other > 0 ? `${c.other.toLocaleString('en-US')} Other` : '',
  ].filter(Boolean);
  return `${c.total.toLocaleString('en-US')} ${c.total === 1 ? 'result' : 'results'}: ${parts.join(', ')}`;
}
