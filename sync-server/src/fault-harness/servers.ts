import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ServerProcess } from '../../../scripts/lib/server.d.mts';
import { freePort, launchServer, SERVER_DIR } from '../../../scripts/lib/server.mjs';
import { loadPassSigner } from '../services/pass-certs';
import { startSmtp, type TestSmtp } from '../test/mail';
import { expectFaultsInjected, harnessContext, runSeeds, type Servers, type Store, seedsToRun } from './harness';

export const HARNESS_ADMIN = { email: 'admin@harness.example', password: 'Harness-Pass-1' };

/**
 * The real server, as `npm start` runs it, in child processes that a seed may kill -9 and start
 * again on their data: one on SQLite, or `instances` on one PostgreSQL database (`databaseUrl`;
 * shared secrets and files, as docs/operations.md has several instances).
 */
export async function harnessServers(
  smtpUrl: string,
  options: { databaseUrl?: string; instances?: number } = {},
): Promise<{ servers: Servers; store: Store; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'scentry-harness-'));
  const count = options.instances ?? 1;
  const shared = options.databaseUrl
    ? {
        DATABASE_URL: options.databaseUrl,
        DATABASE_POOL: '4',
        JWT_SECRET: randomBytes(48).toString('base64'),
        TOTP_KEY: randomBytes(32).toString('base64'),
        UPLOADS_DIR: path.join(dir, 'uploads'),
        PASS_CERT_DIR: loadPassSigner({
          dataDir: dir,
          passCertDir: undefined,
          passTypeId: 'pass.local.scentry',
          passTeamId: 'SCENTRYDEV',
          passKeyPassphrase: undefined,
        }).dir,
      }
    : {};
  const envs = await Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      ...shared,
      PORT: await freePort(),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, `data-${i}`),
      ADMIN_EMAIL: HARNESS_ADMIN.email,
      ADMIN_PASSWORD: HARNESS_ADMIN.password,
      SEED_DEMO: 'on',
      RATE_LIMITS: 'off',
      SMTP_URL: smtpUrl,
      EMAIL_RECIPIENTS_PER_ADDRESS: '0',
      LOG_LEVEL: 'warn',
    })),
  );
  const start = async (i: number) => {
    const s = launchServer({ env: envs[i], output: 'capture' });
    await s.waitReady({ timeoutMs: 60_000 });
    return s;
  };
  // One after another: the first migrates and seeds, the next finds it done.
  const running: ServerProcess[] = [];
  for (let i = 0; i < count; i++) running.push(await start(i));
  const servers: Servers = {
    urls: () => running.map((s) => s.url),
    async killAndRestart(rng) {
      const i = Math.floor(rng() * count);
      running[i]?.child.kill('SIGKILL');
      await running[i]?.exited;
      running[i] = await start(i);
    },
  };
  let store: Store;
  let close: () => Promise<void>;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
    store = {
      rows: async <T>(query: string, ...params: unknown[]) => {
        let n = 0;
        return (
          await pool.query(
            query.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows as T[];
      },
      answersLength: 'json_array_length(a.answers::json)',
      flushTallies: async () => {},
    };
    close = () => pool.end();
  } else {
    const require = createRequire(path.join(SERVER_DIR, 'package.json'));
    const Sqlite = require('better-sqlite3');
    // Read and write: the tallies' pending results are flushed as the server's readers flush them.
    const db = new Sqlite(path.join(envs[0]?.DATA_DIR as string, 'scentry.db'));
    db.pragma('busy_timeout = 5000');
    store = {
      rows: async <T>(query: string, ...params: unknown[]) => db.prepare(query).all(...params) as T[],
      answersLength: 'json_array_length(a.answers)',
      flushTallies: async () => {
        db.prepare('insert into kit_tallies_flushes (n) values (1)').run();
      },
    };
    close = async () => db.close();
  }
  return {
    servers,
    store,
    stop: async () => {
      await close();
      for (const s of running) await s.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The harness's test on SQLite for the seeds ≡ `part` (mod 2): two test files run it for the odd and
 * the even seeds, in parallel (each process holds two devices' databases at a time).
 */
export function describeSqliteHarness(part: number): void {
  describe(`fault harness on SQLite (seeds ≡ ${part} mod 2)`, () => {
    let smtp: TestSmtp;
    let server: Awaited<ReturnType<typeof harnessServers>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      server = await harnessServers(smtp.url);
    }, 90_000);
    afterAll(async () => {
      await server?.stop();
      await smtp?.close();
    });

    it('every document a device kept is stored once, unchanged; gaps are exactly what devices lost; tallies recount', async () => {
      const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address)).length;
      const ctx = await harnessContext(server.servers, server.store, HARNESS_ADMIN, mailsTo, { killEvery: 3 });
      const outcomes = await runSeeds(ctx, seedsToRun(30, part, 2));
      if (!process.env.FAULT_SEEDS) expectFaultsInjected(outcomes, 5);
    }, 240_000);
  });
}
