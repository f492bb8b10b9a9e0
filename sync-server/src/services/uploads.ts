import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOGUE_MSG, IMAGE_MAX_BYTES } from '@scentry/shared-schema';
import type { FastifyRequest } from 'fastify';
import { ApiError, invalid } from '../lib/errors';
import { inspectPng, stripMetadata } from '../lib/png';

export interface UploadedFile {
  buffer: Buffer;
  fileName: string;
  truncated: boolean;
}

/** Reads a multipart request of a `model` JSON field and an optional `file`, per API.md. */
export async function readModelAndFile(req: FastifyRequest): Promise<{ model: unknown; file?: UploadedFile }> {
  if (!req.isMultipart()) throw invalid('Invalid request', 'Expected multipart/form-data with a model field');
  let model: unknown;
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname.toLowerCase() === 'file') {
          file = { buffer, fileName: part.filename, truncated: part.file.truncated };
        }
      } else if (part.fieldname.toLowerCase() === 'model') {
        try {
          model = JSON.parse(String(part.value));
        } catch {
          throw invalid('Invalid request', 'model: not valid JSON');
        }
      }
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // A body cut short, without its boundary or over the part limits is the client's: 400, never 500.
    throw invalid('Invalid request', `Malformed multipart body: ${(err as Error).message}`);
  }
  if (model === undefined) throw invalid('Invalid request', 'model: missing');
  return { model, file };
}

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
 * Checks an upload is a PNG under 5 MB by its bytes (the spec's message otherwise) and returns
 * what is kept of it: the picture without text and metadata chunks, and a clean file name.
 */
export function checkPng(file: UploadedFile | undefined): UploadedFile {
  if (!file || file.buffer.length === 0) throw invalid(CATALOGUE_MSG.imageRequired, 'file: missing or empty');
  if (file.truncated || file.buffer.length >= IMAGE_MAX_BYTES)
    throw invalid(CATALOGUE_MSG.imageTooLarge, 'file: 5 MB or more');
  if (!inspectPng(file.buffer)) throw invalid(CATALOGUE_MSG.imageNotPng, 'file: not a valid PNG image');
  return { ...file, buffer: stripMetadata(file.buffer), fileName: cleanFileName(file.fileName) };
}

/**
 * Stores an image under DATA_DIR/uploads with a content-hash name (the same picture is stored
 * once; a changed one gets a new name, so caches never serve a stale image). Returns its URL path.
 */
export function storeImage(dataDir: string, buffer: Buffer): string {
  const dir = path.join(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `${createHash('sha256').update(buffer).digest('hex').slice(0, 32)}.png`;
  const target = path.join(dir, name);
  if (!existsSync(target)) {
    const tmp = `${target}.${process.pid}.tmp`;
    writeFileSync(tmp, buffer);
    renameSync(tmp, target);
  }
  return `/uploads/${name}`;
}
