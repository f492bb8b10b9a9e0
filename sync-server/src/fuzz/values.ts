import type { JsonSchema } from './openapi';
import { schemaType } from './openapi';
import type { Rng } from './rng';

/** Text put into the JSON as it is (deep nesting, `1e400`, …): what JSON.stringify cannot make. */
export class Raw {
  constructor(readonly text: string) {}
}

/** An object written with its keys as listed, duplicates and `__proto__` included. */
export class Dup {
  constructor(readonly entries: [string, unknown][]) {}
}

/** Sets an own, enumerable key: `__proto__` becomes a real key, never the prototype. */
export function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Raw) && !(v instanceof Dup);

/** JSON text of a generated value, Raw fragments spliced in. (Generated values are shallow: recursion is safe.) */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Dup) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${toJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  // Well-formed JSON.stringify writes a lone surrogate as the escape "\ud800".
  return JSON.stringify(value) ?? 'null';
}

/** A short, printable description of a value for failure reports. */
export function preview(value: unknown, max = 60): string {
  if (value instanceof Raw) {
    return value.text.length > max ? `raw(${value.text.length} chars: ${value.text.slice(0, 24)}…)` : value.text;
  }
  if (value instanceof Dup) return `dup-keys${preview(Object.fromEntries(value.entries), max)}`;
  if (typeof value === 'string' && value.length > max) {
    return `${JSON.stringify(value.slice(0, 16)).slice(0, -1)}…"(${value.length} chars)`;
  }
  let text: string;
  try {
    text = toJson(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

// ── Interesting values ───────────────────────────────────────────────────────

export const PROTO_WORDS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
];

export const UNICODE_SAMPLES = [
  '😀🧪👃🏽',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\ufeffBOM',
  'zero\u200bwidth',
  'e\u0301\u0301\u0301',
  '𝕳𝖊𝖑𝖑𝖔',
  '\u2028\u2029',
  'ＤＥＭＯ１',
  'İı',
  'ß',
  '\u00a0 ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../etc/passwd',
  '%00%2e%2e',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}{{7*7}}',
  '\r\nX-Injected: 1',
];

export const NAN_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e3',
  '1e400',
  '0x1F',
  '0b101',
  '0o17',
  ' 1',
  '1 ',
  '1,000',
  '1_000',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '1.5',
  '-0',
  '+1',
  '٣',
  '１',
  '9007199254740993',
  '1e-7',
  'abc',
];

export const HUGE_NUMBERS: unknown[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 63,
  2 ** 31,
  2 ** 32 + 1,
  5e-324,
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('123456789012345678901234567890'),
  new Raw('9007199254740993'),
  new Raw('1.0000000000000000000000001'),
  new Raw('-0'),
  new Raw('1E+2'),
];

export const NEGATIVE_NUMBERS = [-1, -2, -999999, -0.5, 0, -2147483648, -Number.MAX_SAFE_INTEGER];

const HUGE_CHARS = ['a', 'é', '😀', '\u202e', '\u0000', '\ud800', 'ab ', '中', '"', '\\', '{'];

export function hugeString(rng: Rng): string {
  const length = rng.pick([10_000, 20_000, 50_000, 100_000, rng.int(10_000, 100_000)]);
  if (rng.chance(0.3)) return rng.string(length);
  const ch = rng.pick(HUGE_CHARS);
  return ch.repeat(Math.max(1, Math.floor(length / ch.length)));
}

/** Nested arrays/objects `depth` levels deep, made by repetition (JSON.stringify would overflow). */
export function deepJson(rng: Rng, depth = rng.pick([1_000, 2_000, 5_000, 10_000, 50_000])): Raw {
  switch (rng.int(0, 4)) {
    case 0:
      return new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    case 1:
      return new Raw(`${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`);
    case 2: {
      const half = Math.ceil(depth / 2);
      return new Raw(`${'[{"id":'.repeat(half)}1${'}]'.repeat(half)}`);
    }
    case 3:
      return new Raw(`${'{"__proto__":'.repeat(depth)}{}${'}'.repeat(depth)}`);
    default:
      return new Raw(`${'[1,'.repeat(depth)}2${']'.repeat(depth)}`);
  }
}

/** A value of another JSON type than the schema asks for. */
export function wrongType(rng: Rng, schema: JsonSchema | undefined): unknown {
  const t = schemaType(schema);
  const candidates: [string, unknown][] = [
    ['string', rng.pick(['abc', '12', '', 'true', 'null', '1.5', '2024-01-01', 'DEMO1'])],
    ['number', rng.pick([0, 1, 12, 1.5, -3, 42])],
    ['integer', rng.pick([7, 1.25])],
    ['boolean', rng.chance(0.5)],
    ['null', null],
    ['array', rng.pick([[], [1, 2], ['a'], [{}], [null], [[]]])],
    ['object', rng.pick([{}, { a: 1 }, { id: 1 }, { value: 'x' }, { length: 3 }])],
  ];
  const others = candidates.filter(
    ([k]) => k !== t && !(t === 'number' && k === 'integer') && !(t === 'integer' && k === 'number'),
  );
  return rng.pick(others)[1];
}

/** A key spelt in another case: `ID`, `Id`, `iD`. */
export function caseVariant(rng: Rng, key: string): string {
  const variants = [
    key.toUpperCase(),
    key.toLowerCase(),
    key.charAt(0).toUpperCase() + key.slice(1),
    key.charAt(0).toLowerCase() + key.slice(1),
    [...key].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(''),
    [...key].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join(''),
  ].filter((v) => v !== key);
  return variants.length ? rng.pick(variants) : key.toUpperCase();
}

// ── Valid-looking values from a schema ──────────────────────────────────────

const UUID_HEX = '0123456789abcdef';
const uuid = (rng: Rng) =>
  `${rng.string(8, UUID_HEX)}-${rng.string(4, UUID_HEX)}-4${rng.string(3, UUID_HEX)}-${rng.pick(['8', '9', 'a', 'b'])}${rng.string(3, UUID_HEX)}-${rng.string(12, UUID_HEX)}`;

function isoDate(rng: Rng): string {
  const ms = Date.UTC(2025, 0, 1) + rng.int(0, 2 * 365 * 24 * 3600) * 1000;
  const iso = new Date(ms).toISOString();
  return rng.chance(0.3) ? iso.replace('Z', '+02:00') : iso;
}

/** Candidate strings tried against a pattern (the first that matches wins). */
function patternCandidates(rng: Rng): string[] {
  return [
    uuid(rng),
    isoDate(rng),
    rng.pick(['DEMO1', 'Demo1', `Kit${rng.int(1, 99)}`, rng.string(rng.int(1, 12))]),
    Array.from({ length: rng.int(1, 4) }, () => String(rng.int(1, 30))).join(','),
    String(rng.int(1, 30)),
    rng.string(rng.int(1, 12), 'abcdefghijklmnopqrstuvwxyz'),
    rng.string(rng.int(1, 8), '0123456789'),
  ];
}

/** A result write key the fuzz suite stores results under (API.md "Writing to a result"). */
export const FUZZ_WRITE_KEY = 'fuzz-suite-write-key-0001';
/** Results the fuzz suite stores before it starts: one under FUZZ_WRITE_KEY, one keyless (older builds). */
export const FUZZ_RESULT_IDS = {
  keyed: '0f0e1849-5c1e-4b7a-9d2e-3f4a5b6c7d8e',
  keyless: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function hintedString(rng: Rng, name: string): string | undefined {
  const n = name.toLowerCase();
  // The key of the results the suite stored, a well-formed stranger's key, or one of another form.
  if (n.includes('writekey'))
    return rng.pick([FUZZ_WRITE_KEY, rng.string(rng.int(22, 64), B64URL), rng.string(rng.int(1, 21), B64URL)]);
  // Writes about a result meet a stored one (keyed or not) as often as an unknown one.
  if (n === 'testresultid') return rng.pick([FUZZ_RESULT_IDS.keyed, FUZZ_RESULT_IDS.keyless, uuid(rng)]);
  if (n.includes('email')) return rng.pick(['root@scentry.test', `${rng.string(6)}@example.com`, 'NOBODY@Example.COM']);
  if (n.includes('password')) return rng.pick(['Root-Passw0rd!', 'Fixture-Pw1!', `${rng.string(10)}-1a!`]);
  if (n.includes('code') || n.includes('kitname') || n === 'name') {
    // Now and then a word that is also a property of every object: a lookup by it must miss.
    if (rng.chance(0.1)) return rng.pick(PROTO_WORDS);
    return rng.pick(['DEMO1', 'demo1', ` DEMO1 `, `Kit${rng.int(1, 50)}`, rng.string(rng.int(1, 10))]);
  }
  if (n.includes('title')) return rng.pick(['Lemon', 'Coffee', 'Rose', 'Smoke', `Scent ${rng.int(1, 99)}`]);
  if (n.includes('column')) return rng.pick(['name', 'title', 'id', 'createdAt', 'Name', 'isActive', 'sortOrder']);
  if (n === 'id' || n.endsWith('id')) return rng.pick([uuid(rng), String(rng.int(1, 30)), 'DEMO1']);
  return undefined;
}

function fits(s: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && s.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && s.length > schema.maxLength) return false;
  if (schema.pattern) {
    try {
      if (!new RegExp(schema.pattern, 'u').test(s)) return false;
    } catch {
      return true;
    }
  }
  return true;
}

function validString(rng: Rng, schema: JsonSchema, name: string): string {
  if (schema.format === 'date-time') return isoDate(rng);
  if (schema.format === 'binary') return rng.string(8);
  const hinted = hintedString(rng, name);
  if (hinted !== undefined && fits(hinted, schema)) return hinted;
  if (schema.pattern) {
    for (const c of patternCandidates(rng)) if (fits(c, schema)) return c;
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
  return rng.string(rng.int(Math.max(min, 1), Math.max(max, 1)));
}

function numberRange(schema: JsonSchema, integer: boolean): [number, number] {
  let lo = schema.minimum ?? -1000;
  let hi = schema.maximum ?? 1000;
  const step = integer ? 1 : 0.001;
  if (schema.exclusiveMinimum === true) lo += step;
  else if (typeof schema.exclusiveMinimum === 'number') lo = schema.exclusiveMinimum + step;
  if (schema.exclusiveMaximum === true) hi -= step;
  else if (typeof schema.exclusiveMaximum === 'number') hi = schema.exclusiveMaximum - step;
  return [lo, hi];
}

function validNumber(rng: Rng, schema: JsonSchema, integer: boolean): number {
  const [lo, hi] = numberRange(schema, integer);
  if (integer) {
    // Small ids first: a fresh database with the demo kit has rows 1..30 or so.
    if (hi - lo > 100) return rng.chance(0.9) ? rng.int(Math.ceil(lo), Math.ceil(lo) + 30) : rng.int(Math.ceil(lo), hi);
    return rng.int(Math.ceil(lo), Math.floor(hi));
  }
  return Math.round((lo + rng.float() * (hi - lo)) * 1e6) / 1e6;
}

export interface ValueContext {
  rng: Rng;
  /** Object schemas of the document, used to fill a schema that says only "anything". */
  pool: JsonSchema[];
  depth: number;
}

/** A random small JSON value (for a schema with no type). */
export function anyValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(0, depth > 2 ? 3 : 5)) {
    case 0:
      return rng.string(rng.int(0, 10));
    case 1:
      return rng.int(-5, 100);
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return Array.from({ length: rng.int(0, 3) }, () => anyValue(rng, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(0, 3); i > 0; i--)
        setKey(o, rng.pick(['id', 'name', 'value', rng.string(4)]), anyValue(rng, depth + 1));
      return o;
    }
  }
}

/** A value that satisfies (or looks like it satisfies) the schema. */
export function validValue(ctx: ValueContext, schema: JsonSchema | undefined, name = ''): unknown {
  const { rng } = ctx;
  if (!schema) return anyValue(rng);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return validValue(ctx, rng.pick(alternatives), name);
  if (schema.nullable && rng.chance(0.08)) return null;
  if (schema.default !== undefined && rng.chance(0.1)) return schema.default;
  const t = schemaType(schema);
  switch (t) {
    case 'string':
      return validString(rng, schema, name);
    case 'integer':
      return validNumber(rng, schema, true);
    case 'number':
      return validNumber(rng, schema, false);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 4, Math.max(min, 4));
      const n = ctx.depth > 4 ? min : rng.int(min, max);
      const inner = { ...ctx, depth: ctx.depth + 1 };
      return Array.from({ length: n }, () => validValue(inner, schema.items, name.replace(/s$/, '')));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      const inner = { ...ctx, depth: ctx.depth + 1 };
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(0.7)) setKey(out, key, validValue(inner, prop, key));
      }
      const extra = schema.additionalProperties;
      if (extra && !schema.properties) {
        // A map: keys such as kit codes, values from the schema (or anything).
        for (let i = rng.int(0, 3); i > 0; i--) {
          const key = rng.chance(0.15)
            ? rng.pick(PROTO_WORDS)
            : rng.pick(['DEMO1', 'demo1', `kit${rng.int(1, 9)}`, rng.string(5)]);
          const valueSchema = typeof extra === 'object' && Object.keys(extra).length ? extra : undefined;
          setKey(out, key, valueSchema ? validValue(inner, valueSchema, key) : anyValue(rng));
        }
        // "Any object": often shaped like one of the document's request bodies.
        if ((extra === true || (typeof extra === 'object' && !Object.keys(extra).length)) && ctx.pool.length) {
          if (rng.chance(0.7) && ctx.depth < 3) return validValue(inner, rng.pick(ctx.pool), name);
        }
      }
      return out;
    }
    default:
      return anyValue(rng);
  }
}
