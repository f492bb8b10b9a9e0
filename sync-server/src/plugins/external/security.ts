import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers. The CSP allows only this origin, plus the configured map tiles. */
export default fp(async (app: FastifyInstance) => {
  const tileOrigin = app.config.mapTileUrl ? new URL(app.config.mapTileUrl.replace(/\{[a-z]\}/g, 'a')).origin : null;
  const tls = app.config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would block nothing we need and breaks tile images; HSTS only over TLS.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: tls ? { maxAge: 15552000 } : false,
  });
});
