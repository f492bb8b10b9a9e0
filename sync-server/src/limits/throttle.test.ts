import { describe, expect, it } from 'vitest';
import { Throttle } from './throttle';

describe('Throttle: a token bucket that counts work', () => {
  it('takes a cost whole or not at all, and says when the missing tokens will be there', () => {
    let now = 0;
    const throttle = new Throttle({ limit: 150, windowMs: 60_000 }, () => now);
    expect(throttle.take('a', 100)).toEqual({ ok: true });
    // 50 left; 50 more at 2.5 a second: 20 s.
    expect(throttle.take('a', 100)).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(throttle.take('a', 50)).toEqual({ ok: true });
    expect(throttle.peek('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 20_000;
    expect(throttle.peek('a')).toEqual({ ok: true });
    expect(throttle.take('a', 51)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(throttle.take('a', 50)).toEqual({ ok: true });
    expect(throttle.take('b', 1)).toEqual({ ok: true });
  });

  it('never refuses forever: a cost above the limit is taken as the limit', () => {
    let now = 0;
    const throttle = new Throttle({ limit: 10, windowMs: 10_000 }, () => now);
    expect(throttle.take('a', 11)).toEqual({ ok: true });
    expect(throttle.take('a', 11)).toEqual({ ok: false, retryAfterSeconds: 10 });
    now = 10_000;
    expect(throttle.take('a', 11)).toEqual({ ok: true });
  });

  it('peeks without taking', () => {
    const throttle = new Throttle({ limit: 1, windowMs: 1_000 }, () => 0);
    expect(throttle.peek('a')).toEqual({ ok: true });
    expect(throttle.peek('a')).toEqual({ ok: true });
    expect(throttle.take('a')).toEqual({ ok: true });
    expect(throttle.peek('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});
