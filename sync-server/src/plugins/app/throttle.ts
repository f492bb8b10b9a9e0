import { MSG, type ThrottleName } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../../lib/address';
import { tooMany } from '../../lib/errors';
import { Throttle } from '../../lib/throttle';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-address throttle the route opts into (from its declaration in the contract). */
    throttle?: ThrottleName;
  }
}

/**
 * The public endpoints' per-address throttles: a route opts in by naming one in the contract
 * (ROUTES); past its rate the client gets 429 with the envelope and Retry-After. RATE_LIMITS=off
 * turns them all off (benchmarks, load tests). Loopback is not exempt: behind a reverse proxy on
 * the same machine everyone would be.
 */
export default fp(async (app: FastifyInstance) => {
  const rates = app.config.throttles;
  if (!rates) return;
  const throttles = {
    submit: new Throttle(rates.submit),
    read: new Throttle(rates.read),
  } satisfies Record<ThrottleName, Throttle>;
  app.addHook('onRequest', async (req) => {
    const name = req.routeOptions.config?.throttle;
    if (!name) return;
    const taken = throttles[name].take(addressKey(req.ip));
    if (!taken.ok) throw tooMany(MSG.tooManyRequests, taken.retryAfterSeconds);
  });
});
