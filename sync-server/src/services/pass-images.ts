import { crc32, deflateSync } from 'node:zlib';

/**
 * The pictures of a wallet pass, drawn in code (no image files to ship): the icon Wallet requires
 * and the logo beside the logo text, at 1×, 2× and 3×. The pass worker draws them once, at its first
 * pass; pass.json takes its colours from here.
 */

// The app's colours (scripts/make-icons.mjs): teal tile, white drop, mint scent waves.
export type Rgba = readonly [number, number, number, number];
export const TEAL: Rgba = [15, 118, 110, 255];
export const WHITE: Rgba = [255, 255, 255, 255];
export const MINT: Rgba = [153, 246, 228, 255];
export const rgb = ([r, g, b]: Rgba) => `rgb(${r}, ${g}, ${b})`;

/** icon.png is the one image Wallet requires; the logo heads the pass beside the logo text. */
export function passImages(): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  for (const [scale, suffix] of [
    [1, ''],
    [2, '@2x'],
    [3, '@3x'],
  ] as const) {
    files[`icon${suffix}.png`] = render(29 * scale, (x, y) => drop(x, y) ?? TEAL);
    files[`logo${suffix}.png`] = render(50 * scale, drop);
  }
  return files;
}

/** The app's mark: a drop giving off two scent waves; null where transparent (coordinates 0..1). */
function drop(u: number, v: number): Rgba | null {
  const cx = 0.5;
  const cy = 0.66;
  const rad = 0.17;
  if (Math.hypot(u - cx, v - cy) < rad) return WHITE;
  if (v < cy && v > 0.36 && Math.abs(u - cx) < ((v - 0.36) / (cy - 0.36)) * rad) return WHITE;
  for (const wy of [0.2, 0.27]) {
    const wave = wy + 0.018 * Math.sin((u - 0.3) * Math.PI * 5);
    if (u > 0.3 && u < 0.7 && Math.abs(v - wave) < 0.018) return MINT;
  }
  return null;
}

/** A square RGBA PNG from a shading function, 4×4 supersampled so the edges are smooth. */
function render(size: number, shade: (x: number, y: number) => Rgba | null): Buffer {
  const samples = 4;
  const stride = size * 4 + 1;
  const raw = Buffer.alloc(stride * size); // each row: filter byte 0 (none), then RGBA pixels
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          if (!c) continue;
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const o = y * stride + 1 + x * 4;
      if (a > 0) {
        raw[o] = Math.round(r / a);
        raw[o + 1] = Math.round(g / a);
        raw[o + 2] = Math.round(b / a);
        raw[o + 3] = Math.round(a / (samples * samples));
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
