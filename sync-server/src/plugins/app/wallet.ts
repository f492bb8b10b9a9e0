import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The wallet pass signer (PASS_CERT_DIR, or a development chain made in DATA_DIR). */
export default fp(async (_app: FastifyInstance) => {});
