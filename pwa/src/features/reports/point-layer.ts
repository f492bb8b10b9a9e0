import L from 'leaflet';
import { groupOf, POINT_GROUPS } from './point-groups';

export interface MapPointLike {
  latitude: number;
  longitude: number;
  resultStatus: string;
}

/** What one redraw did: points inside the view, and how long it took. */
export interface DrawStats {
  visible: number;
  ms: number;
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

/** A dot's pixels: RGBA words (as ImageData's Uint32 view holds them) and its size in device pixels. */
interface Sprite {
  size: number;
  pixels: Uint32Array;
  /** Each pixel's alpha, 0–255: 255 is copied, less is blended, 0 is skipped. */
  alpha: Uint8Array;
}

/** A dot of one colour with a white ring, drawn once (anti-aliased) and then copied for every point. */
function sprite(colour: string, dpr: number): Sprite {
  const size = Math.ceil((RADIUS + 1.5) * 2 * dpr);
  const c = document.createElement('canvas');
  c.width = size;
  c.height = size;
  const ctx = c.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  ctx.scale(dpr, dpr);
  ctx.beginPath();
  ctx.arc(size / dpr / 2, size / dpr / 2, RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 1.25;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  const data = ctx.getImageData(0, 0, size, size).data;
  const alpha = new Uint8Array(size * size);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3];
  return { size, pixels: new Uint32Array(data.buffer.slice(0)), alpha };
}

/**
 * Every result's dot on one canvas: 100,000 draw in tens of milliseconds, with or without a GPU.
 * Positions are projected once, at zoom 0, into typed arrays; a redraw after each move or zoom
 * only scales them and copies a pre-drawn dot into one pixel buffer (no canvas call per point),
 * skipping a dot whose pixel already holds the last dot of its colour (results of one event share
 * a place). The canvas sits in the map's overlay pane, so a pan moves it for free, and Leaflet
 * hides it while a zoom animates (`leaflet-zoom-hide`). Dots are a picture only (no per-dot
 * events): the count and the Data Location table say the same in words.
 */
export class PointLayer extends L.Layer {
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  /** Each point's colour group (its index in POINT_GROUPS). */
  private readonly group: Uint8Array;
  private canvas: HTMLCanvasElement | null = null;
  private sprites: Sprite[] = [];
  private spriteRatio = 0;
  private image: ImageData | null = null;
  /** The colour group (1-based; 0: none) of the last dot centred on each pixel: a repeat is skipped. */
  private stamped: Uint8Array = new Uint8Array(0);
  private frame = 0;

  constructor(
    points: readonly MapPointLike[],
    private readonly onDraw?: (stats: DrawStats) => void,
  ) {
    super();
    const n = points.length;
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.group = new Uint8Array(n);
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
    this.redraw();
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.schedule, this);
    cancelAnimationFrame(this.frame);
    this.canvas?.remove();
    this.canvas = null;
    this.image = null;
    return this;
  }

  /** Several events of one move (moveend, zoomend) draw once, on the next frame. */
  private schedule(): void {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.redraw());
  }

  redraw(): void {
    const map = this._map;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    if (dpr !== this.spriteRatio) {
      this.sprites = POINT_GROUPS.map((g) => sprite(g.colour, dpr));
      this.spriteRatio = dpr;
    }
    const view = map.getSize();
    const padX = Math.round(view.x * PAD);
    const padY = Math.round(view.y * PAD);
    const cssWidth = view.x + 2 * padX;
    const cssHeight = view.y + 2 * padY;
    const topLeft = map.containerPointToLayerPoint([-padX, -padY]);
    L.DomUtil.setPosition(canvas, topLeft);
    const width = Math.round(cssWidth * dpr);
    const height = Math.round(cssHeight * dpr);
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    if (canvas.width !== width || canvas.height !== height || !this.image) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${cssWidth}px`;
      canvas.style.height = `${cssHeight}px`;
      this.image = ctx.createImageData(width, height);
      this.stamped = new Uint8Array(width * height);
    }
    const out = new Uint32Array(this.image.data.buffer);
    out.fill(0);
    const stamped = this.stamped;
    stamped.fill(0);

    const origin = map.getPixelOrigin();
    const scale = map.options.crs?.scale(map.getZoom()) ?? 256;
    // Zoom-0 coordinates span 256 pixels; at this zoom they span `scale`.
    const k = (scale / 256) * dpr;
    const offX = (origin.x + topLeft.x) * dpr;
    const offY = (origin.y + topLeft.y) * dpr;
    const viewMinX = padX * dpr;
    const viewMinY = padY * dpr;
    const viewMaxX = (padX + view.x) * dpr;
    const viewMaxY = (padY + view.y) * dpr;
    const { size } = this.sprites[0];
    const half = size >> 1;
    // The world repeats east and west (as the outlines do): the copies this canvas reaches.
    const world = 256 * k;
    const copies = [-world, 0, world].filter((dx) => dx - offX < width + size && dx + world - offX > -size);
    let visible = 0;
    // In the order the server sent them (not colour by colour): where dots pile up, the mix of
    // colours shows the mix of results instead of whichever colour went last.
    for (let i = 0; i < this.x.length; i++) {
      const cy = this.y[i] * k - offY;
      const y0 = Math.round(cy) - half;
      if (y0 <= -size || y0 >= height) continue;
      const g = this.group[i];
      const mark = g + 1;
      const dot = this.sprites[g];
      let seen = false;
      for (let c = 0; c < copies.length; c++) {
        const cx = this.x[i] * k - offX + copies[c];
        const x0 = Math.round(cx) - half;
        if (x0 <= -size || x0 >= width) continue;
        if (!seen && cx >= viewMinX && cx <= viewMaxX && cy >= viewMinY && cy <= viewMaxY) {
          visible++;
          seen = true;
        }
        const px = x0 + half;
        const py = y0 + half;
        if (px >= 0 && px < width && py >= 0 && py < height) {
          // The last dot centred on this pixel had this colour: drawing it again changes (almost) nothing.
          const at = py * width + px;
          if (stamped[at] === mark) continue;
          stamped[at] = mark;
        }
        stampDot(out, width, height, dot.pixels, dot.alpha, size, x0, y0);
      }
    }
    ctx.putImageData(this.image, 0, 0);
    this.onDraw?.({ visible, ms: performance.now() - started });
  }
}

/** Copies a dot into the buffer at (x0, y0), clipped; its soft edge is blended over what is there. */
function stampDot(
  out: Uint32Array,
  width: number,
  height: number,
  pixels: Uint32Array,
  alpha: Uint8Array,
  size: number,
  x0: number,
  y0: number,
): void {
  const fromY = y0 < 0 ? -y0 : 0;
  const toY = y0 + size > height ? height - y0 : size;
  const fromX = x0 < 0 ? -x0 : 0;
  const toX = x0 + size > width ? width - x0 : size;
  for (let sy = fromY; sy < toY; sy++) {
    const row = (y0 + sy) * width + x0;
    const srow = sy * size;
    for (let sx = fromX; sx < toX; sx++) {
      const a = alpha[srow + sx];
      if (a === 0) continue;
      const src = pixels[srow + sx];
      if (a === 255) {
        out[row + sx] = src;
        continue;
      }
      const dst = out[row + sx];
      const da = dst >>> 24;
      if (da === 0) {
        out[row + sx] = src;
        continue;
      }
      // Little-endian RGBA words: red in the low byte. The edge goes over an opaque neighbour.
      const t = a / 255;
      const u = 1 - t;
      const r = (src & 0xff) * t + (dst & 0xff) * u;
      const gr = ((src >>> 8) & 0xff) * t + ((dst >>> 8) & 0xff) * u;
      const b = ((src >>> 16) & 0xff) * t + ((dst >>> 16) & 0xff) * u;
      const oa = Math.max(a, da);
      out[row + sx] = ((oa << 24) | ((b & 0xff) << 16) | ((gr & 0xff) << 8) | (r & 0xff)) >>> 0;
    }
  }
}
