import { type Access, MSG, ROUTES, roleAllows } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { totpRequiredFor } from '../../config';
import { ApiError, forbidden, unauthorized } from '../../lib/errors';
import { findUserById } from '../../repositories/users';
import type { Caller, Origin, TokenPayload } from '../../services/caller';
import { API_DOCS_PREFIX } from '../external/openapi';

/**
 * What a user REQUIRE_TOTP covers may call before setting TOTP up (API.md "Staff sign-in"): the
 * TOTP calls of their own account, ChangePassword and EndOtherSessions. Paths, so an endpoint of
 * another change is named without importing it.
 */
export const ALLOWED_BEFORE_TOTP_SETUP: ReadonlySet<string> = new Set([
  ROUTES.changePassword.path,
  ROUTES.totpSetup.path,
  ROUTES.totpEnable.path,
  ROUTES.totpDisable.path,
  ROUTES.totpRecoveryCodes.path,
  '/api/User/EndOtherSessions',
]);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (API.md): every /api route must say. */
    access?: Access;
  }
  interface FastifyRequest {
    auth?: Caller;
  }
  interface FastifyInstance {
    /** Every /api route registered, with its access (the contract and OpenAPI tests read it). */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}

/**
 * The user a request's bearer token stands for, or undefined when there is none that still
 * works: the signature and expiry, a plain user id as subject, a user still active (and their
 * organization), and a token version that a password change or reset has not ended (but for the
 * one token kept by the change). The user is read again on every call.
 */
async function tokenUser(req: FastifyRequest): Promise<Caller | undefined> {
  let token: TokenPayload;
  try {
    token = await req.jwtVerify<TokenPayload>();
  } catch {
    return undefined;
  }
  if (typeof token.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(token.sub)) return undefined;
  const user = await findUserById(req.server.db, Number(token.sub));
  if (!user?.isActive || !user.organizationActive) return undefined;
  const current = (token.ver ?? 0) === user.tokenVersion;
  const kept = Boolean(token.jti) && token.jti === user.keptTokenId;
  if (!current && !kept) return undefined;
  return {
    id: user.id,
    roleName: user.roleName,
    organizationId: user.organizationId,
    tokenId: token.jti ?? null,
    email: user.email,
    discloseUserDetails: user.discloseUserDetails,
    totpSetupRequired: !user.totpEnabled && totpRequiredFor(req.server.config.requireTotp, user.roleName),
  };
}

/**
 * On a public route, the caller's user when the request carries a token that works (a public
 * endpoint that shows more to an Admin); undefined otherwise, never an error.
 */
export async function optionalAuth(req: FastifyRequest): Promise<Caller | undefined> {
  if (req.auth) return req.auth;
  if (!req.headers.authorization) return undefined;
  return tokenUser(req);
}

/** The signed-in user of a guarded route (the guard has already run). */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
  return req.auth;
}

/** Where a request comes from, as the services take it: the client's address and the signed-in user, if any. */
export function originOf(req: FastifyRequest): Origin {
  return { caller: req.auth, address: req.ip };
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
    const user = await tokenUser(req);
    if (!user) throw unauthorized(MSG.unauthorized);
    req.auth = user;
    if (user.totpSetupRequired && !ALLOWED_BEFORE_TOTP_SETUP.has(req.routeOptions.url ?? '')) {
      throw new ApiError(403, 'Failure', MSG.totpSetupRequired, null, undefined, { totpSetupRequired: true });
    }
    if (!roleAllows(access, user.roleName)) throw forbidden(MSG.forbidden);
  });
});
