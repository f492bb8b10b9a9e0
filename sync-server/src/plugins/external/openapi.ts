import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { envelope } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../version';

/** The reference page; its assets are served by the server itself (no internet needed). */
export const API_DOCS_PREFIX = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The contract as OpenAPI 3: every route registered from the contract is collected with its
 * request and reply schemas (zod → JSON Schema), served at /api/openapi.json, and browsable at
 * /api/docs. Registered before the routes, so it sees them all.
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
