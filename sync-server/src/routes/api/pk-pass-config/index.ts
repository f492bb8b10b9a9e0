import type { FastifyInstance } from 'fastify';

/** Apple Wallet passes (GeneratePKSafePass). */
export default async function pkPassRoutes(_app: FastifyInstance) {}
