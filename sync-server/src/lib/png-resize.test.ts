import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { resizePng } from './png-resize';

function picture(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]) {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) png.data.set(pixel(x, y), (y * width + x) * 4);
  return PNG.sync.write(png);
}
const at = (png: PNG, x: number, y: number) => [
  ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4),
];

describe('resizePng', () => {
  it('leaves a picture that fits alone', () => {
    expect(
      resizePng(
        picture(288, 100, () => [1, 2, 3, 255]),
        288,
      ),
    ).toBeNull();
  });

  it('fits a large picture in the box, aspect kept, colours averaged', () => {
    // Left half red, right half blue, 1200 × 600.
    const big = picture(1200, 600, (x) => (x < 600 ? [255, 0, 0, 255] : [0, 0, 255, 255]));
    const small = PNG.sync.read(resizePng(big, 288) as Buffer);
    expect([small.width, small.height]).toEqual([288, 144]);
    expect(at(small, 10, 70)).toEqual([255, 0, 0, 255]);
    expect(at(small, 280, 70)).toEqual([0, 0, 255, 255]);
    expect(at(small, 143, 0)).toEqual([255, 0, 0, 255]);
    expect(at(small, 144, 143)).toEqual([0, 0, 255, 255]);
  });

  it('averages fine detail instead of picking pixels (a checkerboard turns grey)', () => {
    const board = picture(600, 600, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const small = PNG.sync.read(resizePng(board, 200) as Buffer);
    expect([small.width, small.height]).toEqual([200, 200]);
    for (const [x, y] of [
      [0, 0],
      [100, 57],
      [199, 199],
    ]) {
      const [r, g, b, a] = at(small, x, y);
      expect(Math.abs(r - 128)).toBeLessThanOrEqual(30);
      expect(g).toBe(r);
      expect(b).toBe(r);
      expect(a).toBe(255);
    }
  });

  it('keeps transparency, without dark fringes from transparent pixels', () => {
    // Opaque green on the top half, fully transparent (black) below.
    const half = picture(400, 400, (_x, y) => (y < 200 ? [0, 200, 0, 255] : [0, 0, 0, 0]));
    const small = PNG.sync.read(resizePng(half, 100) as Buffer);
    expect(at(small, 50, 10)).toEqual([0, 200, 0, 255]);
    expect(at(small, 50, 90)[3]).toBe(0);
    // An odd ratio puts a row across the edge: half transparent, still pure green.
    const odd = PNG.sync.read(
      resizePng(
        picture(300, 301, (_x, y) => (y < 150 ? [0, 200, 0, 255] : [0, 0, 0, 0])),
        101,
      ) as Buffer,
    );
    for (let y = 0; y < odd.height; y++) {
      const [r, g, b, a] = at(odd, 50, y);
      if (a > 0) expect([r, g, b]).toEqual([0, 200, 0]);
    }
  });

  it('writes far fewer bytes for a large photo-like picture', () => {
    const noisy = picture(1500, 1000, (x, y) => [(x * 7 + y * 3) & 255, (x * y) & 255, (x ^ y) & 255, 255]);
    const small = resizePng(noisy, 288) as Buffer;
    expect(small.length).toBeLessThan(noisy.length / 5);
    const png = PNG.sync.read(small);
    expect([png.width, png.height]).toEqual([288, 192]);
  });
});
