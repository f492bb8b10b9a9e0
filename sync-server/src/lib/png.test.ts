import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { corruptCrc, jpegBytes, makePng, padPng, pngChunk } from '../test/images';
import { inspectPng, stripMetadata } from './png';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, depth = 8, colour = 6): Buffer {
  const body = Buffer.alloc(13);
  body.writeUInt32BE(width, 0);
  body.writeUInt32BE(height, 4);
  body[8] = depth;
  body[9] = colour;
  return pngChunk('IHDR', body);
}

/** A PNG assembled chunk by chunk: 2×2 RGBA unless told otherwise. */
function build(chunks: Buffer[]): Buffer {
  return Buffer.concat([SIGNATURE, ...chunks]);
}
const rows = (width: number, height: number, bytesPerPixel = 4) =>
  deflateSync(Buffer.alloc((width * bytesPerPixel + 1) * height));
const iend = () => pngChunk('IEND', Buffer.alloc(0));

describe('inspectPng', () => {
  it('accepts PNGs made by pngjs, with their dimensions', () => {
    expect(inspectPng(makePng(1))).toEqual({ width: 8, height: 8 });
    expect(inspectPng(makePng(2, 300, 17))).toEqual({ width: 300, height: 17 });
  });

  it.each([
    ['greyscale 8-bit', 0, 8],
    ['greyscale 16-bit', 0, 16],
    ['RGB 8-bit', 2, 8],
    ['palette 8-bit', 3, 8],
    ['grey + alpha 8-bit', 4, 8],
    ['RGBA 16-bit', 6, 16],
  ])('accepts %s', (_, colour, depth) => {
    const palette = colour === 3 ? [pngChunk('PLTE', Buffer.alloc(3))] : [];
    expect(inspectPng(build([ihdr(2, 2, depth, colour), ...palette, pngChunk('IDAT', rows(2, 2, 8)), iend()]))).toEqual(
      {
        width: 2,
        height: 2,
      },
    );
  });

  it('accepts image data split over several IDAT chunks and ancillary chunks anywhere before IEND', () => {
    const data = rows(2, 2);
    const png = build([
      ihdr(2, 2),
      pngChunk('tEXt', Buffer.from('Title\0Lemon')),
      pngChunk('IDAT', data.subarray(0, 5)),
      pngChunk('IDAT', data.subarray(5)),
      pngChunk('zzAz', Buffer.from('x')),
      iend(),
    ]);
    expect(inspectPng(png)).toEqual({ width: 2, height: 2 });
    expect(inspectPng(padPng(makePng(3), 50_000))).toEqual({ width: 8, height: 8 });
  });

  it.each<[string, () => Buffer]>([
    ['an empty buffer', () => Buffer.alloc(0)],
    ['the signature alone', () => SIGNATURE],
    ['a JPEG', () => jpegBytes()],
    ['a GIF', () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(80)])],
    ['text', () => Buffer.from('definitely not a PNG, just some words that are long enough')],
    [
      'a wrong signature byte',
      () => {
        const png = Buffer.from(makePng(5));
        png[1] = 0x51;
        return png;
      },
    ],
    [
      'a truncated PNG (cut inside IDAT)',
      () => {
        const png = makePng(6, 32, 32);
        return png.subarray(0, png.indexOf('IDAT', 8, 'latin1') + 20);
      },
    ],
    [
      'a PNG without its IEND',
      () => {
        const png = makePng(7);
        return png.subarray(0, png.length - 12);
      },
    ],
    ['a corrupted IDAT CRC', () => corruptCrc(makePng(8))],
    [
      'a corrupted IHDR (width changed, CRC not)',
      () => {
        const png = Buffer.from(makePng(9));
        png.writeUInt32BE(9, 16);
        return png;
      },
    ],
    [
      'a chunk length running past the end',
      () => {
        const png = Buffer.from(makePng(10));
        png.writeUInt32BE(0x7fffffff, 8 + 25);
        return png;
      },
    ],
    ['IDAT before IHDR', () => build([pngChunk('IDAT', rows(2, 2)), ihdr(2, 2), iend()])],
    ['no IDAT', () => build([ihdr(2, 2), iend()])],
    ['zero width', () => build([ihdr(0, 2), pngChunk('IDAT', rows(2, 2)), iend()])],
    ['a 30000-pixel-high image', () => build([ihdr(2, 30000), pngChunk('IDAT', rows(2, 2)), iend()])],
    ['an impossible colour type', () => build([ihdr(2, 2, 8, 5), pngChunk('IDAT', rows(2, 2)), iend()])],
    ['an impossible bit depth for RGB', () => build([ihdr(2, 2, 4, 2), pngChunk('IDAT', rows(2, 2)), iend()])],
    [
      'an IHDR of the wrong length',
      () => build([pngChunk('IHDR', Buffer.alloc(12, 1)), pngChunk('IDAT', rows(2, 2)), iend()]),
    ],
    [
      'image data that does not inflate',
      () => build([ihdr(2, 2), pngChunk('IDAT', Buffer.from('not zlib data at all')), iend()]),
    ],
  ])('refuses %s', (_, make) => {
    expect(inspectPng(make())).toBeNull();
  });

  it('agrees with pngjs on a real picture', () => {
    const png = new PNG({ width: 40, height: 30 });
    png.data.fill(200);
    const bytes = PNG.sync.write(png);
    expect(inspectPng(bytes)).toEqual({ width: 40, height: 30 });
    expect(PNG.sync.read(bytes).width).toBe(40);
  });
});

describe('what follows the end marker, and metadata', () => {
  it('refuses a PNG with bytes after IEND (another file riding along)', () => {
    const png = makePng(7);
    expect(inspectPng(png)).not.toBeNull();
    expect(inspectPng(Buffer.concat([png, Buffer.from('PK\u0003\u0004 a zip file')]))).toBeNull();
    expect(inspectPng(Buffer.concat([png, Buffer.alloc(1)]))).toBeNull();
  });

  it('drops text and metadata chunks and keeps the picture exactly', () => {
    const png = makePng(8);
    const afterIhdr = 8 + 25;
    const text = pngChunk('tEXt', Buffer.from('Comment\u0000<script>alert(1)</script>', 'latin1'));
    const itxt = pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\u0000\u0000\u0000\u0000\u0000<x/>', 'latin1'));
    const exif = pngChunk('eXIf', Buffer.from('MM\u0000*GPS', 'latin1'));
    const tagged = Buffer.concat([png.subarray(0, afterIhdr), text, itxt, exif, png.subarray(afterIhdr)]);
    expect(inspectPng(tagged)).not.toBeNull();
    const stripped = stripMetadata(tagged);
    expect(stripped.equals(png)).toBe(true);
    expect(stripped.includes('script')).toBe(false);
    expect(inspectPng(stripped)).toEqual(inspectPng(png));
  });
});
