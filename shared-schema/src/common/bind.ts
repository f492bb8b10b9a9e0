import type { z } from 'zod';
import { MSG } from './messages';

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

/** Schema kinds whose value is checked elsewhere (a sync push's documents, each parsed on its own). */
const OPAQUE = new Set(['unknown', 'any']);

/** A number a request may hold where an integer can be meant: within ±(2^53 − 1), or not whole. */
const storableNumber = (n: number): boolean => !Number.isInteger(n) || Number.isSafeInteger(n);

/**
 * What every field of every request must be beyond its own rules, so that both engines store it
 * alike (API.md: 400 for invalid input, 500 never for anything a client sent): text holds no
 * U+0000, which PostgreSQL's text cannot hold (SQLite would store it, PostgreSQL fail); a number
 * is a safe integer (|n| ≤ 2^53 − 1, below PostgreSQL's bigint and exact in JavaScript) or not
 * whole. Walks the bound input along the schema, as bindKeys does (a query's coerced number
 * included), leaving opaque parts to their own parse. Adds one 'Invalid request' per field.
 */
function unstorableFields(schema: AnySchema, input: unknown, path: string[], fields: FieldErrors): void {
  const s = unwrap(schema);
  const def = s._zod.def as {
    type: string;
    shape?: Record<string, AnySchema>;
    element?: AnySchema;
    valueType?: AnySchema;
    options?: AnySchema[];
    coerce?: boolean;
  };
  if (OPAQUE.has(def.type)) return;
  const refuse = () => {
    const at = path.join('.') || '_';
    if (!(at in fields)) fields[at] = MSG.invalidRequest;
  };
  if (def.type === 'object' && def.shape && input && typeof input === 'object' && !Array.isArray(input)) {
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const field = def.shape[key];
      if (field) unstorableFields(field, value, [...path, key], fields);
    }
    return;
  }
  if (def.type === 'array' && def.element && Array.isArray(input)) {
    input.forEach((item, i) => {
      unstorableFields(def.element as AnySchema, item, [...path, String(i)], fields);
    });
    return;
  }
  if (def.type === 'record' && input && typeof input === 'object' && !Array.isArray(input)) {
    if (def.valueType && OPAQUE.has(unwrap(def.valueType)._zod.def.type)) return;
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      if (key.includes('\u0000')) refuse();
      if (def.valueType) unstorableFields(def.valueType, value, [...path, key], fields);
    }
    return;
  }
  if (def.type === 'union' && def.options?.every((o) => OPAQUE.has(unwrap(o)._zod.def.type))) return;
  if (typeof input === 'string' && input.includes('\u0000')) refuse();
  else if (typeof input === 'number' && !storableNumber(input)) refuse();
  else if (def.type === 'number' && def.coerce && typeof input === 'string' && !storableNumber(Number(input))) refuse();
}

/**
 * Binds keys, then validates. The first issue's message is the one to show (spec messages); a
 * request that passes its rules but holds what no engine may store (unstorableFields) is refused
 * with 'Invalid request'.
 */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const bound = bindKeys(schema, input ?? {});
  const result = schema.safeParse(bound);
  const fields: FieldErrors = {};
  if (result.success) {
    unstorableFields(schema, bound, [], fields);
    if (!Object.keys(fields).length) return { ok: true, data: result.data };
    return { ok: false, message: MSG.invalidRequest, fields };
  }
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    if (!(path in fields)) fields[path] = issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid request', fields };
}
