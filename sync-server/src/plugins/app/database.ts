import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, openDb } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * SQLite under DATA_DIR, or PostgreSQL with DATABASE_URL (db/database.ts openDb), migrated to the
 * latest schema before any route runs.
 */
export default fp(async (app: FastifyInstance) => {
  const db = openDb(app.config);
  let applied: string[];
  try {
    applied = await migrateToLatest(db);
  } catch (err) {
    // The pool would otherwise keep the process alive after a failed start.
    await db.destroy();
    throw err;
  }
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
});
