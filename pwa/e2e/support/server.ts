import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SERVER_DIR = path.join(ROOT, 'sync-server');

export const ADMIN = { email: 'admin@scentry.local', password: 'Start-Pass-1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

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
  const url = `http://localhost:${port}`;
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      PWA_DIST: path.join(ROOT, 'pwa/dist'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 150));
  }

  const require = createRequire(path.join(SERVER_DIR, 'package.json'));
  const Sqlite = require('better-sqlite3');
  const open = () => new Sqlite(path.join(dir, 'scentry.db'));

  return {
    url,
    port,
    dataDir: dir,
    output: () => out,
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
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
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
