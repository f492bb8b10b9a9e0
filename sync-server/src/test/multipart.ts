/** A multipart/form-data body made by hand for `app.inject` (no client library needed). */
export interface FormPart {
  name: string;
  /** A text field's value, or a file's bytes. */
  value: string | Buffer;
  /** Set for a file part. */
  filename?: string;
  contentType?: string;
}

export interface MultipartRequest {
  payload: Buffer;
  headers: Record<string, string>;
}

const BOUNDARY = '----ScentryTestBoundary7MA4YWxkTrZu0gW';

/** Builds the body and its content-type header from the parts, in order. */
export function multipart(parts: FormPart[], boundary = BOUNDARY): MultipartRequest {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head = [`--${boundary}`];
    if (part.filename !== undefined) {
      head.push(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"`);
      head.push(`Content-Type: ${part.contentType ?? 'application/octet-stream'}`);
    } else {
      head.push(`Content-Disposition: form-data; name="${part.name}"`);
      if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    }
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export interface UploadFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/**
 * The scent option form of API.md: `model` as JSON (an object is serialised; a string is sent as
 * is, so a test can send broken JSON; undefined leaves the part out) and an optional `file`.
 */
export function optionForm(model: unknown, file?: UploadFile): MultipartRequest {
  const parts: FormPart[] = [];
  if (model !== undefined) {
    parts.push({ name: 'model', value: typeof model === 'string' ? model : JSON.stringify(model) });
  }
  if (file) {
    parts.push({
      name: 'file',
      value: file.data,
      filename: file.filename ?? 'scent.png',
      contentType: file.contentType ?? 'image/png',
    });
  }
  return multipart(parts);
}
