import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

const MINUTE = 60 * 1000;

function clock(start = 1_700_000_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('LoginLimiter', () => {
  it('blocks after 10 failures for one e-mail and address, not before', () => {
    const c = clock();
    const limiter = new LoginLimiter(10, 15 * MINUTE, c.now);
    for (let i = 0; i < 9; i++) limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(false);
    limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(true);
  });

  it('keys by e-mail and address: others are not blocked', () => {
    const limiter = new LoginLimiter(3, 15 * MINUTE, clock().now);
    for (let i = 0; i < 3; i++) limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(true);
    expect(limiter.isBlocked('b@x.test', '10.0.0.1')).toBe(false);
    expect(limiter.isBlocked('a@x.test', '10.0.0.2')).toBe(false);
  });

  it('compares e-mails ignoring case and surrounding spaces', () => {
    const limiter = new LoginLimiter(2, 15 * MINUTE, clock().now);
    limiter.fail('Alice@X.test', '10.0.0.1');
    limiter.fail(' alice@x.TEST ', '10.0.0.1');
    expect(limiter.isBlocked('ALICE@x.test', '10.0.0.1')).toBe(true);
  });

  it('forgets failures once they leave the 15-minute window', () => {
    const c = clock();
    const limiter = new LoginLimiter(10, 15 * MINUTE, c.now);
    for (let i = 0; i < 10; i++) limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(true);
    c.advance(15 * MINUTE - 1);
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(true);
    c.advance(1);
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(false);
  });

  it('uses a sliding window: only the recent failures count', () => {
    const c = clock();
    const limiter = new LoginLimiter(10, 15 * MINUTE, c.now);
    for (let i = 0; i < 5; i++) limiter.fail('a@x.test', '10.0.0.1');
    c.advance(10 * MINUTE);
    for (let i = 0; i < 5; i++) limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(true);
    // The first five expire; the last five remain.
    c.advance(5 * MINUTE);
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(false);
    for (let i = 0; i < 4; i++) limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(false);
    limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(true);
  });

  it('clears the count on success', () => {
    const limiter = new LoginLimiter(10, 15 * MINUTE, clock().now);
    for (let i = 0; i < 9; i++) limiter.fail('a@x.test', '10.0.0.1');
    limiter.succeed('A@X.test', '10.0.0.1');
    for (let i = 0; i < 9; i++) limiter.fail('a@x.test', '10.0.0.1');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(false);
  });

  it('success from one address does not clear another address', () => {
    const limiter = new LoginLimiter(2, 15 * MINUTE, clock().now);
    limiter.fail('a@x.test', '10.0.0.1');
    limiter.fail('a@x.test', '10.0.0.1');
    limiter.succeed('a@x.test', '10.0.0.2');
    expect(limiter.isBlocked('a@x.test', '10.0.0.1')).toBe(true);
  });
});
