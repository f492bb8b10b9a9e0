import type { JsonSchema } from './openapi';
import { schemaType } from './openapi';
import {
  caseVariant,
  Dup,
  deepJson,
  HUGE_NUMBERS,
  hugeString,
  isPlainObject,
  NAN_STRINGS,
  NEGATIVE_NUMBERS,
  PROTO_WORDS,
  preview,
  Raw,
  setKey,
  UNICODE_SAMPLES,
  type ValueContext,
  validValue,
  wrongType,
} from './values';

type Path = (string | number)[];

interface Node {
  path: Path;
  schema?: JsonSchema;
  value: unknown;
}

const pathText = (path: Path) => (path.length ? path.join('.') : '(root)');

/** Every node of a generated value with the schema that describes it (when the schema says). */
function collectNodes(value: unknown, schema: JsonSchema | undefined, path: Path, out: Node[]): void {
  out.push({ path, schema, value });
  if (out.length > 400) return;
  if (Array.isArray(value)) {
    value.slice(0, 20).forEach((item, i) => {
      collectNodes(item, schema?.items, [...path, i], out);
    });
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const extra = schema?.additionalProperties;
      const child = schema?.properties?.[key] ?? (typeof extra === 'object' ? extra : undefined);
      collectNodes(value[key], child, [...path, key], out);
    }
  }
}

function getAt(root: unknown, path: Path): unknown {
  let cur = root;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object' || cur instanceof Raw || cur instanceof Dup) return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

/** The root with the value at `path` replaced (the root itself when the path is empty). */
function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key === 'number') parent[key] = value;
  else if (isPlainObject(parent)) setKey(parent, String(key), value);
  return root;
}

/** The mutations of one value, by name: each returns the new root and a short description. */
type Mutation = (ctx: ValueContext, root: unknown, node: Node, objects: Node[]) => { root: unknown; desc: string };

const replace =
  (kind: string, make: (ctx: ValueContext, node: Node) => unknown): Mutation =>
  (ctx, root, node) => {
    const value = make(ctx, node);
    return { root: setAt(root, node.path, value), desc: `${kind}@${pathText(node.path)}=${preview(value, 40)}` };
  };

/** Picks an object node (preferring the given one) for the key mutations. */
const objectNode = (ctx: ValueContext, node: Node, objects: Node[]): Node | undefined =>
  isPlainObject(node.value) ? node : objects.length ? ctx.rng.pick(objects) : undefined;

export const VALUE_MUTATIONS: Record<string, Mutation> = {
  'wrong-type': replace('wrong-type', (ctx, node) => wrongType(ctx.rng, node.schema)),
  null: replace('null', () => null),
  'huge-string': replace('huge-string', (ctx) => hugeString(ctx.rng)),
  'deep-nesting': replace('deep-nesting', (ctx) => deepJson(ctx.rng)),
  unicode: replace('unicode', (ctx, node) => {
    const sample = ctx.rng.pick(UNICODE_SAMPLES);
    return typeof node.value === 'string' && ctx.rng.chance(0.5) ? `${node.value}${sample}` : sample;
  }),
  'proto-value': replace('proto-value', (ctx) => ctx.rng.pick(PROTO_WORDS)),
  'huge-number': replace('huge-number', (ctx) => ctx.rng.pick(HUGE_NUMBERS)),
  negative: replace('negative', (ctx) => ctx.rng.pick(NEGATIVE_NUMBERS)),
  'nan-string': replace('nan-string', (ctx) => ctx.rng.pick(NAN_STRINGS)),
  float: replace('float', (ctx) => ctx.rng.pick([1.5, 0.1, 1e-7, 2.9999999, 4.000001])),
  boundary: replace('boundary', (ctx, node) => {
    const s = node.schema ?? {};
    const { rng } = ctx;
    const t = schemaType(s);
    if (t === 'string') {
      const max = s.maxLength ?? 255;
      return rng.pick([
        '',
        'x'.repeat(max),
        'x'.repeat(max + 1),
        'é'.repeat(max + 1),
        '😀'.repeat(max),
        ' '.repeat(max),
      ]);
    }
    if (t === 'integer' || t === 'number') {
      const options = [0, -1];
      if (s.minimum !== undefined) options.push(s.minimum, s.minimum - 1);
      if (s.maximum !== undefined) options.push(s.maximum, s.maximum + 1);
      return rng.pick(options);
    }
    if (t === 'array') {
      const n = rng.pick([0, (s.maxItems ?? 10) + 1, (s.maxItems ?? 10) * 2, 1_000, 5_000]);
      // Distinct items: a later mutation of one must not be repeated n times.
      return Array.from({ length: n }, () => validValue({ ...ctx, depth: 5 }, s.items));
    }
    return rng.pick(['', 0, [], {}]);
  }),
  'extra-keys': (ctx, root, node, objects) => {
    const target = objectNode(ctx, node, objects);
    if (!target) return { root, desc: 'extra-keys(no object)' };
    const obj = target.value as Record<string, unknown>;
    const keys: string[] = [];
    for (let i = ctx.rng.int(1, 4); i > 0; i--) {
      const key = ctx.rng.pick([
        'isAdmin',
        'roleName',
        'role',
        'organizationId',
        'extra',
        'x'.repeat(5000),
        '',
        ' ',
        '😀',
        'a.b',
        '$where',
        ctx.rng.string(6),
      ]);
      setKey(obj, key, ctx.rng.pick([true, 1, 'Admin', null, { $gt: '' }, ['x']]));
      keys.push(key.length > 20 ? `${key.slice(0, 8)}…(${key.length})` : key);
    }
    return { root, desc: `extra-keys@${pathText(target.path)}[${keys.join(',')}]` };
  },
  'proto-key': (ctx, root, node, objects) => {
    const target = objectNode(ctx, node, objects);
    if (!target) return { root, desc: 'proto-key(no object)' };
    const key = ctx.rng.pick(PROTO_WORDS);
    const value = ctx.rng.pick<unknown>([{}, { isAdmin: true }, { polluted: 1 }, 1, 'x', null, [], { toString: 'x' }]);
    setKey(target.value as Record<string, unknown>, key, value);
    return { root, desc: `proto-key@${pathText(target.path)}.${key}=${preview(value, 30)}` };
  },
  'missing-required': (ctx, root, node, objects) => {
    const candidates = [node, ...objects].filter((n) => isPlainObject(n.value) && n.schema?.required?.length);
    if (!candidates.length) return { root, desc: 'missing-required(none required)' };
    const target = ctx.rng.pick(candidates);
    const obj = target.value as Record<string, unknown>;
    const all = ctx.rng.chance(0.25);
    const gone = all ? (target.schema?.required ?? []) : [ctx.rng.pick(target.schema?.required ?? [])];
    for (const k of gone) delete obj[k];
    return { root, desc: `missing-required@${pathText(target.path)}[${gone.join(',')}]` };
  },
  'case-variant-keys': (ctx, root, node, objects) => {
    const target = objectNode(ctx, node, objects);
    if (!target) return { root, desc: 'case-variant(no object)' };
    const obj = target.value as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (!keys.length) return { root, desc: 'case-variant(empty object)' };
    const key = ctx.rng.pick(keys);
    const variant = caseVariant(ctx.rng, key);
    if (ctx.rng.chance(0.5)) {
      // Renamed: only the variant is sent.
      const value = obj[key];
      delete obj[key];
      setKey(obj, variant, value);
      return { root, desc: `case-variant@${pathText(target.path)}:${key}->${variant}` };
    }
    // Both spellings, with different values: which one wins must not crash anything.
    setKey(obj, variant, wrongType(ctx.rng, target.schema?.properties?.[key]));
    setKey(obj, key.toUpperCase(), validValue(ctx, target.schema?.properties?.[key], key));
    return { root, desc: `case-variant-dupes@${pathText(target.path)}:${key},${variant},${key.toUpperCase()}` };
  },
  'duplicate-key': (ctx, root, node, objects) => {
    const target = objectNode(ctx, node, objects);
    if (!target) return { root, desc: 'duplicate-key(no object)' };
    const obj = target.value as Record<string, unknown>;
    const entries: [string, unknown][] = Object.keys(obj).map((k) => [k, obj[k]]);
    const key = entries.length ? ctx.rng.pick(entries)[0] : 'id';
    entries.push([key, wrongType(ctx.rng, target.schema?.properties?.[key])]);
    if (ctx.rng.chance(0.3)) entries.unshift(['__proto__', { polluted: true }]);
    return { root: setAt(root, target.path, new Dup(entries)), desc: `duplicate-key@${pathText(target.path)}.${key}` };
  },
};

const VALUE_WEIGHTS: [number, string][] = [
  [14, 'wrong-type'],
  [4, 'null'],
  [6, 'huge-string'],
  [6, 'deep-nesting'],
  [8, 'unicode'],
  [6, 'proto-value'],
  [6, 'proto-key'],
  [6, 'huge-number'],
  [5, 'negative'],
  [6, 'nan-string'],
  [3, 'float'],
  [8, 'boundary'],
  [6, 'extra-keys'],
  [8, 'missing-required'],
  [7, 'case-variant-keys'],
  [4, 'duplicate-key'],
];

/** Applies 1–3 value mutations to a generated value; returns the new value and what was done. */
export function mutateValue(
  ctx: ValueContext,
  value: unknown,
  schema: JsonSchema | undefined,
  count = ctx.rng.int(1, 3),
): { value: unknown; kinds: string[]; descs: string[] } {
  let root = value;
  const kinds: string[] = [];
  const descs: string[] = [];
  for (let i = 0; i < count; i++) {
    const nodes: Node[] = [];
    collectNodes(root, schema, [], nodes);
    const objects = nodes.filter((n) => isPlainObject(n.value));
    // Leaves are the usual target; the root itself now and then.
    const node = ctx.rng.chance(0.12) ? nodes[0] : ctx.rng.pick(nodes.length > 1 ? nodes.slice(1) : nodes);
    const kind = ctx.rng.weighted(VALUE_WEIGHTS);
    const result = VALUE_MUTATIONS[kind](ctx, root, node, objects);
    root = result.root;
    kinds.push(kind);
    descs.push(result.desc);
  }
  return { value: root, kinds, descs };
}

/** A string form of a (possibly mutated) value for a query string, form field or multipart field. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Raw) return value.text;
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value);
    } catch {
      return '[object]';
    }
  }
  return String(value);
}
