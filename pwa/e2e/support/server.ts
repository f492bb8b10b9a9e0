import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, launchServer, SERVER_DIR } from '../../../scripts/lib/server.mjs';

export const ADMIN = { email: 'admin@scentry.local', password: 'Start-Pass-1' };

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
  /** Opens the server's SQLite file (WAL: safe beside the running server). */
  sql: <T = unknown>(query: string, ...params: unknown[]) => T[];
  exec: (query: string, ...params: unknown[]) => void;
}

/** Starts the real server (as `npm start` does) on a free port with a fresh DATA_DIR. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  fixedPort?: number,
): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'scentry-e2e-'));
  const port = fixedPort ?? (await freePort());
  const server = launchServer({
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      // `npm run coverage` serves its build with source maps instead of pwa/dist (the same app).
      ...(process.env.SCENTRY_E2E_PWA_DIST ? { PWA_DIST: process.env.SCENTRY_E2E_PWA_DIST } : {}),
      ...env,
    },
    output: 'capture',
  });
  try {
    await server.waitReady({ timeoutMs: 30_000 });
  } catch (err) {
    await server.stop();
    throw err;
  }

  const require = createRequire(path.join(SERVER_DIR, 'package.json'));
  const Sqlite = require('better-sqlite3');
  const open = () => new Sqlite(path.join(dir, 'scentry.db'));

  return {
    url: server.url,
    port,
    dataDir: dir,
    output: server.output,
    sql: (query, ...params) => {
      const db = open();
      try {
        return db.prepare(query).all(...params);
      } finally {
        db.close();
      }
    },
    exec: (query, ...params) => {
      const db = open();
      try {
        db.prepare(query).run(...params);
      } finally {
        db.close();
      }
    },
    stop: async ({ keepData = false } = {}) => {
      await server.stop();
      if (!dataDir && !keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Makes a user directly in the database, hashing the password with the server's own code. */
export async function createUser(
  server: TestServer,
  user: {
    email: string;
    password: string;
    roleId: number;
    firstName?: string;
    lastName?: string;
    organizationId?: number | null;
  },
): Promise<void> {
  const { hashPassword } = await import('../../../sync-server/src/lib/password');
  server.exec(
    'INSERT INTO users (first_name, last_name, email, password_hash, role_id, organization_id) VALUES (?, ?, ?, ?, ?, ?)',
    user.firstName ?? 'Test',
    user.lastName ?? 'User',
    user.email,
    await hashPassword(user.password),
    user.roleId,
    user.organizationId ?? null,
  );
}

/** A stored result's answers as played, in card order (one row a result: test_result_answers). */
export function storedAnswers(
  server: TestServer,
  resultId: string,
): { answer_name: string; smell_intensity: number }[] {
  return server.sql<{ answer_name: string; smell_intensity: number }>(
    `SELECT a.value ->> '$.answerName' AS answer_name, a.value ->> '$.smellIntensity' AS smell_intensity
      FROM test_result_answers t, json_each(t.answers) a WHERE t.test_result_id = ? ORDER BY a.key`,
    resultId,
  );
}
