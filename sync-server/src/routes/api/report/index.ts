import type { FastifyInstance } from 'fastify';

/** Reports: Data Location table, Location Map, Pass/Fail chart. */
export default async function reportRoutes(_app: FastifyInstance) {}
