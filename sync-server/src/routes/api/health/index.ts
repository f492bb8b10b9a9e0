import { HEALTH_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { checkDatabase, dialectName } from '../../../repositories/health';
import { APP_VERSION } from '../../../version';

export default async function healthRoutes(app: FastifyInstance) {
  route(app, 'health', async (req) => {
    const state = app.lifecycle.state;
    let db: 'ok' | 'full' | 'read-only' | 'down' = app.storage.problem ?? 'ok';
    try {
      await checkDatabase(app.db);
    } catch (err) {
      // A load balancer takes this instance out of rotation; the reason stays in the log.
      req.log.error({ err }, 'health: the database does not answer');
      db = 'down';
    }
    const data = { version: APP_VERSION, state, db, dialect: dialectName(app.db) };
    if (db === 'down') throw new ApiError(503, 'Failure', HEALTH_MSG.databaseDown, null, undefined, data);
    // A stopping instance still serves what reaches it; the proxy stops sending it more.
    if (state === 'draining') throw new ApiError(503, 'Failure', HEALTH_MSG.draining, null, undefined, data);
    return success(data);
  });

  /**
   * What the PWA cannot know by itself: the public address printed in kit QR codes, so the in-app
   * scanner keeps those URLs in the app even when the page was opened at another address; and the
   * map's tile template (MAP_TILE_URL, '' when unset: the Location Map draws its own outlines).
   */
  route(app, 'appConfig', async () => success({ publicUrl: app.config.publicUrl, mapTileUrl: app.config.mapTileUrl }));
}
