import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Uploads: one file a request, at most the image limit; a bigger file is truncated and then refused by the route with the spec's message (never a 413). */
export default fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
});
