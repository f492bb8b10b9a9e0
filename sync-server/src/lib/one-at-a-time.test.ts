import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

describe('oneAtATime', () => {
  it('runs batches one after the other, in order, each with its own result or error', async () => {
    const inTurn = oneAtATime();
    const log: string[] = [];
    const job = (name: string, fail = false) =>
      inTurn(async () => {
        log.push(`start ${name}`);
        await Promise.resolve();
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a'), job('b', true), job('c')]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets what came in meanwhile run between two batches', async () => {
    const inTurn = oneAtATime();
    const log: string[] = [];
    const first = inTurn(async () => {
      // Another request arriving while this batch runs.
      setImmediate(() => log.push('other request'));
      log.push('batch 1');
    });
    const second = inTurn(async () => {
      log.push('batch 2');
    });
    await Promise.all([first, second]);
    expect(log).toEqual(['batch 1', 'other request', 'batch 2']);
  });
});
