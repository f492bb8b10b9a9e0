import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { CATALOGUE_MSG, IMAGE_MAX_BYTES } from '@scentry/shared-schema';
import { invalid } from '../lib/errors';
import type { UploadedFile } from '../lib/multipart';
import { inspectPng, stripMetadata } from '../lib/png';
import { resizePng } from '../lib/png-resize';

/** Longest original file name kept (it is shown, never used as a path). */
export const FILE_NAME_MAX = 100;

/** An uploaded file's name as kept: its last path part, no control characters, at most 100 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...printable].slice(0, FILE_NAME_MAX).join('');
}

/**
 * Checks an upload is a PNG under 5 MB by its bytes (the spec's message otherwise, also as the
 * `file` field's detail, which the form shows under the field) and returns what is kept of it: the picture without text and metadata chunks, and a clean file name.
 */
export function checkPng(file: UploadedFile | undefined): UploadedFile {
  if (!file || file.buffer.length === 0)
    throw invalid(CATALOGUE_MSG.imageRequired, `file: ${CATALOGUE_MSG.imageRequired}`);
  if (file.truncated || file.buffer.length >= IMAGE_MAX_BYTES)
    throw invalid(CATALOGUE_MSG.imageTooLarge, `file: ${CATALOGUE_MSG.imageTooLarge}`);
  if (!inspectPng(file.buffer)) throw invalid(CATALOGUE_MSG.imageNotPng, `file: ${CATALOGUE_MSG.imageNotPng}`);
  return { ...file, buffer: stripMetadata(file.buffer), fileName: cleanFileName(file.fileName) };
}

/**
 * Where pictures are kept (config.ts): the originals in UPLOADS_DIR (default DATA_DIR/uploads; with
 * DATABASE_URL one folder every server mounts, so each serves every picture), their sized copies in
 * this server's DATA_DIR/uploads-sized (a cache, made again from the originals when missing).
 */
export interface PictureDirs {
  dataDir: string;
  uploadsDir: string;
}

/**
 * Stores an image in UPLOADS_DIR with a content-hash name (the same picture is stored once; a
 * changed one gets a new name, so caches never serve a stale image, and two servers storing at
 * once write the same bytes under the same name). Returns its URL path.
 */
export function storeImage(dirs: PictureDirs, buffer: Buffer): string {
  const dir = dirs.uploadsDir;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${createHash('sha256').update(buffer).digest('hex').slice(0, 32)}.png`;
  const target = path.join(dir, name);
  if (!existsSync(target)) writeAtomically(target, buffer);
  try {
    ensureSizedPicture(dirs, name);
  } catch {
    // A picture that cannot be resized is served as it was uploaded.
  }
  return `/uploads/${name}`;
}

/**
 * Written whole under a temporary name in the same folder, then renamed over the name: a reader
 * (another server on the shared folder too) sees no file or the whole file. The temporary name is
 * random: servers in containers may share a process id, and two of them writing one picture at
 * once must not write into one temporary file.
 */
function writeAtomically(target: string, buffer: Buffer): void {
  const tmp = `${target}.${randomBytes(8).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, buffer);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * The largest side, in pixels, of a picture as the player gets it: options show at 96 CSS px, on
 * screens of up to 3 device pixels per CSS pixel.
 */
export const PICTURE_MAX_PX = 288;

/**
 * Where the sized copies live: this server's DATA_DIR/uploads-sized (not backed up, not shared:
 * made again from the originals in UPLOADS_DIR on their first request when missing).
 */
export const sizedDir = (dataDir: string): string => path.join(dataDir, 'uploads-sized');

/** A stored picture's file name as `storeImage` makes it (a content hash), nothing else. */
export const STORED_NAME = /^[0-9a-f]{32}\.png$/;

/** Width and height from a PNG file's header (its first 24 bytes), or null. */
function headerSize(file: string): { width: number; height: number } | null {
  const head = Buffer.alloc(24);
  const fd = openSync(file, 'r');
  try {
    if (readSync(fd, head, 0, 24, 0) < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  } finally {
    closeSync(fd);
  }
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/**
 * Makes sure a stored picture larger than PICTURE_MAX_PX has its sized copy in uploads-sized
 * (same name; /uploads/<name> serves it, the original stays at /uploads/originals/<name>).
 * Called when a picture is stored and, for pictures stored before sizing existed, on their first
 * request. Says what /uploads/<name> serves: the sized copy, the original (small enough), or
 * nothing (no such picture).
 */
export function ensureSizedPicture(dirs: PictureDirs, name: string): 'sized' | 'original' | 'missing' {
  if (!STORED_NAME.test(name)) return 'missing';
  const original = path.join(dirs.uploadsDir, name);
  const sized = path.join(sizedDir(dirs.dataDir), name);
  if (existsSync(sized)) return 'sized';
  if (!existsSync(original)) return 'missing';
  const size = headerSize(original);
  if (!size || (size.width <= PICTURE_MAX_PX && size.height <= PICTURE_MAX_PX)) return 'original';
  const bytes = readFileSync(original);
  const smaller = resizePng(bytes, PICTURE_MAX_PX);
  if (!smaller) return 'original';
  mkdirSync(path.dirname(sized), { recursive: true, mode: 0o700 });
  // A large picture that compresses very well may already be fewer bytes: then it is its own copy.
  writeAtomically(sized, smaller.length < bytes.length ? smaller : bytes);
  return 'sized';
}
