import { unzipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDevelopmentChain, type PassCertificates } from './pass-certs';
import { createPassSigning, type PassSigning } from './pass-signing';

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

describe('pass signing in a worker thread', () => {
  let certificates: PassCertificates;
  let signing: PassSigning | undefined;

  beforeAll(() => {
    certificates = createDevelopmentChain('pass.local.scentry', 'SCENTRYDEV');
  });
  afterEach(async () => {
    await signing?.close();
    signing = undefined;
  });

  it('starts no worker before the first pass, and signs passes in the order asked', async () => {
    signing = createPassSigning({ certificates });
    expect(signing.running).toBe(false);
    const passes = await Promise.all(['a', 'b', 'c'].map((s) => signing?.sign(passJson(s))));
    expect(signing.running).toBe(true);
    expect(passes.map((p) => serialOf(p as Buffer))).toEqual(['a', 'b', 'c']);
  });

  it('never blocks the caller: the event loop turns before the first of 20 passes is signed', async () => {
    signing = createPassSigning({ certificates });
    await signing.sign(passJson('warm-up')); // the worker is up: only signing is measured
    const order: string[] = [];
    const tick = new Promise<void>((resolve) => setImmediate(resolve)).then(() => order.push('tick'));
    const passes = Array.from({ length: 20 }, (_, i) =>
      signing?.sign(passJson(`p${i}`)).then(() => order.push(`pass ${i}`)),
    );
    await Promise.all([tick, ...passes]);
    expect(order[0]).toBe('tick');
  });

  it('rejects a pass the library refuses, and goes on signing', async () => {
    signing = createPassSigning({ certificates });
    await expect(signing.sign({ formatVersion: 1 })).rejects.toThrow(/could not be signed/);
    expect(serialOf(await signing.sign(passJson('after')))).toBe('after');
  });

  it('stops the worker on close and after a quiet spell; the next pass starts a new one', async () => {
    signing = createPassSigning({ certificates, idleMs: 50 });
    await signing.sign(passJson('one'));
    await signing.close();
    expect(signing.running).toBe(false);
    expect(serialOf(await signing.sign(passJson('two')))).toBe('two');
    expect(signing.running).toBe(true);
    await expect.poll(() => signing?.running, { timeout: 10_000 }).toBe(false);
    expect(serialOf(await signing.sign(passJson('three')))).toBe('three');
  });

  it('fails the passes waiting when it is closed, rather than leaving them hanging', async () => {
    signing = createPassSigning({ certificates });
    const waiting = Promise.allSettled(Array.from({ length: 5 }, (_, i) => signing?.sign(passJson(`w${i}`))));
    await signing.close();
    const outcomes = await waiting;
    expect(outcomes.some((o) => o.status === 'rejected')).toBe(true);
  });
});
