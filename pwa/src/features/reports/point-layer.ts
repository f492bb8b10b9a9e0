import L from 'leaflet';
import { type Cluster, clusterPoints, clusterText, drawOrder, ringSlices } from './point-clusters';
import { groupOf, POINT_GROUPS, type PointGroup } from './point-groups';

export interface MapPointLike {
  latitude: number;
  longitude: number;
  resultStatus: string;
}

/** What one redraw did: points inside the view, how long it took, and the groups drawn in view. */
export interface DrawStats {
  visible: number;
  ms: number;
  groups: Cluster[];
}

const RADIUS = 5;
/** The canvas reaches this far beyond the view on each side: a pan shows points before it ends. */
const PAD = 0.5;

/** Leaflet's default projection (EPSG:3857) at zoom 0, where the world is 256 pixels wide. */
const MAX_LATITUDE = 85.0511287798;
export const mercatorX = (longitude: number): number => ((longitude + 180) / 360) * 256;
export function mercatorY(latitude: number): number {
  const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 256;
}

/** How one group is drawn: the size of its ring, from its total. */
export const clusterRadius = (total: number) => (total === 1 ? RADIUS : 14 + Math.min(8, 3 * Math.log10(total)));

/**
 * Every result on one canvas, grouped by pixel (point-clusters): a lone result is a dot of its
 * colour; a group is a ring split by status (Fail first, from 12 o'clock, never thinner than a
 * visible slice) around its total, with a red badge counting its Fails. Groups with a Fail are
 * drawn last, so a Fail is never under a Pass. Positions are projected once, at zoom 0, into typed
 * arrays; a redraw after each move or zoom scales them, groups those on the canvas (one pass over a
 * grid) and draws a few thousand groups at most, so 100,000 results redraw in tens of
 * milliseconds. The canvas sits in the map's overlay pane, so a pan moves it for free, and Leaflet
 * hides it while a zoom animates (`leaflet-zoom-hide`). A click on a group zooms to it (or, all at
 * one place, says its counts in a popup); the groups in view are also buttons under the map
 * (map-view), and the Data Location table says the same in words.
 */
export class PointLayer extends L.Layer {
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  /** Each point's colour group (its index in POINT_GROUPS). */
  private readonly group: Uint8Array;
  private canvas: HTMLCanvasElement | null = null;
  private frame = 0;
  /** Scratch arrays: the canvas pixels of the points on it, reused between redraws. */
  private px: Float64Array;
  private py: Float64Array;
  private pg: Uint8Array;
  /** The groups last drawn, in canvas pixels, and where the canvas's top-left is (container pixels). */
  private drawn: Cluster[] = [];
  private canvasAt = { x: 0, y: 0 };

  constructor(
    points: readonly MapPointLike[],
    private readonly onDraw?: (stats: DrawStats) => void,
  ) {
    super();
    const n = points.length;
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.group = new Uint8Array(n);
    // A point can be drawn up to three times (the world's copies east and west).
    this.px = new Float64Array(n * 3);
    this.py = new Float64Array(n * 3);
    this.pg = new Uint8Array(n * 3);
    const index = new Map(POINT_GROUPS.map((g, i) => [g.key, i]));
    for (let i = 0; i < n; i++) {
      const p = points[i];
      this.x[i] = mercatorX(p.longitude);
      this.y[i] = mercatorY(p.latitude);
      this.group[i] = index.get(groupOf(p.resultStatus)) ?? 0;
    }
  }

  onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'report-points leaflet-zoom-hide') as HTMLCanvasElement;
    this.canvas.setAttribute('aria-hidden', 'true');
    (map.getPane('overlayPane') as HTMLElement).appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.schedule, this);
    map.on('click', this.onClick, this);
    map.on('mousemove', this.onHover, this);
    this.redraw();
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.schedule, this);
    map.off('click', this.onClick, this);
    map.off('mousemove', this.onHover, this);
    cancelAnimationFrame(this.frame);
    this.canvas?.remove();
    this.canvas = null;
    this.drawn = [];
    return this;
  }

  /** Several events of one move (moveend, zoomend) draw once, on the next frame. */
  private schedule(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.redraw());
  }

  /** The group drawn under a point of the map's container, if any. */
  groupAt(container: L.Point): Cluster | null {
    const x = container.x - this.canvasAt.x;
    const y = container.y - this.canvasAt.y;
    let hit: Cluster | null = null;
    // The last drawn is on top: the one a click means.
    for (const c of this.drawn) {
      const r = clusterRadius(c.total) + 3;
      if ((c.x - x) ** 2 + (c.y - y) ** 2 <= r * r) hit = c;
    }
    return hit;
  }

  /** A group's place on the map, and the box its points span. */
  boundsOf(c: Cluster): { centre: L.LatLng; bounds: L.LatLngBounds } | null {
    const map = this._map;
    if (!map) return null;
    const at = (x: number, y: number) => map.containerPointToLatLng([x + this.canvasAt.x, y + this.canvasAt.y]);
    return {
      centre: at(c.x, c.y),
      bounds: L.latLngBounds(at(c.minX, c.minY), at(c.maxX, c.maxY)),
    };
  }

  /**
   * Shows a group: zooms to the box its points span, or, when they are all at one place (or the
   * map can zoom no further), says its counts in a popup there.
   */
  open(c: Cluster): void {
    const map = this._map;
    const where = this.boundsOf(c);
    if (!map || !where) return;
    const spread = Math.max(c.maxX - c.minX, c.maxY - c.minY);
    if (c.total > 1 && spread >= 2 && map.getZoom() < map.getMaxZoom()) {
      map.fitBounds(where.bounds, { padding: [48, 48], maxZoom: Math.min(map.getMaxZoom(), map.getZoom() + 4) });
      return;
    }
    L.popup({ className: 'report-popup' })
      .setLatLng(where.centre)
      .setContent(() => {
        const p = document.createElement('p');
        p.textContent = `${clusterText(c)}${c.total > 1 ? ', played at the same place' : ''}`;
        return p;
      })
      .openOn(map);
  }

  private onClick(e: L.LeafletMouseEvent): void {
    const c = this.groupAt(e.containerPoint);
    if (c) this.open(c);
  }

  private onHover(e: L.LeafletMouseEvent): void {
    const container = this._map?.getContainer();
    if (container) container.classList.toggle('report-map-over-group', this.groupAt(e.containerPoint) !== null);
  }

  redraw(): void {
    const map = this._map;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const view = map.getSize();
    const padX = Math.round(view.x * PAD);
    const padY = Math.round(view.y * PAD);
    const cssWidth = view.x + 2 * padX;
    const cssHeight = view.y + 2 * padY;
    const topLeft = map.containerPointToLayerPoint([-padX, -padY]);
    L.DomUtil.setPosition(canvas, topLeft);
    this.canvasAt = { x: -padX, y: -padY };
    const width = Math.round(cssWidth * dpr);
    const height = Math.round(cssHeight * dpr);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${cssHeight}px`;
    }
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

    const origin = map.getPixelOrigin();
    const scale = map.options.crs?.scale(map.getZoom()) ?? 256;
    // Zoom-0 coordinates span 256 pixels; at this zoom they span `scale` (CSS pixels here).
    const k = scale / 256;
    const offX = origin.x + topLeft.x;
    const offY = origin.y + topLeft.y;
    // A group's ring reaches this far beyond its point: points just off the canvas still count.
    const margin = 36;
    // The world repeats east and west (as the outlines do): the copies this canvas reaches.
    const world = 256 * k;
    const copies = [-world, 0, world].filter((dx) => dx - offX < cssWidth + margin && dx + world - offX > -margin);
    let visible = 0;
    let n = 0;
    const { px, py, pg } = this;
    for (let i = 0; i < this.x.length; i++) {
      const cy = this.y[i] * k - offY;
      if (cy < -margin || cy > cssHeight + margin) continue;
      let seen = false;
      for (let c = 0; c < copies.length; c++) {
        const cx = this.x[i] * k - offX + copies[c];
        if (cx < -margin || cx > cssWidth + margin) continue;
        if (!seen && cx >= padX && cx <= padX + view.x && cy >= padY && cy <= padY + view.y) {
          visible++;
          seen = true;
        }
        // Grouped in the world's pixels (not the canvas's): a pan keeps the same groups.
        px[n] = cx + offX;
        py[n] = cy + offY;
        pg[n] = this.group[i];
        n++;
      }
    }
    const groups = drawOrder(clusterPoints(px, py, pg, n));
    for (const c of groups) {
      c.x -= offX;
      c.y -= offY;
      c.minX -= offX;
      c.maxX -= offX;
      c.minY -= offY;
      c.maxY -= offY;
    }
    for (const c of groups) drawGroup(ctx, c);
    this.drawn = groups;
    const inView = groups.filter((c) => c.x >= padX && c.x <= padX + view.x && c.y >= padY && c.y <= padY + view.y);
    this.onDraw?.({ visible, ms: performance.now() - started, groups: inView });
  }
}

const COLOUR = Object.fromEntries(POINT_GROUPS.map((g) => [g.key, g.colour])) as Record<PointGroup, string>;
const RING = 6;

/** One group on the canvas (CSS pixels): a dot for a lone result, else a ring, its total and a Fail badge. */
function drawGroup(ctx: CanvasRenderingContext2D, c: Cluster): void {
  if (c.total === 1) {
    ctx.beginPath();
    ctx.arc(c.x, c.y, RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = COLOUR[c.fail ? 'fail' : c.pass ? 'pass' : 'other'];
    ctx.fill();
    ctx.lineWidth = 1.25;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    return;
  }
  const r = clusterRadius(c.total);
  ctx.beginPath();
  ctx.arc(c.x, c.y, r + 1.5, 0, Math.PI * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  for (const s of ringSlices(c)) {
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, s.start, s.end);
    ctx.arc(c.x, c.y, r - RING, s.end, s.start, true);
    ctx.closePath();
    ctx.fillStyle = COLOUR[s.group];
    ctx.fill();
  }
  ctx.fillStyle = '#1f2937';
  ctx.font = `700 ${c.total >= 1000 ? 11 : 13}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(compact(c.total), c.x, c.y + 0.5);
  if (c.fail > 0) {
    // The Fail count on a red badge at the ring's top left (the Fail slice runs clockwise from 12
    // o'clock, so the badge never covers it): read without telling colours apart.
    const text = compact(c.fail);
    ctx.font = '700 11px system-ui, sans-serif';
    const w = Math.max(18, ctx.measureText(text).width + 9);
    const bx = c.x - r * 0.75;
    const by = c.y - r * 0.75;
    ctx.beginPath();
    ctx.roundRect(bx - w / 2, by - 9, w, 18, 9);
    ctx.fillStyle = COLOUR.fail;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(text, bx, by + 0.5);
  }
}

/** 1234 → "1.2k": a group's count in the space of its ring. */
const compact = (n: number) =>
  n < 1000
    ? String(n)
    : n < 10_000
      ? `${(n / 1000).toFixed(1)}k`
      : n < 1_000_000
        ? `${Math.round(n / 1000)}k`
        : `${(n / 1e6).toFixed(1)}M`;
