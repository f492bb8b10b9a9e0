import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { checkDatabase } from '../../../repositories/health';
import { APP_VERSION } from '../../../version';

export default async function healthRoutes(app: FastifyInstance) {
  route(app, 'health', async () => {
    await checkDatabase(app.db);
    return success({ version: APP_VERSION, db: 'ok' as const });
  });

  /**
   * What the PWA cannot know by itself: the public address printed in kit QR codes, so the in-app
   * scanner keeps those URLs in the app even when the page was opened at another address; and the
   * map's tile template (MAP_TILE_URL, '' when unset: the Location Map draws its own outlines).
   */
  route(app, 'appConfig', async () => success({ publicUrl: app.config.publicUrl, mapTileUrl: app.config.mapTileUrl }));
}
