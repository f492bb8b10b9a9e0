import type { z } from 'zod';

type AnySchema = z.core.$ZodType;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  for (;;) {
    const def = s._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
}

/**
 * Request property names bind case-insensitively (API.md): `Email` fills `email`. Walks the
 * schema's objects and arrays and renames the input's keys to the schema's spelling; keys the
 * schema does not know are dropped (unknown fields are ignored, never an error).
 */
export function bindKeys(schema: AnySchema, input: unknown): unknown {
  const s = unwrap(schema);
  const def = s._zod.def as { type: string; shape?: Record<string, AnySchema>; element?: AnySchema };
  if (def.type === 'object' && def.shape && input && typeof input === 'object' && !Array.isArray(input)) {
    const byLower = new Map<string, string>();
    for (const key of Object.keys(def.shape)) byLower.set(key.toLowerCase(), key);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const target = byLower.get(key.toLowerCase());
      if (target === undefined || key === '__proto__') continue;
      // An exact-case key wins over a differently cased duplicate.
      if (target in out && key !== target) continue;
      out[target] = bindKeys(def.shape[target], value);
    }
    return out;
  }
  if (def.type === 'array' && def.element && Array.isArray(input)) {
    return input.map((item) => bindKeys(def.element as AnySchema, item));
  }
  return input;
}

export type FieldErrors = Record<string, string>;

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string; fields: FieldErrors };

/** Binds keys, then validates. The first issue's message is the one to show (spec messages). */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(bindKeys(schema, input ?? {}));
  if (result.success) return { ok: true, data: result.data };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    if (!(path in fields)) fields[path] = issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid request', fields };
}
