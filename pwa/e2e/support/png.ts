import { PNG } from 'pngjs';

/** A real PNG of one colour with a darker disc, so each test picture looks different. */
export function makePng(rgb: [number, number, number], size = 96): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const inDisc = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2;
      png.data[i] = inDisc ? rgb[0] >> 1 : rgb[0];
      png.data[i + 1] = inDisc ? rgb[1] >> 1 : rgb[1];
      png.data[i + 2] = inDisc ? rgb[2] >> 1 : rgb[2];
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
