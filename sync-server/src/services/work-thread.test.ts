import { unzipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDevelopmentChain, type PassCertificates } from './pass-certs';
import { createWorkThread, type WorkThread } from './work-thread';

const passJson = (serialNumber: string) => ({
  formatVersion: 1,
  passTypeIdentifier: 'pass.local.scentry',
  teamIdentifier: 'SCENTRYDEV',
  serialNumber,
  organizationName: 'Scentry',
  description: 'Smell screening result',
  generic: { primaryFields: [{ key: 'result', label: 'RESULT', value: 'Pass' }] },
});

const serialOf = (bytes: Buffer): string =>
  JSON.parse(Buffer.from(unzipSync(new Uint8Array(bytes))['pass.json']).toString('utf8')).serialNumber;

describe('the work thread', () => {
  let certificates: PassCertificates;
  let signing: WorkThread | undefined;
  const sign = (json: Record<string, unknown>) =>
    signing?.run('pass', { passJson: json, certificates }) as Promise<Buffer>;

  beforeAll(() => {
    certificates = createDevelopmentChain('pass.local.scentry', 'SCENTRYDEV');
  });
  afterEach(async () => {
    await signing?.close();
    signing = undefined;
  });

  it('starts no worker before the first pass, and signs passes in the order asked', async () => {
    signing = createWorkThread();
    expect(signing.running).toBe(false);
    const passes = await Promise.all(['a', 'b', 'c'].map((s) => sign(passJson(s))));
    expect(signing.running).toBe(true);
    expect(passes.map((p) => serialOf(p as Buffer))).toEqual(['a', 'b', 'c']);
  });

  it('never blocks the caller: the event loop turns before the first of 20 passes is signed', async () => {
    signing = createWorkThread();
    await sign(passJson('warm-up')); // the worker is up: only signing is measured
    const order: string[] = [];
    const tick = new Promise<void>((resolve) => setImmediate(resolve)).then(() => order.push('tick'));
    const passes = Array.from({ length: 20 }, (_, i) => sign(passJson(`p${i}`)).then(() => order.push(`pass ${i}`)));
    await Promise.all([tick, ...passes]);
    expect(order[0]).toBe('tick');
  });

  it('rejects a pass the library refuses, and goes on signing', async () => {
    signing = createWorkThread();
    await expect(sign({ formatVersion: 1 })).rejects.toThrow(/pass could not be made/);
    expect(serialOf(await sign(passJson('after')))).toBe('after');
  });

  it('stops the worker on close and after a quiet spell; the next pass starts a new one', async () => {
    signing = createWorkThread({ idleMs: 50 });
    await sign(passJson('one'));
    await signing.close();
    expect(signing.running).toBe(false);
    expect(serialOf(await sign(passJson('two')))).toBe('two');
    expect(signing.running).toBe(true);
    await expect.poll(() => signing?.running, { timeout: 10_000 }).toBe(false);
    expect(serialOf(await sign(passJson('three')))).toBe('three');
  });

  it('fails the passes waiting when it is closed, rather than leaving them hanging', async () => {
    signing = createWorkThread();
    const waiting = Promise.allSettled(Array.from({ length: 5 }, (_, i) => sign(passJson(`w${i}`))));
    await signing.close();
    const outcomes = await waiting;
    expect(outcomes.some((o) => o.status === 'rejected')).toBe(true);
  });

  it('draws report PDFs with the shared layout, between passes', async () => {
    signing = createWorkThread();
    const [pdf, pass] = await Promise.all([
      signing.run('questionnaire', {
        model: {
          resultId: '0f0e1849-5c1e-4b7a-9d2e-3f4a5b6c7d8e',
          playerName: 'Ada Lovelace',
          answeredAt: '2026-11-25T20:00:00.000Z',
          kitName: 'DEMO1',
          answers: [{ question: 'Fever?', answer: 'No' }],
        },
        language: 'en',
      }),
      sign(passJson('between')),
    ]);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(serialOf(pass)).toBe('between');
  });
});
