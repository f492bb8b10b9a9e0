import { inflateRawSync } from 'node:zlib';

/**
 * The files of a zip archive (a wallet pass is one), read with Node alone: the central directory
 * lists each file, its local header precedes its bytes, stored (0) or deflated (8). Enough for the
 * archives the server makes; no zip64, no encryption.
 */
export function unzip(zip: Buffer): Record<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const bytes = zip.subarray(start, start + compressed);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression method ${method}`);
    files[name] = method === 8 ? inflateRawSync(bytes) : Buffer.from(bytes);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
