import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';

/** A small valid PNG whose pixels (and so its bytes and content hash) depend on `seed`. */
export function makePng(seed: number, width = 8, height = 8): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    png.data[i * 4] = (seed * 37 + i) & 255;
    png.data[i * 4 + 1] = (seed * 11 + 3) & 255;
    png.data[i * 4 + 2] = (seed >> 8) & 255;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** A real PNG of random noise (it does not compress): 1500×1100 RGBA is about 6.6 MB. */
export function noisePng(width = 1500, height = 1100): Buffer {
  const png = new PNG({ width, height });
  randomBytes(width * height * 4).copy(png.data);
  return PNG.sync.write(png, { deflateLevel: 1, filterType: 0 });
}

/** One PNG chunk: length, type, body and its CRC. */
export function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * The PNG grown to exactly `totalBytes` by a private ancillary chunk after IHDR: still a valid
 * PNG (decoders skip such chunks), handy for size limits.
 */
export function padPng(png: Buffer, totalBytes: number): Buffer {
  const afterIhdr = 8 + 25;
  const bodyLength = totalBytes - png.length - 12;
  if (bodyLength < 0) throw new Error('padPng: target smaller than the PNG');
  return Buffer.concat([
    png.subarray(0, afterIhdr),
    pngChunk('scNt', Buffer.alloc(bodyLength, 0x2a)),
    png.subarray(afterIhdr),
  ]);
}

/** The PNG with one byte of its IDAT data flipped, so that chunk's CRC no longer matches. */
export function corruptCrc(png: Buffer): Buffer {
  const out = Buffer.from(png);
  const idat = out.indexOf('IDAT', 8, 'latin1');
  out[idat + 4] ^= 0xff;
  return out;
}

/** The first bytes of a JPEG (SOI + JFIF APP0), some data and EOI: what a renamed photo looks like. */
export function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
    Buffer.from([0x00, 0x01, 0x00, 0x00]),
    randomBytes(600),
    Buffer.from([0xff, 0xd9]),
  ]);
}
