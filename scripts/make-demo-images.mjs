// Draws the demo scent option pictures (run once; the PNGs are committed under sync-server/demo).
// `node scripts/make-demo-images.mjs`
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from './lib/png.mjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../sync-server/demo');
mkdirSync(out, { recursive: true });

const hex = (h, a = 255) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), a];
const inEllipse = (x, y, cx, cy, rx, ry, rot = 0) => {
  const c = Math.cos(rot);
  const s = Math.sin(rot);
  const dx = x - cx;
  const dy = y - cy;
  const u = (dx * c + dy * s) / rx;
  const v = (-dx * s + dy * c) / ry;
  return u * u + v * v <= 1;
};
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

/** Each picture: a pale round backdrop and the thing itself, drawn front to back. */
const PICTURES = {
  Lemon: {
    bg: '#fef9c3',
    draw: (x, y) =>
      inEllipse(x, y, 0.5, 0.52, 0.3, 0.2, -0.3) ||
      inEllipse(x, y, 0.22, 0.62, 0.05, 0.035, -0.3) ||
      inEllipse(x, y, 0.78, 0.42, 0.05, 0.035, -0.3)
        ? hex('#facc15')
        : null,
  },
  Orange: {
    bg: '#ffedd5',
    draw: (x, y) => {
      if (inEllipse(x, y, 0.6, 0.22, 0.1, 0.045, -0.5)) return hex('#16a34a');
      if (inCircle(x, y, 0.5, 0.55, 0.28)) return inCircle(x, y, 0.5, 0.3, 0.025) ? hex('#9a3412') : hex('#f97316');
      return null;
    },
  },
  Banana: {
    bg: '#fefce8',
    draw: (x, y) => {
      const inOuter = inCircle(x, y, 0.5, 0.25, 0.42);
      const inInner = inCircle(x, y, 0.5, 0.12, 0.42);
      if (inOuter && !inInner && y > 0.35) return x < 0.2 || x > 0.8 ? hex('#713f12') : hex('#eab308');
      return null;
    },
  },
  Strawberry: {
    bg: '#ffe4e6',
    draw: (x, y) => {
      if (y < 0.34 && y > 0.24 && Math.abs(x - 0.5) < 0.16 - (0.34 - y)) return hex('#15803d');
      const body =
        inCircle(x, y, 0.5, 0.45, 0.22) || (y > 0.45 && y < 0.82 && Math.abs(x - 0.5) < 0.22 * (1 - (y - 0.45) / 0.37));
      if (!body) return null;
      const sx = (x * 12) % 1;
      const sy = (y * 12 + (Math.floor(x * 12) % 2) * 0.5) % 1;
      return Math.hypot(sx - 0.5, sy - 0.5) < 0.12 ? hex('#fde68a') : hex('#e11d48');
    },
  },
  Rose: {
    bg: '#fce7f3',
    draw: (x, y) => {
      if (inRect(x, y, 0.485, 0.55, 0.515, 0.9)) return hex('#15803d');
      if (inEllipse(x, y, 0.6, 0.72, 0.09, 0.04, -0.5)) return hex('#22c55e');
      const d = Math.hypot(x - 0.5, y - 0.38);
      if (d > 0.24) return null;
      const ring = Math.floor(d / 0.06);
      return ring % 2 ? hex('#db2777') : hex('#f472b6');
    },
  },
  Mint: {
    bg: '#dcfce7',
    draw: (x, y) => {
      const leaf = inEllipse(x, y, 0.38, 0.5, 0.24, 0.12, -0.8) || inEllipse(x, y, 0.62, 0.5, 0.24, 0.12, 0.8);
      if (!leaf) return null;
      const vein = Math.abs(y - 0.5 + Math.abs(x - 0.5) * 1.05) < 0.012;
      return vein ? hex('#bbf7d0') : hex('#16a34a');
    },
  },
  Coffee: {
    bg: '#f5ebe0',
    draw: (x, y) => {
      if (!inEllipse(x, y, 0.5, 0.5, 0.2, 0.3, 0.4)) return null;
      const crease = Math.abs(x - 0.5 - 0.06 * Math.sin((y - 0.2) * 10) - (y - 0.5) * 0.42) < 0.018;
      return crease ? hex('#2b1607') : hex('#6f3b16');
    },
  },
  Chocolate: {
    bg: '#efe6dd',
    draw: (x, y) => {
      if (!inRect(x, y, 0.25, 0.2, 0.75, 0.8)) return null;
      const gx = ((x - 0.25) / 0.25) % 1;
      const gy = ((y - 0.2) / 0.2) % 1;
      return gx < 0.06 || gy < 0.08 ? hex('#3b1d0b') : hex('#5c2d0e');
    },
  },
  Cinnamon: {
    bg: '#fdf0e1',
    draw: (x, y) => {
      const stick = (cx) => inEllipse(x, y, cx, 0.5, 0.07, 0.33, 0.35);
      if (stick(0.42)) return inEllipse(x, y, 0.42 - 0.11, 0.19, 0.06, 0.03, 0.35) ? hex('#7c2d12') : hex('#b45309');
      if (stick(0.6)) return hex('#c2410c');
      return null;
    },
  },
  Smoke: {
    bg: '#f1f5f9',
    draw: (x, y) => {
      for (const [cx, cy, r] of [
        [0.38, 0.62, 0.16],
        [0.55, 0.5, 0.18],
        [0.45, 0.35, 0.13],
        [0.62, 0.28, 0.1],
      ]) {
        if (inCircle(x, y, cx, cy, r)) return hex('#64748b', 230);
      }
      return null;
    },
  },
};

for (const [name, pic] of Object.entries(PICTURES)) {
  const png = render(256, (x, y) => pic.draw(x, y) ?? (inCircle(x, y, 0.5, 0.5, 0.48) ? hex(pic.bg) : null));
  writeFileSync(path.join(out, `${name.toLowerCase()}.png`), png);
}
console.log(`${Object.keys(PICTURES).length} pictures written to ${out}`);
