import { describe, expect, it } from 'vitest';
import { addressKey } from './address';
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

const limits = (perAddress: number, perAccount = 1000) => ({ perAddress, perAccount, windowMs: 15 * MINUTE });

/** n attempts that all fail (never settled): how many were let through. */
function failN(limiter: LoginLimiter, n: number, email: string, address: string): number {
  let allowed = 0;
  for (let i = 0; i < n; i++) if (limiter.begin(email, address)) allowed++;
  return allowed;
}

describe('LoginLimiter', () => {
  it('lets 10 attempts of one e-mail and address through, counted before any is checked, then no more', () => {
    const limiter = new LoginLimiter(limits(10), clock().now);
    // 60 at once, none settled yet (the password checks are all still running).
    expect(failN(limiter, 60, 'a@x.test', '10.0.0.1')).toBe(10);
  });

  it('keys by e-mail and address: others go on', () => {
    const limiter = new LoginLimiter(limits(3), clock().now);
    failN(limiter, 3, 'a@x.test', '10.0.0.1');
    expect(limiter.begin('a@x.test', '10.0.0.1')).toBeUndefined();
    expect(limiter.begin('b@x.test', '10.0.0.1')).toBeDefined();
    expect(limiter.begin('a@x.test', '10.0.0.2')).toBeDefined();
  });

  it('compares e-mails ignoring case and surrounding spaces', () => {
    const limiter = new LoginLimiter(limits(2), clock().now);
    limiter.begin('Alice@X.test', '10.0.0.1');
    limiter.begin(' alice@x.TEST ', '10.0.0.1');
    expect(limiter.begin('ALICE@x.test', '10.0.0.1')).toBeUndefined();
  });

  it('stops an account guessed from many addresses at 30, whatever the address', () => {
    const limiter = new LoginLimiter(limits(10, 30), clock().now);
    let allowed = 0;
    for (let i = 0; i < 100; i++) if (limiter.begin('victim@x.test', `198.51.100.${i}`)) allowed++;
    expect(allowed).toBe(30);
    expect(limiter.begin('victim@x.test', '203.0.113.9')).toBeUndefined();
    expect(limiter.begin('other@x.test', '203.0.113.9')).toBeDefined();
  });

  it('a success clears its pair and takes its own attempt back from the account', () => {
    const limiter = new LoginLimiter(limits(3, 4), clock().now);
    failN(limiter, 2, 'a@x.test', '10.0.0.1');
    limiter.begin('a@x.test', '10.0.0.1')?.succeeded();
    // The pair starts again: three more attempts; the account holds the two failures plus these.
    expect(failN(limiter, 5, 'a@x.test', '10.0.0.1')).toBe(2);
  });

  it('forgets attempts older than the window', () => {
    const c = clock();
    const limiter = new LoginLimiter(limits(2), c.now);
    failN(limiter, 2, 'a@x.test', '10.0.0.1');
    expect(limiter.begin('a@x.test', '10.0.0.1')).toBeUndefined();
    c.advance(15 * MINUTE + 1);
    expect(limiter.begin('a@x.test', '10.0.0.1')).toBeDefined();
  });
});

describe('addressKey', () => {
  it('keeps IPv4 as it is and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however it is written', () => {
    const a = addressKey('2001:db8:85a3:42::1');
    expect(a).toBe('2001:db8:85a3:42::/64');
    expect(addressKey('2001:0db8:85a3:0042:ffff:eeee:dddd:cccc')).toBe(a);
    expect(addressKey('2001:db8:85a3:42:1:2:3:4')).toBe(a);
    expect(addressKey('2001:db8:85a3:43::1')).not.toBe(a);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
