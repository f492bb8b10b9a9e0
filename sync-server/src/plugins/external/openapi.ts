import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CONTRACT, type Endpoint, envelope } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version';

/** The reference page; its assets are served by the server itself (no internet needed). */
export const API_DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * OpenAPI 3.0 gives `nullable` a meaning only beside a `type`. zod's converter writes it alone for
 * an unknown (any value: it adds nothing there, so it goes) and beside an `anyOf` (whose branches
 * then lend their one common type, or each take `nullable`).
 */
function typeEveryNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeEveryNullable(item);
    return;
  }
  if (!isObject(node)) return;
  if (node.nullable === true && node.type === undefined) {
    const branches = (node.anyOf ?? node.oneOf) as Json[] | undefined;
    const types = new Set(branches?.map((b) => b.type));
    const [only] = types;
    if (branches && types.size === 1 && typeof only === 'string') node.type = only;
    else if (branches) {
      delete node.nullable;
      for (const b of branches) b.nullable = true;
    } else delete node.nullable;
  }
  for (const value of Object.values(node)) typeEveryNullable(value);
}

/**
 * What third-party tools (generators, linters, gateways) need and the route declarations cannot
 * say (who may call an operation and whether its multipart `file` is required are declared in
 * lib/route.ts): from each operation's contract entry (its operationId is the endpoint's name), the
 * one media type of each reply (a file endpoint's file on success; the JSON envelope for every
 * refusal); every `nullable` with its type; the server's public address as `servers`.
 */
export function standardize<D extends object>(doc: D, publicUrl: string): D {
  const d = doc as Document;
  d.servers = [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }];
  for (const item of Object.values(d.paths ?? {})) {
    for (const op of Object.values(item)) {
      const endpoint: Endpoint | undefined = CONTRACT[op.operationId as keyof typeof CONTRACT];
      if (!endpoint) continue;
      for (const [code, response] of Object.entries(op.responses ?? {})) {
        const content = response.content;
        if (!content) continue;
        const type = code === '200' && endpoint.replyFile ? endpoint.replyFile : 'application/json';
        const chosen = content[type] ?? content['application/json'];
        if (chosen) response.content = { [type]: chosen };
      }
    }
  }
  typeEveryNullable(d.paths);
  return doc;
}

/**
 * The contract as OpenAPI 3: every route registered from the contract is collected with its
 * request and reply schemas (zod → JSON Schema), served at /api/openapi.json, and browsable at
 * /api/docs. Registered before the routes, so it sees them all. `@redocly/cli lint` (recommended
 * rules) finds no error in it (openapi-lint.test.ts).
 */
export default fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Scentry API',
        version: APP_VERSION,
        description:
          'Every JSON reply is the envelope {status, message, error, data}; `data` is described per endpoint. ' +
          'Request keys bind ignoring case; unknown keys are ignored.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document ? standardize(document.openapiObject, app.config.publicUrl) : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The app's own security policy covers the page: its script and styles are served from here.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
  });
  app.get(OPENAPI_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      return reply.type('application/json').send(app.swagger());
    } catch (err) {
      app.log.error({ err }, 'OpenAPI document failed');
      return reply.code(500).send(envelope('Failure', 'OpenAPI document unavailable', null));
    }
  });
});
