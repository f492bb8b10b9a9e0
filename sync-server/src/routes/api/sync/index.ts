import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { createResultsPush, pullKits } from '../../../services/sync';

/** Offline sync (API.md "Sync"): kits down, results up. */
export default async function syncRoutes(app: FastifyInstance) {
  route(app, 'pullKits', async (req) => success(await pullKits(app.db, req.body)));

  const pushResults = createResultsPush(app.db);
  route(app, 'pushResults', async (req) => success(await pushResults(req.body)));
}
