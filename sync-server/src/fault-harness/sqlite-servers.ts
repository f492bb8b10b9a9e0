import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ServerProcess } from '../../../scripts/lib/server.d.mts';
import { freePort, launchServer, SERVER_DIR } from '../../../scripts/lib/server.mjs';
import { startSmtp, type TestSmtp } from '../test/mail';
import { expectFaultsInjected, harnessContext, runSeeds, type Servers, type Store, seedsToRun } from './harness';

export const HARNESS_ADMIN = { email: 'admin@harness.example', password: 'Harness-Pass-1' };

/** The real server on SQLite, as `npm start` runs it, in a child process that a seed may kill -9. */
export async function sqliteServer(
  smtpUrl: string,
): Promise<{ servers: Servers; store: Store; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'scentry-harness-'));
  const port = await freePort();
  const env = {
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    ADMIN_EMAIL: HARNESS_ADMIN.email,
    ADMIN_PASSWORD: HARNESS_ADMIN.password,
    SEED_DEMO: 'on',
    RATE_LIMITS: 'off',
    SMTP_URL: smtpUrl,
    EMAIL_RECIPIENTS_PER_ADDRESS: '0',
    LOG_LEVEL: 'warn',
  };
  const start = async () => {
    const s = launchServer({ env, output: 'capture' });
    await s.waitReady({ timeoutMs: 60_000 });
    return s;
  };
  let server: ServerProcess = await start();
  const require = createRequire(path.join(SERVER_DIR, 'package.json'));
  const Sqlite = require('better-sqlite3');
  const db = new Sqlite(path.join(dir, 'scentry.db'), { readonly: true });
  db.pragma('busy_timeout = 5000');
  return {
    servers: {
      urls: () => [server.url],
      async killAndRestart() {
        server.child.kill('SIGKILL');
        await server.exited;
        server = await start();
      },
    },
    store: {
      rows: async <T>(query: string, ...params: unknown[]) => db.prepare(query).all(...params) as T[],
      answersLength: 'json_array_length(a.answers)',
    },
    stop: async () => {
      db.close();
      await server.stop();
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
    let server: Awaited<ReturnType<typeof sqliteServer>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      server = await sqliteServer(smtp.url);
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
