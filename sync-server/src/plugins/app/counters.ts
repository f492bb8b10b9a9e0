import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { type CountersOf, memoryCounters } from '../../lib/counters';
import { dbCounters } from '../../services/db-counters';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where each limit counts (sign-in limits, reset throttles, the public endpoints' throttles),
     * by the limit's name: this process's memory, or the database when instances share it.
     */
    counters: CountersOf;
  }
}

/**
 * The store of the limits' counts. In memory (today's behaviour: one instance, a restart forgives)
 * unless `shared`: then in the database (rate_counters), so every instance sharing the database
 * counts together (issue 26). `keySecret` (shared by every instance) keys the stored hashes.
 */
export function countersFor(db: Db, shared: boolean, keySecret?: Buffer): CountersOf {
  return shared ? dbCounters(db, { keySecret }) : memoryCounters;
}

/**
 * Decorates `app.counters`. Memory for now: with DATABASE_URL (issue 26) this becomes
 * `countersFor(app.db, config.databaseUrl !== undefined, <a secret from configuration>)`.
 */
export default fp(async (app: FastifyInstance) => {
  app.decorate('counters', countersFor(app.db, false));
});
