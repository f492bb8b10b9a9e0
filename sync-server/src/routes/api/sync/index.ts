import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { pullKits, pushResults } from '../../../services/sync';

/** Offline sync (API.md "Sync"): kits down, results up. */
export default async function syncRoutes(app: FastifyInstance) {
  route(app, 'pullKits', async (req) => success(await pullKits(app.db, req.body)));

  route(app, 'pushResults', async (req) => success(await pushResults(app.db, req.body)));
}
