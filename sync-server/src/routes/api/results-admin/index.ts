import type { FastifyInstance } from 'fastify';

/** The staff's play results: list, detail, questionnaire answers, CSV export. */
export default async function resultsAdminRoutes(_app: FastifyInstance) {}
