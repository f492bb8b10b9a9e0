import { CONTRACT, type Endpoint, type EndpointName, envelope, success } from '@scentry/shared-schema';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from './lib/route';
import { zodValidatorCompiler } from './lib/validate';
import { OPENAPI_PATH } from './plugins/external/openapi';
import { makeTestApp, type TestApp } from './test/helpers';

type OpenApiOperation = {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  security?: unknown[];
};
type OpenApiDoc = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
};

const names = Object.keys(CONTRACT) as EndpointName[];

describe('the contract is the API', () => {
  let t: TestApp;
  let doc: OpenApiDoc;

  beforeAll(async () => {
    t = await makeTestApp();
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const registered = () =>
    t.app.apiRoutes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.access}`);

  it('registers every declared endpoint, with its method, path and access, and nothing else under /api', () => {
    const declared = names.map(
      (n) => `${CONTRACT[n].route.method} ${CONTRACT[n].route.path} ${CONTRACT[n].route.access}`,
    );
    expect(registered().sort()).toEqual(declared.sort());
  });

  it('publishes every registered /api route in /api/openapi.json with its request and reply schemas', () => {
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of t.app.apiRoutes.filter((x) => x.method !== 'HEAD')) {
      const name = names.find((n) => CONTRACT[n].route.path === r.url && CONTRACT[n].route.method === r.method);
      const op = doc.paths[r.url]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url} in the OpenAPI document`).toBeDefined();
      if (!op || !name) continue;
      const endpoint = CONTRACT[name] as { query?: unknown; body?: unknown; model?: unknown; replyFile?: string };
      expect(op.operationId).toBe(name);
      if (endpoint.replyFile) {
        // A file endpoint's Success reply is the file itself.
        expect(op.responses['200']?.content?.[endpoint.replyFile]?.schema, `${name}: file reply`).toMatchObject({
          type: 'string',
          format: 'binary',
        });
      } else {
        // The Success reply: the envelope whose data is the declared schema.
        const ok = op.responses['200']?.content?.['application/json']?.schema;
        expect(ok?.properties, `${name}: 200 reply schema`).toEqual(
          expect.objectContaining({ status: expect.anything(), message: expect.anything(), data: expect.anything() }),
        );
      }
      // Refusals are documented too.
      expect(op.responses['4XX'] ?? op.responses['4xx'], `${name}: 4xx reply`).toBeDefined();
      if (endpoint.body) {
        expect(op.requestBody?.content['application/json']?.schema, `${name}: body schema`).toBeDefined();
      }
      if (endpoint.model) {
        const form = op.requestBody?.content['multipart/form-data']?.schema;
        expect(Object.keys(form?.properties ?? {}).sort(), `${name}: multipart body`).toEqual(['file', 'model']);
      }
      if (endpoint.query) {
        expect(op.parameters?.filter((p) => p.in === 'query').length, `${name}: query parameters`).toBeGreaterThan(0);
      }
      expect(Boolean(op.security?.length), `${name}: bearer auth documented`).toBe(r.access !== 'public');
    }
  });

  it('says what third-party tools need: servers, security on every operation, one media type a reply, required files', () => {
    expect(doc.servers).toEqual([{ url: t.config.publicUrl, description: expect.any(String) }]);
    for (const name of names) {
      const endpoint = CONTRACT[name] as Endpoint;
      const op = doc.paths[endpoint.route.path]?.[endpoint.route.method.toLowerCase()];
      expect(op, name).toBeDefined();
      if (!op) continue;
      // Public operations say so (an empty requirement), staff ones name the bearer scheme.
      expect(op.security, `${name}: security`).toEqual(endpoint.route.access === 'public' ? [] : [{ bearer: [] }]);
      for (const [code, response] of Object.entries(op.responses)) {
        const type = code === '200' && endpoint.replyFile ? endpoint.replyFile : 'application/json';
        expect(Object.keys(response.content ?? {}), `${name} ${code}: media type`).toEqual([type]);
      }
      if (endpoint.model) {
        const required = op.requestBody?.content['multipart/form-data']?.schema.required ?? [];
        expect(required.includes('file'), `${name}: file required`).toBe(endpoint.fileRequired === true);
      }
    }
    // The multipart file is required exactly where the handler refuses a request without one.
    const fileRequired = names.filter((n) => (CONTRACT[n] as Endpoint).fileRequired).sort();
    expect(fileRequired).toEqual(['createScentCardOption']);
    // OpenAPI 3.0: `nullable` means something only beside a `type`.
    const untyped: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        for (const [i, n] of node.entries()) walk(n, `${at}/${i}`);
      } else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>;
        if (o.nullable !== undefined && o.type === undefined) untyped.push(at);
        for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '#');
    expect(untyped).toEqual([]);
  });

  it('serves the API reference page and its assets from the server itself', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/src="\.\/([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      const asset = await t.app.inject({ method: 'GET', url: `/api/docs/${s}` });
      expect(asset.statusCode, s).toBe(200);
    }
    // No script or style is fetched from another origin.
    expect(page.body).not.toMatch(/(src|href)="https?:/);
  });
});

describe('route(): replies serialized from the declared schema', () => {
  it('drops a field the contract does not declare and refuses input it does not accept', async () => {
    const app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) =>
      reply.code(err.statusCode ?? 500).send(envelope('Failure', err.message, null)),
    );
    // A handler that leaks: an extra field beside the declared ones.
    route(app, 'getScentCardOptionById', async (req) =>
      success({
        id: req.query.id,
        title: 'Lemon',
        names: {},
        storedPath: '/uploads/x.png',
        originalFileName: null,
        passwordHash: 'secret',
      } as never),
    );
    const res = await app.inject({ method: 'GET', url: '/api/ScentCardOption/GetScentCardOptionById?ID=7' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: 7,
      title: 'Lemon',
      names: {},
      storedPath: '/uploads/x.png',
      originalFileName: null,
    });
    expect(res.body).not.toContain('secret');
    const bad = await app.inject({ method: 'GET', url: '/api/ScentCardOption/GetScentCardOptionById?Id=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'Failure', message: 'Invalid id' });
    await app.close();
  });

  it('a reply that breaks its schema is a server fault, never sent as it is', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    route(app, 'health', async () => success({ version: 1, db: 'ok' } as never));
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('"version":1');
    await app.close();
  });
});
