import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { PkPassRequest } from '@scentry/shared-schema';
import type { PassSigner } from './pass-certs';

/** What a pass shows: the validated GeneratePKSafePass body. */
export type PassModel = PkPassRequest;

export type PassGenerator = (model: PassModel) => Promise<Buffer>;

// The app's colours (scripts/make-icons.mjs): teal tile, white drop, mint scent waves.
type Rgba = readonly [number, number, number, number];
const TEAL: Rgba = [15, 118, 110, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const MINT: Rgba = [153, 246, 228, 255];
const rgb = ([r, g, b]: Rgba) => `rgb(${r}, ${g}, ${b})`;

/**
 * A function that makes a signed `.pkpass` (a zip of pass.json, images, manifest.json and the
 * detached PKCS #7 signature of the manifest) for one screening result. passkit-generator is
 * imported and the images drawn on the first pass, not at start: most servers make few passes.
 */
export function createPassGenerator(signer: PassSigner): PassGenerator {
  let images: Record<string, Buffer> | undefined;
  return async (model) => {
    const { PKPass } = await import('passkit-generator');
    images ??= passImages();
    const passJson = {
      formatVersion: 1,
      passTypeIdentifier: signer.passTypeIdentifier,
      teamIdentifier: signer.teamIdentifier,
      serialNumber: randomUUID(),
      organizationName: 'Scentry',
      description: 'Smell screening result',
      logoText: 'Scentry',
      backgroundColor: rgb(TEAL),
      foregroundColor: rgb(WHITE),
      labelColor: rgb(MINT),
      generic: {
        primaryFields: [{ key: 'result', label: 'RESULT', value: model.result }],
        secondaryFields: [
          { key: 'name', label: 'NAME', value: model.name },
          { key: 'score', label: 'SCORE', value: model.score },
        ],
        auxiliaryFields: [{ key: 'date', label: 'DATE', value: model.date }],
      },
    };
    const pass = new PKPass({ ...images, 'pass.json': Buffer.from(JSON.stringify(passJson)) }, signer.certificates);
    return pass.getAsBuffer();
  };
}

/** icon.png is the one image Wallet requires; the logo heads the pass beside the logo text. */
function passImages(): Record<string, Buffer> {
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
