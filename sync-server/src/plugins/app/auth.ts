import { type Access, MSG, type RoleName, roleAllows } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors';
import { findUserById } from '../../repositories/users';
import type { TokenPayload } from '../external/jwt';
import { API_DOCS_PREFIX } from '../external/openapi';

export interface AuthUser {
  id: number;
  roleName: RoleName;
  organizationId: number | null;
  /** The id of the token the request came with. */
  tokenId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (API.md): every /api route must say. */
    access?: Access;
  }
  interface FastifyRequest {
    auth?: AuthUser;
  }
  interface FastifyInstance {
    /** Every /api route registered, with its access (the contract and OpenAPI tests read it). */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}

/** The signed-in user of a guarded route (the guard has already run). */
export function authUser(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
  return req.auth;
}

/**
 * The guards: every /api route declares `config.access`; a route that forgets fails at start-up,
 * not in production. The token is checked, then the user is read again, so a user made inactive
 * (or whose organization was) loses access at once, before the token expires.
 */
export default fp(async (app: FastifyInstance) => {
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    // The API reference's own pages and assets are public documentation, not endpoints.
    if (!route.url.startsWith('/api/') || route.url.startsWith(API_DOCS_PREFIX)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no config.access`);
    for (const method of [route.method].flat()) apiRoutes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    let token: TokenPayload;
    try {
      token = await req.jwtVerify<TokenPayload>();
    } catch {
      throw unauthorized(MSG.unauthorized);
    }
    // The subject is a user id, written as the server writes it: nothing else is read as one.
    if (typeof token.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(token.sub)) throw unauthorized(MSG.unauthorized);
    const user = await findUserById(app.db, Number(token.sub));
    if (!user?.isActive || !user.organizationActive) throw unauthorized(MSG.unauthorized);
    // A password change or reset raised the version: older tokens end, but the one kept.
    const current = (token.ver ?? 0) === user.tokenVersion;
    const kept = Boolean(token.jti) && token.jti === user.keptTokenId;
    if (!current && !kept) throw unauthorized(MSG.unauthorized);
    req.auth = {
      id: user.id,
      roleName: user.roleName,
      organizationId: user.organizationId,
      tokenId: token.jti ?? null,
    };
    if (!roleAllows(access, user.roleName)) throw forbidden(MSG.forbidden);
  });
});
