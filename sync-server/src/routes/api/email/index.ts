import type { FastifyInstance } from 'fastify';

/** Reports by e-mail: SendResultInEmail, SendQuestionnaireResultInEmail and the offline push. */
export default async function emailRoutes(_app: FastifyInstance) {}
