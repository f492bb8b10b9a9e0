import type { FastifyInstance } from 'fastify';

/** The player's forms after play: questionnaire and medical information, online and pushed. */
export default async function playerFormRoutes(_app: FastifyInstance) {}
