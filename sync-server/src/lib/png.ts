import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

export interface PngInfo {
  width: number;
  height: number;
}

/**
 * Checks that bytes are a whole PNG, by content and not by name: the signature, every chunk's
 * length and CRC, a valid IHDR first, image data that inflates, and IEND last with nothing after
 * it. A renamed JPEG, a truncated or corrupted file, or a file appended to a PNG is refused. Returns the dimensions, or null when not a valid PNG.
 */
export function inspectPng(buf: Buffer): PngInfo | null {
  if (buf.length < 8 + 25 + 12 || !buf.subarray(0, 8).equals(SIGNATURE)) return null;
  let pos = 8;
  let info: PngInfo | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (length > buf.length - pos - 12) return null;
    const body = buf.subarray(pos + 8, pos + 8 + length);
    const crc = buf.readUInt32BE(pos + 8 + length);
    if (crc32(buf.subarray(pos + 4, pos + 8 + length)) !== crc) return null;
    if (!info) {
      if (type !== 'IHDR' || length !== 13) return null;
      const width = body.readUInt32BE(0);
      const height = body.readUInt32BE(4);
      const depth = body[8];
      const colour = body[9];
      if (!width || !height || width > 20000 || height > 20000) return null;
      if (!COLOUR_DEPTHS[colour]?.includes(depth)) return null;
      info = { width, height };
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      // Nothing may follow the end marker: bytes there are another file riding along.
      if (pos + 12 + length !== buf.length) return null;
      ended = true;
      break;
    }
    pos += 12 + length;
  }
  if (!info || !ended || idat.length === 0) return null;
  try {
    // Bounded: a PNG under 5 MB whose data would inflate past 200 MB is refused as a bomb.
    inflateSync(Buffer.concat(idat), { maxOutputLength: 200 * 1024 * 1024 });
  } catch {
    return null;
  }
  return info;
}

/** Chunks that carry text or metadata (comments, camera and place data), not the picture. */
const METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/**
 * The same PNG without its text and metadata chunks: what is stored and served is the picture
 * only. Expects a PNG that passed inspectPng; the chunks kept are copied as they are (CRCs too).
 */
export function stripMetadata(buf: Buffer): Buffer {
  const parts: Buffer[] = [buf.subarray(0, 8)];
  let pos = 8;
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (!METADATA_CHUNKS.has(type)) parts.push(buf.subarray(pos, pos + 12 + length));
    pos += 12 + length;
    if (type === 'IEND') break;
  }
  return Buffer.concat(parts);
}
