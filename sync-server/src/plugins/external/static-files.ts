import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { envelope, MSG } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiUrl } from './security';

/**
 * Serves uploaded images from DATA_DIR/uploads and the built PWA with an SPA fallback: any GET
 * outside /api and /uploads that is not a file gets index.html, so deep links (a kit's printed QR
 * code opening /scent/<code>) work. Unknown API paths answer 404 with the envelope.
 */
export default fp(async (app: FastifyInstance) => {
  const uploads = path.join(app.config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true, mode: 0o700 });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    // Content-hash names: a changed image gets a new name, so caching forever is safe.
  });

  const dist = app.config.pwaDist;
  const hasPwa = Boolean(dist && existsSync(path.join(dist, 'index.html')));
  if (hasPwa && dist) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each asset; they are sent when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(dist, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          // index.html, the service worker and the manifest must be revalidated to update.
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (hasPwa && req.method === 'GET' && !isApiUrl(url) && !url.startsWith('/uploads/') && !path.extname(url)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send(envelope('Failure', MSG.notFound, null, `No route for ${req.method} ${url}`));
  });
});
