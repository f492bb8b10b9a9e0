import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/**
 * Writes a Y4M video (Chromium's fake camera input) showing a PNG centred on white: a text header,
 * then raw yuv420p frames (BT.601). The QR image is scaled by whole pixels so it stays sharp.
 */
export function writeY4m(file: string, png: Buffer, width = 640, height = 480, frames = 5): void {
  const img = PNG.sync.read(png);
  const scale = Math.max(1, Math.floor(Math.min((width * 0.8) / img.width, (height * 0.8) / img.height)));
  const w = img.width * scale;
  const h = img.height * scale;
  const x0 = Math.floor((width - w) / 2);
  const y0 = Math.floor((height - h) / 2);
  const Y = Buffer.alloc(width * height, 235);
  const U = Buffer.alloc((width / 2) * (height / 2), 128);
  const V = Buffer.alloc((width / 2) * (height / 2), 128);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (Math.floor(y / scale) * img.width + Math.floor(x / scale)) * 4;
      const a = img.data[i + 3] / 255;
      const r = img.data[i] * a + 255 * (1 - a);
      const g = img.data[i + 1] * a + 255 * (1 - a);
      const b = img.data[i + 2] * a + 255 * (1 - a);
      Y[(y0 + y) * width + x0 + x] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Y, U, V]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F15:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
