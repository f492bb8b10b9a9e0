import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Outgoing mail: SMTP_URL, or `.eml` files under DATA_DIR/outbox. */
export default fp(async (_app: FastifyInstance) => {});
