import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { APP_VERSION } from '../../../version';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await sql`select 1`.execute(app.db);
    return success({ version: APP_VERSION, db: 'ok' as const });
  });

  /**
   * What the PWA cannot know by itself: the public address printed in kit QR codes, so the in-app
   * scanner keeps those URLs in the app even when the page was opened at another address.
   */
  app.get('/api/AppConfig', { config: { access: 'public' } }, async () => success({ publicUrl: app.config.publicUrl }));
}
