import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_MS, idleTimes, startIdleTimer, WARN_BEFORE_MS } from './idle';

describe('the idle reset', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(idleMs = IDLE_MS, warnMs = WARN_BEFORE_MS) {
    const target = new EventTarget();
    const calls: string[] = [];
    const timer = startIdleTimer({
      idleMs,
      warnMs,
      target,
      onWarn: () => calls.push('warn'),
      onIdle: () => calls.push('idle'),
      onBack: () => calls.push('back'),
    });
    return { target, calls, timer };
  }

  it('warns 15 s before the two minutes, then ends the turn', () => {
    const { calls } = setup();
    vi.advanceTimersByTime(IDLE_MS - WARN_BEFORE_MS - 1);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['warn']);
    vi.advanceTimersByTime(WARN_BEFORE_MS - 1);
    expect(calls).toEqual(['warn']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['warn', 'idle']);
    // Once ended, it stays ended.
    vi.advanceTimersByTime(IDLE_MS * 2);
    expect(calls).toEqual(['warn', 'idle']);
  });

  it('starts counting again at each touch, key or scroll', () => {
    const { target, calls } = setup();
    for (const type of ['pointerdown', 'keydown', 'scroll']) {
      vi.advanceTimersByTime(IDLE_MS - WARN_BEFORE_MS - 1000);
      target.dispatchEvent(new Event(type));
    }
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(IDLE_MS);
    expect(calls).toEqual(['warn', 'idle']);
  });

  it("takes the warning back when someone answers it (I'm still here), and counts the full time again", () => {
    const { target, calls } = setup();
    vi.advanceTimersByTime(IDLE_MS - WARN_BEFORE_MS);
    expect(calls).toEqual(['warn']);
    target.dispatchEvent(new Event('pointerdown'));
    expect(calls).toEqual(['warn', 'back']);
    vi.advanceTimersByTime(IDLE_MS - WARN_BEFORE_MS - 1);
    expect(calls).toEqual(['warn', 'back']);
    vi.advanceTimersByTime(WARN_BEFORE_MS + 1);
    expect(calls).toEqual(['warn', 'back', 'warn', 'idle']);
  });

  it('stops listening when stopped (the turn ended another way)', () => {
    const { target, calls, timer } = setup();
    timer.stop();
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(IDLE_MS * 2);
    expect(calls).toEqual([]);
  });

  it('is two minutes with a 15 s warning, or the test-only setting with the warning at the same share', () => {
    expect(idleTimes(undefined)).toEqual({ idleMs: 120_000, warnMs: 15_000 });
    expect(idleTimes('fast')).toEqual({ idleMs: 120_000, warnMs: 15_000 });
    expect(idleTimes(8000)).toEqual({ idleMs: 8000, warnMs: 1000 });
    expect(idleTimes(8000, 3000)).toEqual({ idleMs: 8000, warnMs: 3000 });
    // The warning's own setting alone changes nothing: the real two minutes keep their 15 s.
    expect(idleTimes(undefined, 3000)).toEqual({ idleMs: 120_000, warnMs: 15_000 });
  });
});
