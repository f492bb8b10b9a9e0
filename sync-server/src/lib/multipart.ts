import type { FastifyRequest } from 'fastify';
import { ApiError, invalid } from './errors';

export interface UploadedFile {
  buffer: Buffer;
  fileName: string;
  truncated: boolean;
}

/**
 * Reads a multipart request of a `model` JSON field and an optional `file`, per API.md. With
 * `ignoreFiles` a file is read past and dropped, never held (the e-mails: the server makes the
 * attachment; older builds still send one).
 */
export async function readModelAndFile(
  req: FastifyRequest,
  { ignoreFiles = false }: { ignoreFiles?: boolean } = {},
): Promise<{ model: unknown; file?: UploadedFile }> {
  if (!req.isMultipart()) throw invalid('Invalid request', 'Expected multipart/form-data with a model field');
  let model: unknown;
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && ignoreFiles) {
        for await (const _chunk of part.file) {
          // Read past it: the next part follows it in the stream.
        }
      } else if (part.type === 'file') {
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
