import jwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface TokenPayload {
  sub: string;
  role: string;
  /** The user's token version when signed (see users.token_version); absent in older tokens: 0. */
  ver?: number;
  /** The token's own id. */
  jti?: string;
}

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
