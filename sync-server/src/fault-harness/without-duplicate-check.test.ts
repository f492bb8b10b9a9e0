import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../test/mail';
import { harnessContext, runSeed } from './harness';
import { HARNESS_ADMIN, harnessServers } from './servers';

/**
 * The harness can fail. Here the server does not recognise a resend: every result pushed again
 * reaches it under an id it never had (the test's proxy renames it on the way, so the duplicate
 * check in the server has nothing to find; nothing that ships can turn the check off). The harness
 * must fail, naming the seed.
 */
describe('the fault harness against a server without the duplicate check', () => {
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

  it('fails, naming the seed', async () => {
    const seen = new Set<string>();
    /** A result id pushed before goes again as a new one. */
    const withoutDuplicateCheck = (path: string, body: Buffer): Buffer => {
      if (path !== '/api/sync/results/push') return body;
      const rows = JSON.parse(body.toString('utf8')) as { newDocumentState: { id: string } }[];
      for (const row of rows) {
        const id = row.newDocumentState.id;
        if (seen.has(id)) row.newDocumentState.id = randomUUID();
        else seen.add(id);
      }
      return Buffer.from(JSON.stringify(rows));
    };
    const ctx = await harnessContext(server.servers, server.store, HARNESS_ADMIN, () => 0, {
      killEvery: 1_000_000,
      devices: 6,
    });
    ctx.mutate = withoutDuplicateCheck;
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
    expect(failure?.message).toMatch(
      new RegExp(`^fault harness seed ${failedSeed} \\(FAULT_SEEDS=${failedSeed}\\): result .* stored [2-9] times`),
    );
    console.log(`[fault harness] without the duplicate check: ${failure?.message}`);
  }, 120_000);
});
