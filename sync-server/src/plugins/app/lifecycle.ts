import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where an instance is in its life: serving, or draining before it stops (API.md's health row). */
export type LifecycleState = 'ready' | 'draining';

declare module 'fastify' {
  interface FastifyInstance {
    /** `ready`, or `draining` from the stop signal until the instance stops accepting (server.ts). */
    lifecycle: { state: LifecycleState };
  }
}

/**
 * A draining instance goes on serving every request as usual, but `/api/health` answers 503
 * (the proxy takes it out) and every reply says `Connection: close`, so no connection is reused
 * after it: a proxy's next request opens a connection to an instance that stays.
 */
export default fp(async (app: FastifyInstance) => {
  app.decorate('lifecycle', { state: 'ready' as LifecycleState });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (app.lifecycle.state === 'draining') reply.header('Connection', 'close');
    return payload;
  });
});
