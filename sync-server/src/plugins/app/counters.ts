import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { type CountersOf, memoryCounters } from '../../limits/counters';
import { dbCounters } from '../../limits/db-counters';

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
 * The key of the stored hashes, from JWT_SECRET (which every instance sharing a database must be
 * given): a leaked table then cannot be matched against all IPv4 addresses or a list of e-mails.
 */
export const counterKeyOf = (jwtSecret: string): Buffer =>
  createHmac('sha256', jwtSecret).update('scentry rate-counter key v1').digest();

/**
 * Decorates `app.counters`: in the database with DATABASE_URL (PostgreSQL is how several instances
 * share one database, so every limit counts across them); in memory on SQLite (one instance: the
 * database file sits beside it), where a count costs no write.
 */
export default fp(async (app: FastifyInstance) => {
  const shared = app.config.databaseUrl !== undefined;
  app.decorate('counters', countersFor(app.db, shared, counterKeyOf(app.config.jwtSecret)));
});
