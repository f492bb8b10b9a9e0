import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { envelope, MSG } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureSizedPicture, STORED_NAME, sizedDir } from '../../services/uploads';
import { isApiUrl } from './security';

/**
 * Serves uploaded images from DATA_DIR/uploads (sized for the screen; originals under
 * /uploads/originals/) and the built PWA with an SPA fallback: any GET
 * outside /api and /uploads that is not a file gets index.html, so deep links (a kit's printed QR
 * code opening /scent/<code>) work. Unknown API paths answer 404 with the envelope.
 */
export default fp(async (app: FastifyInstance) => {
  const uploads = path.join(app.config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true, mode: 0o700 });
  mkdirSync(sizedDir(app.config.dataDir), { recursive: true, mode: 0o700 });
  // Content-hash names: a changed image gets a new name, so caching forever is safe.
  const cached = { decorateReply: false, immutable: true, maxAge: '365d' } as const;
  await app.register(async (pictures) => {
    // /uploads/<name>: the picture sized for the screen (at most PICTURE_MAX_PX a side), the original
    // when it is that small already. A picture stored before sizing existed gets its sized copy on
    // its first request; each name is looked at once per process.
    const looked = new Set<string>();
    pictures.addHook('onRequest', (req, _reply, done) => {
      const name = req.url.slice('/uploads/'.length).split('?')[0];
      if (looked.has(name) || !STORED_NAME.test(name)) return done();
      try {
        if (ensureSizedPicture(app.config.dataDir, name) !== 'missing') looked.add(name);
      } catch (err) {
        // Not decodable after all: the original is served.
        req.log.warn({ err, name }, 'picture not resized');
        looked.add(name);
      }
      done();
    });
    await pictures.register(fastifyStatic, {
      ...cached,
      root: [sizedDir(app.config.dataDir), uploads],
      prefix: '/uploads/',
    });
  });
  // The pictures as uploaded, for whoever needs the full size (kept beside the sized copies).
  await app.register(fastifyStatic, { ...cached, root: uploads, prefix: '/uploads/originals/' });

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
