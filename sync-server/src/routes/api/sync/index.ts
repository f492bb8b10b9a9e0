import { type PushConflict, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { oneAtATime } from '../../../lib/one-at-a-time';
import { route } from '../../../lib/route';
import { pullKits, pushResults } from '../../../services/sync';

/** Offline sync (API.md "Sync"): kits down, results up. */
export default async function syncRoutes(app: FastifyInstance) {
  route(app, 'pullKits', async (req) => success(await pullKits(app.db, req.body)));

  // Each document of a push is stored in its own transaction (pushResults), so the documents of
  // all pushes take turns one at a time: a crowd of phones reconnecting at once never holds a kit
  // pull up for longer than one document.
  const inTurn = oneAtATime();
  route(app, 'pushResults', async (req) => {
    const conflicts: PushConflict[] = [];
    for (const row of req.body) conflicts.push(...(await inTurn(() => pushResults(app.db, [row]))));
    return success(conflicts);
  });
}
