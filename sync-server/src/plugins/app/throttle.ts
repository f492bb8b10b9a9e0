import { MSG, requestCost, type ThrottleName, type WorkCost } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../../lib/address';
import { tooMany } from '../../lib/errors';
import type { Counters } from '../../limits/counters';
import { Throttle } from '../../limits/throttle';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-address throttle the route opts into (from its declaration in the contract). */
    throttle?: ThrottleName;
    /** What one request costs against it when more than one (the contract's `cost`). */
    cost?: WorkCost;
  }
  interface FastifyInstance {
    /**
     * Takes `cost` tokens of a throttle for the request's address outside a route's own opt-in
     * (the page that draws a kit's card 1 pays as the kit pull does); true when allowed, always
     * with RATE_LIMITS=off.
     */
    takeThrottleToken(name: ThrottleName, req: FastifyRequest, cost?: number): Promise<boolean>;
  }
}

/**
 * The public endpoints' per-address throttles: a route opts in by naming one in the contract
 * (ROUTES); past its rate the client gets 429 with the envelope and Retry-After. A request costs
 * its work (API.md "Costs, throttles and privacy of places"): one token per document pushed or
 * kit code asked, else one; a bucket short of the cost refuses the whole request. RATE_LIMITS=off
 * turns them all off (benchmarks, load tests). Loopback is not exempt: behind a reverse proxy on
 * the same machine everyone would be.
 */
export default fp(async (app: FastifyInstance) => {
  const rates = app.config.throttles;
  if (!rates) {
    app.decorate('takeThrottleToken', async () => true);
    return;
  }
  // Each in app.counters: this process's memory, or the database shared by every instance.
  const throttles = {
    submit: new Throttle(rates.submit, Date.now, 100_000, app.counters('throttle-submit')),
    read: new Throttle(rates.read, Date.now, 100_000, app.counters('throttle-read')),
  } satisfies Record<ThrottleName, Throttle<Counters>>;
  app.decorate(
    'takeThrottleToken',
    async (name: ThrottleName, req: FastifyRequest, cost = 1) =>
      (await throttles[name].take(addressKey(req.ip), cost)).ok,
  );
  const refuse = (retryAfterSeconds: number) => tooMany(MSG.tooManyRequests, retryAfterSeconds);
  const throttleOf = (req: FastifyRequest) => {
    const name = req.routeOptions.config?.throttle;
    return name ? throttles[name] : undefined;
  };

  // An address with an empty bucket is refused before its body is even read.
  app.addHook('onRequest', async (req) => {
    const has = await throttleOf(req)?.peek(addressKey(req.ip));
    if (has && !has.ok) throw refuse(has.retryAfterSeconds);
  });
  // The cost is known once the body is parsed; it is taken before the schema is checked, so a
  // refused request is neither validated nor handled (nothing of it stored).
  app.addHook('preValidation', async (req) => {
    const throttle = throttleOf(req);
    if (!throttle) return;
    const taken = await throttle.take(addressKey(req.ip), requestCost(req.routeOptions.config.cost, req.body));
    if (!taken.ok) throw refuse(taken.retryAfterSeconds);
  });
});
