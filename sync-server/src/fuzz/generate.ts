import { makePng } from '../test/images';
import { type FormPart, multipart } from '../test/multipart';
import { asText, mutateValue } from './mutate';
import { type JsonSchema, type OpenApiDoc, type OperationRef, resolveSchema, schemaType } from './openapi';
import type { Rng } from './rng';
import {
  caseVariant,
  deepJson,
  hugeString,
  NAN_STRINGS,
  PROTO_WORDS,
  preview,
  toJson,
  UNICODE_SAMPLES,
  type ValueContext,
  validValue,
} from './values';

export type AuthMode = 'none' | 'admin' | 'garbage';

/** One request, ready for `app.inject`, with what it is meant to exercise. */
export interface FuzzRequest {
  /** `<operation index>.<request index>`: with the seed, enough to make it again. */
  id: string;
  /** The operation it was made from (`METHOD /path`), even when the method or path was bent. */
  opKey: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  auth: AuthMode;
  /** Mutation kinds, e.g. `['wrong-type', 'unicode']`; `['valid']` for an unmutated request. */
  kinds: string[];
  /** A short human description of the input. */
  desc: string;
}

export interface GenContext {
  doc: OpenApiDoc;
  adminToken: string;
  /** Signs a JWT with the app's own secret (for well-signed but nonsensical tokens). */
  signJwt: (payload: Record<string, unknown>, header?: Record<string, unknown>) => string;
  /** Signs a JWT with a wrong secret. */
  signForeignJwt: (payload: Record<string, unknown>) => string;
  adminId: number;
  /** Object schemas of the document's request bodies (used to fill "any object" schemas). */
  pool: JsonSchema[];
}

/** Collects the object schemas of the document's JSON bodies. */
export function schemaPool(doc: OpenApiDoc): JsonSchema[] {
  const pool: JsonSchema[] = [];
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      const s = resolveSchema(doc, op.requestBody?.content?.['application/json']?.schema);
      if (s && schemaType(s) === 'object' && s.properties && Object.keys(s.properties).length) pool.push(s);
    }
  }
  return pool;
}

// ── Query strings ───────────────────────────────────────────────────────────

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/**
 * Percent-encodes as UTF-8, a lone surrogate as the three bytes it would take (WTF-8, e.g.
 * `%ED%A0%80`), so any JS string can be put in a URL (encodeURIComponent throws on those).
 */
export function encodeQuery(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (UNRESERVED.test(ch)) {
      out += ch;
      continue;
    }
    let cp = s.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < s.length) {
      const lo = s.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    }
    const bytes: number[] = [];
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    for (const b of bytes) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A query pair; `raw` parts go into the URL as they are (malformed percent-encoding, …). */
interface QueryPair {
  key: string;
  value: string | null;
  raw?: boolean;
}

const queryText = (pairs: QueryPair[]) =>
  pairs
    .map((p) => {
      const k = p.raw ? p.key : encodeQuery(p.key);
      if (p.value === null) return k;
      return `${k}=${p.raw ? p.value : encodeQuery(p.value)}`;
    })
    .join('&');

const MALFORMED_PERCENT = [
  '%E0%A4%A',
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%u0041',
  '%2',
  '%E2%82',
];

function queryValueText(ctx: ValueContext, schema: JsonSchema | undefined, name: string): string {
  const v = validValue(ctx, schema, name);
  if (Array.isArray(v)) return v.map(asText).join(',');
  return asText(v);
}

/** Query strings: valid values from the parameters, or one of the query mutations. */
function makeQuery(
  ctx: ValueContext,
  params: { name: string; required?: boolean; schema?: JsonSchema }[],
  mutate: boolean,
) {
  const { rng } = ctx;
  const pairs: QueryPair[] = [];
  for (const p of params) {
    if (p.required || rng.chance(0.7)) pairs.push({ key: p.name, value: queryValueText(ctx, p.schema, p.name) });
  }
  if (!mutate) return { pairs, kinds: [] as string[], descs: [] as string[] };
  const kinds: string[] = [];
  const descs: string[] = [];
  const names = params.map((p) => p.name);
  const someName = () => (names.length ? rng.pick(names) : rng.pick(['id', 'Id', 'q']));
  for (let n = rng.int(1, 2); n > 0; n--) {
    const kind = rng.weighted<string>([
      [10, 'q-wrong-type'],
      [5, 'q-huge-string'],
      [8, 'q-unicode'],
      [6, 'q-proto'],
      [6, 'q-huge-number'],
      [5, 'q-negative'],
      [7, 'q-nan-string'],
      [6, 'q-extra-keys'],
      [8, 'q-missing-required'],
      [8, 'q-case-variant-keys'],
      [8, 'q-repeated-keys'],
      [7, 'q-array-syntax'],
      [6, 'q-malformed-percent'],
      [5, 'q-odd-syntax'],
      [3, 'q-deep-nesting'],
    ]);
    kinds.push(kind);
    const setValue = (value: string, raw = false) => {
      const name = someName();
      const existing = pairs.find((p) => p.key === name);
      if (existing) {
        existing.value = value;
        existing.raw = raw;
      } else pairs.push({ key: name, value, raw });
      descs.push(`${kind}:${name}=${preview(value, 40)}`);
    };
    switch (kind) {
      case 'q-wrong-type':
        setValue(rng.pick(['abc', 'true', 'false', 'null', '[1,2]', '{"a":1}', '1.5', '', 'DEMO1', '2024-01-01']));
        break;
      case 'q-huge-string':
        setValue(hugeString(rng));
        break;
      case 'q-unicode':
        setValue(rng.pick(UNICODE_SAMPLES));
        break;
      case 'q-proto': {
        if (rng.chance(0.5)) setValue(rng.pick(PROTO_WORDS));
        else {
          const key = rng.pick([...PROTO_WORDS, '__proto__[isAdmin]', 'constructor[prototype][x]']);
          pairs.push({ key, value: rng.pick(['1', 'x', 'true', '']) });
          descs.push(`${kind}:key ${key}`);
        }
        break;
      }
      case 'q-huge-number':
        setValue(
          rng.pick([
            '1e308',
            '1e400',
            '9007199254740993',
            '99999999999999999999999',
            '-9007199254740993',
            '2147483648',
            '18446744073709551616',
          ]),
        );
        break;
      case 'q-negative':
        setValue(rng.pick(['-1', '-0', '0', '-99999', '-1.5', '-9007199254740991']));
        break;
      case 'q-nan-string':
        setValue(rng.pick(NAN_STRINGS));
        break;
      case 'q-extra-keys':
        for (let i = rng.int(1, 5); i > 0; i--)
          pairs.push({
            key: rng.pick(['foo', 'isAdmin', 'role', '', 'x'.repeat(3000), rng.string(6)]),
            value: rng.string(4),
          });
        descs.push(`${kind}`);
        break;
      case 'q-missing-required': {
        const before = pairs.length;
        const drop = rng.chance(0.5) ? pairs.map((p) => p.key) : [someName()];
        for (let i = pairs.length - 1; i >= 0; i--) if (drop.includes(pairs[i].key)) pairs.splice(i, 1);
        descs.push(`${kind}:dropped ${before - pairs.length}`);
        break;
      }
      case 'q-case-variant-keys': {
        const name = someName();
        const variants = [
          name,
          caseVariant(rng, name),
          name.toUpperCase(),
          name.charAt(0).toUpperCase() + name.slice(1),
        ];
        const chosen = rng.chance(0.5) ? [rng.pick(variants.slice(1))] : variants;
        for (let i = pairs.length - 1; i >= 0; i--) if (pairs[i].key === name) pairs.splice(i, 1);
        for (const v of chosen) pairs.push({ key: v, value: rng.pick(['1', '2', 'abc', '', '1,2', 'DEMO1']) });
        descs.push(`${kind}:${chosen.join(',')}`);
        break;
      }
      case 'q-repeated-keys': {
        const name = someName();
        for (let i = rng.pick([2, 3, 10, 1000]); i > 0; i--)
          pairs.push({ key: name, value: rng.pick(['1', '2', 'x', '', 'DEMO1']) });
        descs.push(`${kind}:${name}×n`);
        break;
      }
      case 'q-array-syntax': {
        const name = someName();
        const form = rng.pick([`${name}[]`, `${name}[0]`, `${name}[a]`, `${name}[a][b][c]`, `${name}.x`, `${name}[`]);
        pairs.push({ key: form, value: '1' }, { key: form, value: '2' });
        descs.push(`${kind}:${form}`);
        break;
      }
      case 'q-malformed-percent': {
        const bad = rng.pick(MALFORMED_PERCENT);
        if (rng.chance(0.7)) setValue(bad, true);
        else {
          pairs.push({ key: bad, value: '1', raw: true });
          descs.push(`${kind}:key ${bad}`);
        }
        break;
      }
      case 'q-odd-syntax': {
        const odd = rng.pick(['&&&', '=', '==', '=1', '&=&', '?', '??id=1', ';id=1', '+', '#frag', `${someName()}`]);
        pairs.push({ key: odd, value: null, raw: true });
        descs.push(`${kind}:${odd}`);
        break;
      }
      case 'q-deep-nesting': {
        setValue(deepJson(rng, rng.pick([1000, 5000])).text);
        break;
      }
    }
  }
  return { pairs, kinds, descs };
}

// ── Tokens ──────────────────────────────────────────────────────────────────

function garbageAuthorization(g: GenContext, rng: Rng): { header: string; desc: string } {
  // Fixed instants (not the clock), so the same seed makes the same token.
  const past = 1_000_000_000;
  const future = 4_000_000_000;
  const kind = rng.int(0, 11);
  switch (kind) {
    case 0:
      return { header: `Bearer ${rng.string(rng.int(1, 200))}`, desc: 'random' };
    case 1:
      return { header: `Bearer ${rng.pick(['null', 'undefined', '', ' ', '.', '..', 'a.b.c', '{}'])}`, desc: 'junk' };
    case 2:
      return { header: `Bearer ${g.signForeignJwt({ sub: String(g.adminId), role: 'Admin' })}`, desc: 'wrong-key' };
    case 3: {
      const sub = rng.pick<unknown>([
        '__proto__',
        'constructor',
        'toString',
        '-1',
        '0',
        '1e400',
        'NaN',
        '99999999999999999999',
        '1 OR 1=1',
        '',
        ' 1',
        '0x1',
        'x'.repeat(10_000),
        1,
        {},
        [],
        null,
        true,
      ]);
      return { header: `Bearer ${g.signJwt({ sub, role: 'Admin' })}`, desc: `signed sub=${preview(sub, 20)}` };
    }
    case 4: {
      const payload = rng.pick<Record<string, unknown>>([
        { sub: String(g.adminId), role: 'Admin', exp: past },
        { sub: String(g.adminId), role: 'Admin', nbf: future },
        { sub: String(g.adminId), role: 'Admin', exp: 'soon' },
        { sub: String(g.adminId), role: 'Admin', ver: 'x' },
        { sub: String(g.adminId), role: 'Admin', ver: -1, jti: { a: 1 } },
        {},
        { role: 'Admin' },
      ]);
      return { header: `Bearer ${g.signJwt(payload)}`, desc: `signed claims ${preview(payload, 40)}` };
    }
    case 5: {
      const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      return {
        header: `Bearer ${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub: String(g.adminId), role: 'Admin' })}.`,
        desc: 'alg-none',
      };
    }
    case 6: {
      const t = g.adminToken;
      const i = rng.int(0, t.length - 1);
      const flipped = `${t.slice(0, i)}${t[i] === 'A' ? 'B' : 'A'}${t.slice(i + 1)}`;
      return { header: `Bearer ${flipped}`, desc: 'tampered admin token' };
    }
    case 7:
      return { header: `Bearer ${'A'.repeat(rng.pick([10_000, 50_000]))}`, desc: 'huge token' };
    case 8:
      return { header: `Bearer ${rng.pick(['😀', 'ünïcödé', 'a\u0000b', 'é'.repeat(100)])}`, desc: 'unicode token' };
    case 9:
      return {
        header: rng.pick([
          `Basic ${Buffer.from('root:pw').toString('base64')}`,
          `bearer ${g.adminToken}`,
          `Bearer  ${g.adminToken}`,
          `Bearer ${g.adminToken} extra`,
          g.adminToken,
          'Bearer',
          'Bearer ',
          `Token ${g.adminToken}`,
        ]),
        desc: 'scheme variant',
      };
    case 10:
      return {
        header: `Bearer ${g.signJwt({ sub: String(g.adminId), role: 'Admin' }, { alg: 'HS512' })}`,
        desc: 'alg header mismatch',
      };
    default:
      return { header: `Bearer ${g.adminToken.split('.').slice(0, 2).join('.')}`, desc: 'two segments' };
  }
}

// ── Bodies ──────────────────────────────────────────────────────────────────

const JSON_CT = 'application/json';

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=nope',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/vnd.api+json',
  'application/jsonx',
  'APPLICATION/JSON',
  'a/b/c;;;',
  ';',
  '',
  'application/octet-stream',
  'image/png',
];

function malformedJson(rng: Rng, good: string): string {
  return rng.pick([
    good.slice(0, Math.max(1, Math.floor(good.length / 2))),
    `${good},`,
    good.replace(/"/g, "'"),
    good.replace(/"([A-Za-z0-9_]+)":/g, '$1:'),
    `${good.slice(0, -1)},}`,
    `{${good}`,
    `${good}}`,
    `${good}${good}`,
    '{',
    '}',
    '[',
    'undefined',
    'NaN',
    '{"a":NaN}',
    '{"a":Infinity}',
    `/* c */${good}`,
    `\ufeff${good}`,
    `\u0000${good}`,
    '{"a":"\\ud800"}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '{"a":01}',
    '{"a":1.}',
    '{"a":.5}',
    '{"a":+1}',
    '{"a":"tab\there"}',
    "{'a':1}",
    '{"a" 1}',
    '\u00ff\u00fe{}',
    good.replace(/:/, '::'),
  ]);
}

function topLevelWrongType(rng: Rng): string {
  return rng.pick([
    'null',
    '0',
    '-1',
    '123',
    '"str"',
    '""',
    'true',
    'false',
    '[]',
    '{}',
    '[{}]',
    '[[]]',
    '[null]',
    '"{}"',
    '1e400',
  ]);
}

/** The `model` fields of a multipart operation: read from its summary (`model` {Id, Title}), else a guess. */
export function modelSchemaOf(summary: string | undefined): JsonSchema {
  const keys = /`model`\s*\{([^}]*)\}/
    .exec(summary ?? '')?.[1]
    ?.split(',')
    .map((k) => k.trim())
    .filter(Boolean) ?? ['Title'];
  const properties: Record<string, JsonSchema> = {};
  for (const k of keys) {
    properties[k] = /id$/i.test(k)
      ? { type: 'integer', minimum: 1, maximum: 9007199254740991 }
      : { type: 'string', minLength: 1, maxLength: 100 };
  }
  return { type: 'object', properties, required: keys };
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
  kinds: string[];
  descs: string[];
}

function jsonBody(ctx: ValueContext, schema: JsonSchema | undefined, mode: 'valid' | 'values' | 'whole'): Body {
  const { rng } = ctx;
  const value = validValue(ctx, schema);
  if (mode === 'valid')
    return { payload: toJson(value), contentType: JSON_CT, kinds: [], descs: [`valid ${preview(value, 160)}`] };
  if (mode === 'values') {
    const m = mutateValue(ctx, value, schema);
    return { payload: toJson(m.value), contentType: JSON_CT, kinds: m.kinds, descs: m.descs };
  }
  const good = toJson(value);
  const kind = rng.weighted<string>([
    [10, 'malformed-json'],
    [10, 'wrong-content-type'],
    [6, 'empty-body'],
    [8, 'top-level-wrong-type'],
    [5, 'deep-nesting-top'],
    [3, 'huge-body'],
    [3, 'binary-garbage'],
    [3, 'huge-string-top'],
  ]);
  switch (kind) {
    case 'malformed-json': {
      const text = malformedJson(rng, good);
      return { payload: text, contentType: JSON_CT, kinds: [kind], descs: [`${kind}: ${preview(text, 50)}`] };
    }
    case 'wrong-content-type': {
      const ct = rng.pick(WRONG_CONTENT_TYPES);
      const payload = rng.chance(0.7) ? good : `a=1&b=${encodeQuery(good)}`;
      return { payload, contentType: ct || undefined, kinds: [kind], descs: [`${kind}: "${ct}"`] };
    }
    case 'empty-body': {
      const variant = rng.pick(['empty+json', 'none', 'whitespace', 'empty+no-ct']);
      const payload = variant === 'whitespace' ? '  \n ' : variant === 'none' ? undefined : '';
      const contentType = variant === 'empty+no-ct' || variant === 'none' ? undefined : JSON_CT;
      return { payload, contentType, kinds: [kind], descs: [`${kind}: ${variant}`] };
    }
    case 'top-level-wrong-type': {
      const text = topLevelWrongType(rng);
      return { payload: text, contentType: JSON_CT, kinds: [kind], descs: [`${kind}: ${text}`] };
    }
    case 'deep-nesting-top': {
      const raw = deepJson(rng);
      return { payload: raw.text, contentType: JSON_CT, kinds: [kind], descs: [`${kind}: ${preview(raw, 30)}`] };
    }
    case 'huge-body': {
      const text = `{"x":"${'a'.repeat(rng.pick([1_048_000, 1_100_000, 2_000_000]))}"}`;
      return { payload: text, contentType: JSON_CT, kinds: [kind], descs: [`${kind}: ${text.length} bytes`] };
    }
    case 'binary-garbage': {
      const bytes = Buffer.from(Array.from({ length: rng.int(1, 2000) }, () => rng.int(0, 255)));
      return { payload: bytes, contentType: JSON_CT, kinds: [kind], descs: [`${kind}: ${bytes.length} bytes`] };
    }
    default: {
      const text = JSON.stringify(hugeString(rng));
      return { payload: text, contentType: JSON_CT, kinds: [kind], descs: [`${kind}: ${text.length} chars`] };
    }
  }
}

const BOUNDARY = '----ScentryFuzzBoundary';

/** The start of a JPEG (SOI + JFIF APP0), seeded noise and EOI: a renamed photo. */
const jpegBytes = (rng: Rng) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
    Buffer.from(Array.from({ length: 600 }, () => rng.int(0, 255))),
    Buffer.from([0xff, 0xd9]),
  ]);

function multipartBody(
  ctx: ValueContext,
  formSchema: JsonSchema,
  summary: string | undefined,
  mode: 'valid' | 'values' | 'whole',
  seed: number,
): Body {
  const { rng } = ctx;
  const modelSchema = modelSchemaOf(summary);
  const props = Object.entries(formSchema.properties ?? {});
  const isJsonField = (s: JsonSchema) => /json/i.test(s.description ?? '');
  const isFile = (s: JsonSchema) => s.format === 'binary';
  let model = validValue(ctx, modelSchema);
  const kinds: string[] = [];
  const descs: string[] = [];
  if (mode === 'values') {
    const m = mutateValue(ctx, model, modelSchema);
    model = m.value;
    kinds.push(...m.kinds.map((k) => `model-${k}`));
    descs.push(...m.descs.map((d) => `model ${d}`));
  }
  let parts: FormPart[] = props.map(([name, s]) => {
    if (isFile(s)) return { name, value: makePng(seed), filename: 'scent.png', contentType: 'image/png' };
    if (isJsonField(s)) return { name, value: toJson(model) };
    return { name, value: asText(validValue(ctx, s, name)) };
  });
  if (mode === 'valid') descs.push(`valid model ${preview(model, 60)} + png`);
  let contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  let tail: ((b: Buffer) => Buffer) | undefined;
  if (mode === 'whole') {
    const fileName = props.find(([, s]) => isFile(s))?.[0] ?? 'file';
    const jsonName = props.find(([, s]) => isJsonField(s))?.[0] ?? 'model';
    const kind = rng.weighted<string>([
      [6, 'mp-missing-part'],
      [8, 'mp-non-png'],
      [8, 'mp-model-not-json'],
      [4, 'mp-model-wrong-json-type'],
      [3, 'mp-duplicate-parts'],
      [3, 'mp-too-many-parts'],
      [3, 'mp-huge-field'],
      [4, 'mp-case-variant-names'],
      [3, 'mp-file-as-field'],
      [3, 'mp-weird-filename'],
      [4, 'mp-bad-boundary'],
      [4, 'mp-truncated'],
      [4, 'mp-json-instead'],
      [3, 'mp-empty'],
      [3, 'mp-deep-model'],
      [2, 'mp-big-file'],
    ]);
    kinds.push(kind);
    switch (kind) {
      case 'mp-missing-part': {
        const which = rng.pick(['model', 'file', 'both']);
        parts = parts.filter((p) =>
          which === 'model' ? p.name !== jsonName : which === 'file' ? p.name !== fileName : false,
        );
        descs.push(`${kind}: ${which}`);
        break;
      }
      case 'mp-non-png': {
        const [label, data, ct] = rng.pick<[string, Buffer, string]>([
          ['jpeg', jpegBytes(rng), 'image/png'],
          ['text', Buffer.from('hello, not an image'), 'text/plain'],
          ['empty', Buffer.alloc(0), 'image/png'],
          ['truncated png', makePng(seed).subarray(0, 40), 'image/png'],
          ['png header only', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'],
          [
            'svg',
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            'image/svg+xml',
          ],
          ['random', Buffer.from(Array.from({ length: 3000 }, () => rng.int(0, 255))), 'application/octet-stream'],
        ]);
        parts = parts.filter((p) => p.name !== fileName);
        parts.push({
          name: fileName,
          value: data,
          filename: `x.${rng.pick(['png', 'jpg', 'exe', ''])}`,
          contentType: ct,
        });
        descs.push(`${kind}: ${label}`);
        break;
      }
      case 'mp-model-not-json': {
        const text = rng.pick([
          'not json',
          '{',
          '',
          "{'Title':'x'}",
          'null',
          'undefined',
          '{"Title":}',
          '\u0000',
          hugeString(rng).slice(0, 60_000),
        ]);
        parts = parts.map((p) => (p.name === jsonName ? { name: p.name, value: text } : p));
        descs.push(`${kind}: ${preview(text, 30)}`);
        break;
      }
      case 'mp-model-wrong-json-type': {
        const text = topLevelWrongType(rng);
        parts = parts.map((p) => (p.name === jsonName ? { name: p.name, value: text } : p));
        descs.push(`${kind}: ${text}`);
        break;
      }
      case 'mp-duplicate-parts': {
        const dup = rng.pick(parts.length ? parts : [{ name: jsonName, value: '{}' }]);
        parts.push({ ...dup, value: dup.filename ? jpegBytes(rng) : '{"Title":"second","Id":"x"}' });
        descs.push(`${kind}: ${dup.name}`);
        break;
      }
      case 'mp-too-many-parts': {
        const n = rng.pick([13, 20, 100]);
        for (let i = 0; i < n; i++) {
          parts.push(
            rng.chance(0.5)
              ? { name: `f${i}`, value: 'x' }
              : { name: `file${i}`, value: makePng(i), filename: `p${i}.png`, contentType: 'image/png' },
          );
        }
        descs.push(`${kind}: +${n}`);
        break;
      }
      case 'mp-huge-field': {
        const text = JSON.stringify({ Title: 'x'.repeat(rng.pick([70_000, 200_000])), Id: 1 });
        parts = parts.map((p) => (p.name === jsonName ? { name: p.name, value: text } : p));
        descs.push(`${kind}: ${text.length} chars`);
        break;
      }
      case 'mp-case-variant-names': {
        parts = parts.map((p) => ({ ...p, name: caseVariant(rng, p.name) }));
        descs.push(`${kind}: ${parts.map((p) => p.name).join(',')}`);
        break;
      }
      case 'mp-file-as-field': {
        parts = parts.map((p) =>
          p.name === fileName
            ? { name: p.name, value: 'not a file' }
            : p.name === jsonName
              ? { ...p, filename: 'model.json', contentType: 'application/json' }
              : p,
        );
        descs.push(kind);
        break;
      }
      case 'mp-weird-filename': {
        const name = rng.pick([
          '../../etc/passwd',
          '😀.png',
          'a\u0000b.png',
          'x'.repeat(5000),
          '',
          '.png',
          'con.png',
          'a"b.png',
          '%00.png',
        ]);
        parts = parts.map((p) => (p.name === fileName ? { ...p, filename: name } : p));
        descs.push(`${kind}: ${preview(name, 30)}`);
        break;
      }
      case 'mp-bad-boundary': {
        contentType = rng.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=other',
          'multipart/form-data; boundary=',
          `multipart/mixed; boundary=${BOUNDARY}`,
          `multipart/form-data; boundary="${BOUNDARY}`,
        ]);
        descs.push(`${kind}: ${contentType}`);
        break;
      }
      case 'mp-truncated': {
        const cut = rng.pick(['no closing boundary', 'half', 'no final CRLF']);
        tail = (b) =>
          cut === 'half'
            ? b.subarray(0, Math.floor(b.length / 2))
            : cut === 'no final CRLF'
              ? b.subarray(0, b.length - 2)
              : b.subarray(0, b.length - BOUNDARY.length - 6);
        descs.push(`${kind}: ${cut}`);
        break;
      }
      case 'mp-json-instead': {
        return {
          payload: toJson(model),
          contentType: JSON_CT,
          kinds,
          descs: [`${kind}: JSON body to a multipart route`],
        };
      }
      case 'mp-empty': {
        parts = [];
        descs.push(kind);
        break;
      }
      case 'mp-deep-model': {
        const raw = deepJson(rng, rng.pick([1000, 5000]));
        parts = parts.map((p) =>
          p.name === jsonName
            ? { name: p.name, value: rng.chance(0.5) ? raw.text : `{"Title":"x","Id":${raw.text}}` }
            : p,
        );
        descs.push(`${kind}: ${preview(raw, 24)}`);
        break;
      }
      default: {
        const big = Buffer.concat([makePng(seed), Buffer.alloc(rng.pick([5 * 1024 * 1024, 6 * 1024 * 1024]), 0)]);
        parts = parts.map((p) => (p.name === fileName ? { ...p, value: big } : p));
        descs.push(`${kind}: ${big.length} bytes`);
      }
    }
  }
  let payload = multipart(parts, BOUNDARY).payload;
  if (tail) payload = tail(payload);
  return { payload, contentType, kinds, descs };
}

// ── Requests ────────────────────────────────────────────────────────────────

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** One request for the operation, made from its schemas and mutated by a roll of the dice. */
export function generateRequest(g: GenContext, ref: OperationRef, rng: Rng, id: string, seed: number): FuzzRequest {
  const ctx: ValueContext = { rng, pool: g.pool, depth: 0 };
  const { op } = ref;
  const auth = rng.weighted<AuthMode>([
    [6, 'admin'],
    [2, 'none'],
    [2, 'garbage'],
  ]);
  const headers: Record<string, string> = {};
  let authDesc = auth;
  if (auth === 'admin') headers.authorization = `Bearer ${g.adminToken}`;
  else if (auth === 'garbage') {
    const t = garbageAuthorization(g, rng);
    headers.authorization = t.header;
    authDesc = `garbage(${t.desc})` as AuthMode;
  }

  let flavour = rng.weighted<'valid' | 'values' | 'whole' | 'route'>([
    [15, 'valid'],
    [58, 'values'],
    [22, 'whole'],
    [5, 'route'],
  ]);

  const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolveSchema(g.doc, p.schema) }));
  const queryParams = params.filter((p) => p.in === 'query');
  const content = op.requestBody?.content ?? {};
  const jsonSchema = resolveSchema(g.doc, content[JSON_CT]?.schema);
  const formSchema = resolveSchema(g.doc, content['multipart/form-data']?.schema);
  const hasBody = Boolean(jsonSchema || formSchema);
  // An operation without a body gets an unexpected one now and then; its query is the main target.
  if (!hasBody && flavour === 'whole' && rng.chance(0.6)) flavour = 'values';

  // Which part the mutations go to: the body, the query, or both.
  const mutateQuery = flavour === 'values' && (!hasBody || rng.chance(queryParams.length ? 0.35 : 0.1));
  const bodyMode: 'valid' | 'values' | 'whole' =
    flavour === 'whole' ? 'whole' : flavour === 'values' && (!mutateQuery || rng.chance(0.3)) ? 'values' : 'valid';
  const query = makeQuery(ctx, queryParams, mutateQuery);

  let path = ref.path;
  for (const p of params.filter((x) => x.in === 'path')) {
    path = path.replace(`{${p.name}}`, encodeQuery(queryValueText(ctx, p.schema, p.name)));
  }
  for (const p of params.filter((x) => x.in === 'header'))
    headers[p.name.toLowerCase()] = queryValueText(ctx, p.schema, p.name);

  const kinds: string[] = [...query.kinds];
  const descs: string[] = [...query.descs];
  let method = ref.method;

  let body: Body | undefined;
  if (formSchema) body = multipartBody(ctx, formSchema, op.summary, bodyMode, seed);
  else if (jsonSchema) body = jsonBody(ctx, jsonSchema, bodyMode);
  else if (flavour === 'whole') {
    // No documented body: send one anyway.
    const raw = rng.pick(['{"id":1}', deepJson(rng, 2000).text, 'not json', '', '[]']);
    body = {
      payload: raw,
      contentType: rng.pick([JSON_CT, 'text/plain']),
      kinds: ['unexpected-body'],
      descs: [`unexpected-body: ${preview(raw, 30)}`],
    };
  }
  if (body) {
    kinds.push(...body.kinds);
    descs.push(...body.descs);
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  }

  if (flavour === 'route') {
    const kind = rng.pick(['route-method', 'route-path']);
    kinds.push(kind);
    if (kind === 'route-method') {
      method = rng.pick(OTHER_METHODS.filter((m) => m !== ref.method));
      descs.push(`${kind}: ${method}`);
    } else {
      const variant = rng.pick([
        `${path}/`,
        path.toLowerCase(),
        path.toUpperCase(),
        path.replace('/api/', '/api//'),
        path.replace('/api/', '/api/./'),
        `${path}/..`,
        `${path}%00`,
        `${path}%2F`,
        `${path}/${'x'.repeat(5000)}`,
        path.replace('/api/', '/API/'),
        `${path};jsessionid=1`,
      ]);
      descs.push(`${kind}: ${preview(variant, 50)}`);
      path = variant;
    }
  }
  if (!kinds.length) kinds.push('valid');

  const qs = queryText(query.pairs);
  const url = qs ? `${path}?${qs}` : path;
  return {
    id,
    opKey: ref.key,
    method,
    url,
    headers,
    payload: body?.payload,
    auth,
    kinds,
    desc: `${authDesc} | ${descs.join('; ') || 'valid'}`,
  };
}
