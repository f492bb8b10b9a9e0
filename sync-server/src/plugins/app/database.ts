import { existsSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { type Db, openDb, type StorageProblem, watchCommits } from '../../db/database';
import { withStartupLock } from '../../db/dialect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_KIT_CODE, seedDemo } from '../../services/demo-seed';
import { ensureInitialAdmin, type InitialAdmin, initialAdminFile } from '../../services/initial-admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether writes fail for lack of space or on a read-only file system (API.md's health row). */
    storage: StorageState;
    db: Db;
    /** The first Admin when this start made it (its generated password printed once by server.ts). */
    initialAdmin: InitialAdmin | undefined;
  }
}

interface Prepared {
  migrations: string[];
  initialAdmin: InitialAdmin | undefined;
  seeded: boolean;
}

/** Migrated to the latest schema, then the first Admin and the demo when the database is empty. */
async function prepare(db: Db, config: Config): Promise<Prepared> {
  const migrations = await migrateToLatest(db);
  const initialAdmin = await ensureInitialAdmin(db, config);
  const seeded = await seedDemo(db, config);
  return { migrations, initialAdmin, seeded };
}

/**
 * SQLite under DATA_DIR, or PostgreSQL with DATABASE_URL (db/database.ts openDb), migrated to the
 * latest schema, its first Admin made and the demo seeded before any route runs. All three under
 * the startup lock (db/dialect.ts withStartupLock): servers starting together on one empty
 * PostgreSQL database do each exactly once.
 */
export default fp(async (app: FastifyInstance) => {
  const db = openDb(app.config);
  let prepared: Prepared;
  try {
    prepared = await withStartupLock(db, (locked) => prepare(locked, app.config));
  } catch (err) {
    // The pool would otherwise keep the process alive after a failed start.
    await db.destroy();
    throw err;
  }
  if (prepared.migrations.length) app.log.info({ migrations: prepared.migrations }, 'database migrated');
  if (prepared.seeded) app.log.info(`demo kit ${DEMO_KIT_CODE} seeded`);
  app.decorate('db', db);
  app.decorate('storage', storageState(app.log));
  // A write that commits says the storage takes writes again (health back to "ok").
  watchCommits(db, () => app.storage.clear());
  app.decorate('initialAdmin', prepared.initialAdmin);
  if (!prepared.initialAdmin?.generatedPassword && existsSync(initialAdminFile(app.config.dataDir))) {
    // Made on an earlier start: said at every start until that Admin changes the password (then it goes).
    app.log.warn(
      `${initialAdminFile(app.config.dataDir)} holds the first Admin's generated password in clear: it is deleted when that Admin changes the password (sign in and change it now)`,
    );
  }
  app.addHook('onClose', async () => {
    await db.destroy();
  });
});

export interface StorageState {
  /** 'full' or 'read-only' since a write failed so, until a write commits again; undefined: fine. */
  readonly problem: 'full' | 'read-only' | undefined;
  /** A request failed for the storage's reason: logged once per episode, not per request. */
  failed(problem: StorageProblem, err: unknown): void;
  clear(): void;
}

function storageState(log: FastifyBaseLogger): StorageState {
  let problem: 'full' | 'read-only' | undefined;
  let down = false;
  return {
    get problem() {
      return problem;
    },
    failed(kind, err) {
      if (kind === 'down') {
        if (!down) log.error({ err }, 'the database does not answer: calls that need it answer 503 until it does');
        down = true;
        return;
      }
      if (problem !== kind) {
        log.error(
          { err },
          kind === 'full'
            ? 'writes fail: the disk (or the database) is full; reads go on, writes answer 503 until there is space'
            : 'writes fail: the database or its file system is read-only; reads go on, writes answer 503',
        );
      }
      problem = kind;
    },
    clear() {
      if (problem || down) log.info('writes work again');
      problem = undefined;
      down = false;
    },
  };
}
