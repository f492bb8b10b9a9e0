import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, useTestApp } from '../test/helpers';
import { startSmtp, type TestSmtp } from '../test/mail';
import { harnessContext, runSeed } from './harness';

/**
 * The harness can fail: a server built here without the duplicate check (a resent result is stored
 * again, under an id of its own, instead of being taken as the one it has) must be caught,
 * the failure naming its seed. The swap is this file's `vi.mock`: nothing that ships can turn the
 * check off.
 */
vi.mock('../services/results', async (original) => {
  const real = await original<typeof import('../services/results')>();
  return {
    ...real,
    // A resend the server recognised is stored again, as a server that did not look would.
    submitResult: async (db: Parameters<typeof real.submitResult>[0], doc: Parameters<typeof real.submitResult>[1]) => {
      const result = await real.submitResult(db, doc);
      return result.outcome === 'duplicate' ? real.submitResult(db, { ...doc, id: randomUUID(), seq: null }) : result;
    },
  };
});

describe('the fault harness against a server without the duplicate check', () => {
  let smtp: TestSmtp;
  const t = useTestApp({ env: { SEED_DEMO: 'on', RATE_LIMITS: 'off', EMAIL_RECIPIENTS_PER_ADDRESS: '0' } });
  let url = '';
  beforeAll(async () => {
    smtp = await startSmtp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('fails, naming the seed', async () => {
    const servers = {
      urls: () => [url],
      killAndRestart: async () => {},
    };
    // The server's SQLite file, read as the harness reads it (snake_case, as stored).
    const db = new Sqlite(path.join(t.app.config.dataDir, 'scentry.db'), { readonly: true });
    const store = {
      rows: async <T>(query: string, ...params: unknown[]) => db.prepare(query).all(...params) as T[],
      answersLength: 'json_array_length(a.answers)',
    };
    const ctx = await harnessContext(
      servers,
      store,
      { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD },
      () => 0,
      {
        killEvery: 1_000_000,
        devices: 6,
      },
    );
    // A seed whose faults lose a reply after the server stored a result: the resend is stored again.
    let failure: Error | undefined;
    let failedSeed = 0;
    for (let seed = 1; seed <= 8 && !failure; seed++) {
      try {
        await runSeed(ctx, seed, Date.now());
      } catch (err) {
        failure = err as Error;
        failedSeed = seed;
      }
    }
    db.close();
    expect(failure?.message).toMatch(
      new RegExp(`^fault harness seed ${failedSeed} \\(FAULT_SEEDS=${failedSeed}\\): result .* stored [2-9] times`),
    );
    console.log(`[fault harness] without the duplicate check: ${failure?.message}`);
  }, 120_000);
});
