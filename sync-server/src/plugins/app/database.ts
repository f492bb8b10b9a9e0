import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** SQLite under DATA_DIR, migrated to the latest schema before any route runs. */
export default fp(async (app: FastifyInstance) => {
  const db = openDatabase(path.join(app.config.dataDir, 'scentry.db'));
  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
});
