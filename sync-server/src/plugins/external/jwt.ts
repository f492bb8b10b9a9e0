import jwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenPayload } from '../../services/caller';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
  }
}

export default fp(async (app: FastifyInstance) => {
  await app.register(jwt, {
    secret: app.config.jwtSecret,
    sign: { expiresIn: app.config.jwtTtlSeconds, algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  });
});
