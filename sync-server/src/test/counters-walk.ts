// A fixed pseudo-random walk over a Counters store beside MemoryCounters (takes of various costs,
// peeks, hits under shared keys, forgets), for the database store's tests on either engine.
import { expect } from 'vitest';
import { type Counters, MemoryCounters, type Taken } from '../limits/counters';

/** Runs `steps` steps from `seed` on `stored` and on a MemoryCounters, expecting the same answer at each. */
export async function expectSameAsMemory(stored: Counters, steps: number, seed: number): Promise<void> {
  const memory = new MemoryCounters();
  const rate = { limit: 5, windowMs: 10_000 };
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  let now = 1_700_000_000_000;
  const hitTimes: number[] = [];
  for (let step = 0; step < steps; step++) {
    now += next(4) * 700;
    const key = `k${next(3)}`;
    const op = next(4);
    let a: Taken | undefined;
    let b: Taken | undefined;
    if (op === 0) {
      const cost = 1 + next(6);
      a = memory.take(key, rate, cost, now);
      b = await stored.take(key, rate, cost, now);
    } else if (op === 1) {
      a = memory.peek(key, rate, now);
      b = await stored.peek(key, rate, now);
    } else if (op === 2) {
      const keys = [
        { key: `h${key}`, limit: 3 },
        { key: 'hall', limit: 6 },
      ];
      a = memory.hit(keys, 10_000, now);
      b = await stored.hit(keys, 10_000, now);
      if (a.ok) hitTimes.push(now);
    } else if (hitTimes.length) {
      const at = hitTimes.splice(next(hitTimes.length), 1)[0];
      memory.forget([`h${key}`, 'hall'], 10_000, at);
      await stored.forget([`h${key}`, 'hall'], 10_000, at);
    }
    expect(b, `step ${step}`).toEqual(a);
  }
}
