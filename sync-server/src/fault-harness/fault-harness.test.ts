import type { KitDoc } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../test/mail';
import { type HarnessContext, runSeed, type SeedOutcome } from './harness';
import { HARNESS_ADMIN, sqliteServer } from './sqlite-servers';

/**
 * The fault harness on SQLite (issue 43): `FAULT_SEEDS` seeds (30 by default; a number, or a
 * list `3,17`, or a range `0-99`), each 20 devices running the PWA's own sync code against the
 * real server through a proxy that drops, cuts, fails, throttles and delays; every third seed kills
 * the server with SIGKILL. A failure names its seed.
 */
export function seedsToRun(fallback: number): number[] {
  const spec = process.env.FAULT_SEEDS?.trim();
  if (!spec) return Array.from({ length: fallback }, (_, i) => i + 1);
  if (/^\d+$/.test(spec) && !spec.includes(',')) {
    const n = Number(spec);
    // A count above the default runs that many seeds; a small number names one seed.
    return n > fallback ? Array.from({ length: n }, (_, i) => i + 1) : [n];
  }
  return spec.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined
      ? [a as number]
      : Array.from({ length: (b as number) - (a as number) + 1 }, (_, i) => (a as number) + i);
  });
}

describe('fault harness (SQLite)', () => {
  let smtp: TestSmtp;
  let server: Awaited<ReturnType<typeof sqliteServer>>;
  let ctx: HarnessContext;
  const t0 = Date.now();
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await sqliteServer(smtp.url);
    const base = server.servers.urls()[0];
    const signIn = await fetch(`${base}/api/User/Authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: HARNESS_ADMIN.email, Password: HARNESS_ADMIN.password }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const pulled = await fetch(`${base}/api/sync/kits/pull`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ codes: ['DEMO1'] }),
    });
    const kit = ((await pulled.json()) as { data: { documents: KitDoc[] } }).data.documents[0] as KitDoc;
    ctx = {
      servers: server.servers,
      store: server.store,
      kit,
      adminToken: token,
      mailsTo: (address) => smtp.received.filter((m) => m.envelopeTo.includes(address)).length,
      killEvery: 3,
      devices: 20,
    };
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('every document a device kept is stored once, unchanged; gaps are exactly what a cleared device lost; tallies recount', async () => {
    const outcomes: SeedOutcome[] = [];
    for (const seed of seedsToRun(30)) outcomes.push(await runSeed(ctx, seed, t0));
    const faults = outcomes.reduce<Record<string, number>>((sum, o) => {
      for (const [k, v] of Object.entries(o.faults)) sum[k] = (sum[k] ?? 0) + v;
      return sum;
    }, {});
    // The schedule did inject every kind of fault (a harness that injected none would pass anyway).
    if (!process.env.FAULT_SEEDS) {
      for (const f of ['dropBefore', 'dropAfter', 'cut', 'error500', 'throttled', 'delay'])
        expect(faults[f], f).toBeGreaterThan(5);
      expect(outcomes.filter((o) => o.killed).length).toBeGreaterThanOrEqual(10);
      // Cleared devices did lose numbered documents the screen shows (not only ones made after a report).
      expect(outcomes.filter((o) => o.gaps > 0).length).toBeGreaterThanOrEqual(3);
    }
    console.log(
      `[fault harness] ${outcomes.length} seeds, ${outcomes.reduce((n, o) => n + o.made, 0)} documents, ${outcomes.reduce((n, o) => n + o.gaps, 0)} gaps shown, faults ${JSON.stringify(faults)}`,
    );
  }, 240_000);
});
