import type { FuzzRequest } from './generate';

export interface ReplyLike {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const ENVELOPE_KEYS = ['data', 'error', 'message', 'status'];
const STATUSES = new Set(['Success', 'Failure', 'Warning']);

/** Pages that are not API replies: the OpenAPI document and the reference page with its assets. */
export function isExempt(url: string): boolean {
  const path = url.split('?')[0];
  return path === '/api/openapi.json' || path.startsWith('/api/docs');
}

/**
 * What is wrong with a reply, or null: no 5xx; a JSON reply and every 4xx/5xx is the envelope
 * with exactly its four keys; a Success envelope only with a 2xx. A 2xx that is not JSON (a CSV,
 * a file), a 2xx FHIR resource or NDJSON export (application/fhir+json, application/fhir+ndjson:
 * files, not API replies) and the exempt pages are not checked.
 */
export function problemOf(url: string, reply: ReplyLike): string | null {
  const status = reply.statusCode;
  if (status >= 500) return '5xx';
  if (isExempt(url)) return null;
  const contentType = String(reply.headers['content-type'] ?? '');
  const isJson = /json/i.test(contentType);
  const isFhir = /^application\/fhir\+(nd)?json\b/i.test(contentType);
  if ((!isJson || isFhir) && status >= 200 && status < 300) return null;
  if (!isJson) return `not JSON (content-type "${contentType}")`;
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return 'unparsable JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not an envelope object';
  const keys = Object.keys(body).sort();
  if (keys.join(',') !== ENVELOPE_KEYS.join(',')) return `envelope keys [${keys.join(',')}]`;
  const env = body as { status: unknown; message: unknown; error: unknown };
  if (typeof env.status !== 'string' || !STATUSES.has(env.status))
    return `envelope status ${JSON.stringify(env.status)}`;
  if (typeof env.message !== 'string') return 'envelope message not a string';
  if (env.error !== null && typeof env.error !== 'string') return 'envelope error not string|null';
  if (env.status === 'Success' && (status < 200 || status >= 300)) return 'Success envelope with a non-2xx status';
  return null;
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** A printable form of text that may hold control characters or lone surrogates. */
const printable = (s: string) => JSON.stringify(s).slice(1, -1);

interface Example {
  req: FuzzRequest;
  status: number | string;
  reply: string;
}

interface Group {
  key: string;
  count: number;
  /** Input kinds seen in this group, with their counts. */
  kinds: Map<string, number>;
  examples: Example[];
}

/** Failing replies, grouped by operation + status + problem, a few distinct examples kept per group. */
export class FailureLog {
  readonly groups = new Map<string, Group>();
  total = 0;

  add(req: FuzzRequest, status: number | string, problem: string, replyBody: string): void {
    this.total += 1;
    const key = `${req.opKey} → ${status} ${problem}`;
    let group = this.groups.get(key);
    if (!group) {
      group = { key, count: 0, kinds: new Map(), examples: [] };
      this.groups.set(key, group);
    }
    group.count += 1;
    const kindKey = req.kinds.join('+');
    const seen = group.kinds.has(kindKey);
    group.kinds.set(kindKey, (group.kinds.get(kindKey) ?? 0) + 1);
    // Keep examples of distinct input kinds: the same kind again teaches nothing new.
    if (!seen && group.examples.length < 8) group.examples.push({ req, status, reply: replyBody });
  }

  static line(e: Example): string {
    return [
      `    #${e.req.id} ${e.req.method} ${printable(truncate(e.req.url, 140))}`,
      `      input: ${printable(truncate(e.req.desc, 300))}`,
      `      reply ${e.status}: ${printable(truncate(e.reply, 300))}`,
    ].join('\n');
  }

  /** Up to `maxExamples` examples in all, a first one from every group before any second one. */
  report(maxExamples = 20): string {
    const groups = [...this.groups.values()].sort((a, b) => b.count - a.count);
    const picked = new Map<Group, Example[]>();
    let left = maxExamples;
    for (let round = 0; left > 0; round++) {
      let any = false;
      for (const g of groups) {
        if (left <= 0) break;
        const e = g.examples[round];
        if (!e) continue;
        any = true;
        left -= 1;
        picked.set(g, [...(picked.get(g) ?? []), e]);
      }
      if (!any) break;
    }
    const out = [`${this.total} failing replies in ${groups.length} groups (route → status problem):`];
    for (const g of groups) {
      const kinds = [...g.kinds.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, n]) => `${k}×${n}`)
        .join(', ');
      out.push(`  [${g.key}] ×${g.count}  (inputs: ${kinds})`);
      for (const e of picked.get(g) ?? []) out.push(FailureLog.line(e));
    }
    return out.join('\n');
  }

  /** Everything kept, for a JSON report file. */
  toJSON() {
    return [...this.groups.values()].map((g) => ({
      group: g.key,
      count: g.count,
      kinds: Object.fromEntries(g.kinds),
      examples: g.examples.map((e) => ({
        id: e.req.id,
        method: e.req.method,
        url: truncate(e.req.url, 300),
        input: truncate(e.req.desc, 500),
        status: e.status,
        reply: truncate(e.reply, 300),
      })),
    }));
  }
}
