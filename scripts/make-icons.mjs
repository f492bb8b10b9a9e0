// Draws the app icons (run once; the PNGs are committed): a teal tile with a white drop
// giving off three scent waves. `node scripts/make-icons.mjs`
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from './lib/png.mjs';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../pwa/public');
mkdirSync(path.join(out, 'icons'), { recursive: true });

const TEAL = [15, 118, 110, 255];
const WHITE = [255, 255, 255, 255];
const MINT = [153, 246, 228, 255];

function icon(size, { padding = 0, rounded = true } = {}) {
  return render(size, (x, y) => {
    // Rounded tile (full bleed for maskable icons).
    const r = rounded ? 0.2 : 0;
    const dx = Math.max(r - x, 0, x - (1 - r));
    const dy = Math.max(r - y, 0, y - (1 - r));
    if (rounded && dx * dx + dy * dy > r * r) return null;
    const s = 1 - 2 * padding;
    const u = (x - padding) / s;
    const v = (y - padding) / s;
    // The drop: a circle at the bottom and a point at the top.
    const cx = 0.5;
    const cy = 0.66;
    const rad = 0.17;
    const d = Math.hypot(u - cx, v - cy);
    const inCircle = d < rad;
    const inPoint = v < cy && v > 0.36 && Math.abs(u - cx) < ((v - 0.36) / (cy - 0.36)) * rad;
    if (inCircle || inPoint) return WHITE;
    // Three waves above the drop.
    for (const [wy, amp] of [
      [0.2, 0.018],
      [0.27, 0.018],
    ]) {
      const wave = wy + amp * Math.sin((u - 0.3) * Math.PI * 5);
      if (u > 0.3 && u < 0.7 && Math.abs(v - wave) < 0.018) return MINT;
    }
    return TEAL;
  });
}

writeFileSync(path.join(out, 'icons/icon-192.png'), icon(192));
writeFileSync(path.join(out, 'icons/icon-512.png'), icon(512));
writeFileSync(path.join(out, 'icons/apple-touch-icon.png'), icon(180, { rounded: false }));
writeFileSync(path.join(out, 'icons/icon-maskable-512.png'), icon(512, { padding: 0.1, rounded: false }));
writeFileSync(
  path.join(out, 'favicon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="13" fill="#0f766e"/><path d="M32 23 L43 42 A11 11 0 1 1 21 42 Z" fill="#fff"/><path d="M19 13 q3.3 -3 6.6 0 t6.6 0 t6.6 0 t6.6 0 M19 18 q3.3 -3 6.6 0 t6.6 0 t6.6 0 t6.6 0" stroke="#99f6e4" stroke-width="2.2" fill="none" stroke-linecap="round"/></svg>\n`,
);
console.log('icons written to', out);
