import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FailureLog, problemOf, type ReplyLike } from './check';
import { encodeQuery, type FuzzRequest, type GenContext, generateRequest, schemaPool } from './generate';
import { listOperations, type OpenApiDoc } from './openapi';
import { mulberry32, Rng } from './rng';
import { Dup, deepJson, Raw, setKey, toJson } from './values';

/** The fuzz harness's own checks: a broken harness would hide failures or invent them. */

const reply = (statusCode: number, body: string, contentType = 'application/json; charset=utf-8'): ReplyLike => ({
  statusCode,
  headers: { 'content-type': contentType },
  body,
});
const env = (status: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ status, message: 'm', error: null, data: null, ...extra });

describe('problemOf', () => {
  it('accepts the envelope, a non-JSON 2xx and the exempt pages', () => {
    expect(problemOf('/api/x', reply(200, env('Success')))).toBeNull();
    expect(problemOf('/api/x', reply(400, env('Failure', { error: 'e' })))).toBeNull();
    expect(problemOf('/api/x', reply(400, env('Warning')))).toBeNull();
    expect(problemOf('/api/x', reply(200, 'a,b\n1,2', 'text/csv'))).toBeNull();
    expect(problemOf('/api/x', reply(200, '{"resourceType":"Questionnaire"}', 'application/fhir+json'))).toBeNull();
    expect(problemOf('/api/x', reply(200, '{"a":1}\n{"b":2}\n', 'application/fhir+ndjson'))).toBeNull();
    // A refusal from those routes is still the envelope.
    expect(problemOf('/api/x', reply(400, '{"resourceType":"Questionnaire"}', 'application/fhir+json'))).toMatch(
      /envelope keys/,
    );
    expect(problemOf('/api/openapi.json', reply(200, '{"openapi":"3.0.3"}'))).toBeNull();
    expect(problemOf('/api/docs/static/x.js', reply(200, 'x', 'application/javascript'))).toBeNull();
  });

  it('flags a 5xx, a non-envelope, extra or missing keys, and Success with a non-2xx', () => {
    expect(problemOf('/api/x', reply(500, env('Failure')))).toBe('5xx');
    expect(problemOf('/api/openapi.json', reply(503, 'down', 'text/plain'))).toBe('5xx');
    expect(problemOf('/api/x', reply(404, '<html></html>', 'text/html'))).toMatch(/not JSON/);
    expect(problemOf('/api/x', reply(400, 'oops', 'text/plain'))).toMatch(/not JSON/);
    expect(problemOf('/api/x', reply(200, '{"status":"Success"'))).toBe('unparsable JSON');
    expect(problemOf('/api/x', reply(200, '[1]'))).toBe('not an envelope object');
    expect(
      problemOf('/api/x', reply(400, JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'x' }))),
    ).toMatch(/envelope keys/);
    expect(problemOf('/api/x', reply(200, env('Success', { extra: 1 })))).toMatch(/envelope keys/);
    expect(problemOf('/api/x', reply(200, env('OK')))).toMatch(/envelope status/);
    expect(problemOf('/api/x', reply(400, env('Failure', { error: 3 })))).toMatch(/error/);
    expect(problemOf('/api/x', reply(400, env('Failure', { message: null })))).toMatch(/message/);
    expect(problemOf('/api/x', reply(400, env('Success')))).toMatch(/Success envelope/);
  });
});

describe('FailureLog', () => {
  it('groups by route + status and lists at most the asked number of examples', () => {
    const log = new FailureLog();
    const req = (i: number, kind: string): FuzzRequest => ({
      id: `0.${i}`,
      opKey: `POST /api/r${i % 3}`,
      method: 'POST',
      url: `/api/r${i % 3}?q=${'x'.repeat(500)}`,
      headers: {},
      auth: 'admin',
      kinds: [kind],
      desc: `admin | ${kind} \u0000`,
    });
    for (let i = 0; i < 200; i++) log.add(req(i, `k${i % 7}`), 500, '5xx', `{"boom":${i}}`);
    const text = log.report(20);
    expect(log.total).toBe(200);
    expect(log.groups.size).toBe(3);
    expect(text.match(/^ {4}#/gm)?.length).toBe(20);
    expect(text).toContain('[POST /api/r0 → 500 5xx]');
    expect(text).toContain('\\u0000');
    expect(text).not.toContain('x'.repeat(200));
  });
});

describe('generators', () => {
  it('mulberry32 is deterministic', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    for (let i = 0; i < 100; i++) expect(a()).toBe(b());
  });

  it('JSON with __proto__ as an own key, duplicate keys and raw fragments', () => {
    const o: Record<string, unknown> = {};
    setKey(o, '__proto__', { x: 1 });
    expect(toJson(o)).toBe('{"__proto__":{"x":1}}');
    expect(
      toJson(
        new Dup([
          ['id', 1],
          ['id', 'x'],
        ]),
      ),
    ).toBe('{"id":1,"id":"x"}');
    expect(toJson({ a: new Raw('1e400'), s: '\ud800' })).toBe('{"a":1e400,"s":"\\ud800"}');
    const deep = deepJson(new Rng(1), 3000).text;
    expect(deep.length).toBeGreaterThan(6000);
  });

  it('encodes any string for a URL, lone surrogates included', () => {
    expect(encodeQuery('a b&=é')).toBe('a%20b%26%3D%C3%A9');
    expect(encodeQuery('\ud800')).toBe('%ED%A0%80');
    expect(encodeQuery('😀')).toBe('%F0%9F%98%80');
    expect(decodeURIComponent(encodeQuery('x\u0000y😀'))).toBe('x\u0000y😀');
  });

  it('makes the same request from the same seed, for every operation of a document', () => {
    const doc: OpenApiDoc = {
      openapi: '3.0.3',
      paths: {
        '/api/Thing/Get': {
          get: { parameters: [{ in: 'query', name: 'id', required: true, schema: { type: 'integer', minimum: 1 } }] },
        },
        '/api/Thing/Save': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      name: { type: 'string', maxLength: 10 },
                      tags: { type: 'array', items: { type: 'string' } },
                    },
                    required: ['name'],
                  },
                },
              },
            },
          },
        },
        '/api/Thing/Upload': {
          post: {
            summary: 'multipart `model` {Id, Title}',
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: {
                      model: { type: 'string', description: 'JSON of the model' },
                      file: { type: 'string', format: 'binary' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const g: GenContext = {
      doc,
      adminToken: 'a.b.c',
      adminId: 1,
      pool: schemaPool(doc),
      signJwt: () => 'x.y.z',
      signForeignJwt: () => 'x.y.w',
    };
    const ops = listOperations(doc);
    expect(ops.map((o) => o.key)).toEqual(['GET /api/Thing/Get', 'POST /api/Thing/Save', 'POST /api/Thing/Upload']);
    // A digest per request: comparing multi-megabyte payloads element by element is slow.
    const digest = (r: FuzzRequest) =>
      createHash('sha256')
        .update(JSON.stringify([r.method, r.url, r.headers, r.kinds, r.desc]))
        .update(r.payload ?? '')
        .digest('hex');
    for (const op of ops) {
      for (let i = 0; i < 200; i++) {
        const a = generateRequest(g, op, new Rng(i), `0.${i}`, i);
        const b = generateRequest(g, op, new Rng(i), `0.${i}`, i);
        expect(digest(a), `${op.key} #${i}: ${a.desc.slice(0, 100)}`).toBe(digest(b));
      }
    }
  }, 30_000);
});
