import { describe, expect, it } from 'vitest';
import { addressKey } from '../lib/address';
import { clock, limits } from '../test/clock';
import { LoginLimiter } from './login-limiter';

const MINUTE = 60 * 1000;

/** n attempts that all fail (never settled): how many were let through. */
function failN(limiter: LoginLimiter, n: number, email: string, address: string, device?: string): number {
  let allowed = 0;
  for (let i = 0; i < n; i++) if (limiter.begin({ email, address, device }).ok) allowed++;
  return allowed;
}

const allowed = (limiter: LoginLimiter, email: string, address: string, device?: string) =>
  limiter.begin({ email, address, device }).ok;

function succeed(limiter: LoginLimiter, email: string, address: string, device?: string): void {
  const began = limiter.begin({ email, address, device });
  if (!began.ok) throw new Error('refused');
  began.attempt.succeeded();
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
    expect(allowed(limiter, 'a@x.test', '10.0.0.1')).toBe(false);
    expect(allowed(limiter, 'b@x.test', '10.0.0.1')).toBe(true);
    expect(allowed(limiter, 'a@x.test', '10.0.0.2')).toBe(true);
  });

  it('compares e-mails ignoring case and surrounding spaces', () => {
    const limiter = new LoginLimiter(limits(2), clock().now);
    limiter.begin({ email: 'Alice@X.test', address: '10.0.0.1' });
    limiter.begin({ email: ' alice@x.TEST ', address: '10.0.0.1' });
    expect(allowed(limiter, 'ALICE@x.test', '10.0.0.1')).toBe(false);
  });

  it('stops an account guessed from many addresses at 30, whatever the address', () => {
    const limiter = new LoginLimiter(limits(10, 30), clock().now);
    let n = 0;
    for (let i = 0; i < 100; i++) if (allowed(limiter, 'victim@x.test', `198.51.100.${i}`)) n++;
    expect(n).toBe(30);
    expect(allowed(limiter, 'victim@x.test', '203.0.113.9')).toBe(false);
    expect(allowed(limiter, 'other@x.test', '203.0.113.9')).toBe(true);
  });

  it('stops one address trying many e-mails at 50 (spraying), and only that address', () => {
    const limiter = new LoginLimiter(limits(10, 30, 50), clock().now);
    let n = 0;
    for (let i = 0; i < 120; i++) if (allowed(limiter, `user${i}@x.test`, '203.0.113.9')) n++;
    expect(n).toBe(50);
    expect(allowed(limiter, 'user1@x.test', '198.51.100.1')).toBe(true);
  });

  it('a success takes back only its own attempt: the failures before it stay counted', () => {
    const limiter = new LoginLimiter(limits(3, 4), clock().now);
    failN(limiter, 2, 'a@x.test', '10.0.0.1');
    succeed(limiter, 'a@x.test', '10.0.0.1');
    // The pair still holds its two failures: one more attempt fits, then none.
    expect(failN(limiter, 5, 'a@x.test', '10.0.0.1')).toBe(1);
  });

  it("a success never takes back others' failures: not on the account, not on the address", () => {
    const limiter = new LoginLimiter(limits(10, 5, 6), clock().now);
    failN(limiter, 4, 'victim@x.test', '198.51.100.1');
    failN(limiter, 5, 'other@x.test', '203.0.113.9');
    // The victim signs in from elsewhere; the attacker signs in to their own account from their address.
    succeed(limiter, 'victim@x.test', '192.0.2.1');
    succeed(limiter, 'mine@x.test', '203.0.113.9');
    expect(failN(limiter, 5, 'victim@x.test', '192.0.2.2')).toBe(1);
    expect(failN(limiter, 5, 'third@x.test', '203.0.113.9')).toBe(1);
  });

  it('counts a device-token attempt only under its device, which no other count refuses', () => {
    const limiter = new LoginLimiter(limits(10, 30, 50, 10), clock().now);
    for (let i = 0; i < 3; i++) failN(limiter, 10, 'victim@x.test', `198.51.100.${i}`);
    expect(allowed(limiter, 'victim@x.test', '192.0.2.1')).toBe(false);
    expect(allowed(limiter, 'victim@x.test', '192.0.2.1', '7:device')).toBe(true);
    // Its own limit: 10 in all (one already taken).
    expect(failN(limiter, 20, 'victim@x.test', '192.0.2.1', '7:device')).toBe(9);
    expect(allowed(limiter, 'victim@x.test', '192.0.2.1', '7:other-device')).toBe(true);
    // Its failures did not count on the account's or the address's limits.
    expect(allowed(limiter, 'someone@x.test', '192.0.2.1')).toBe(true);
  });

  it('a refusal says how long until one more attempt fits', () => {
    const c = clock();
    const limiter = new LoginLimiter(limits(2), c.now);
    limiter.begin({ email: 'a@x.test', address: '10.0.0.1' });
    c.advance(5 * MINUTE);
    limiter.begin({ email: 'a@x.test', address: '10.0.0.1' });
    expect(limiter.begin({ email: 'a@x.test', address: '10.0.0.1' })).toEqual({
      ok: false,
      retryAfterSeconds: 10 * 60,
    });
  });

  it('forgets attempts older than the window', () => {
    const c = clock();
    const limiter = new LoginLimiter(limits(2), c.now);
    failN(limiter, 2, 'a@x.test', '10.0.0.1');
    expect(allowed(limiter, 'a@x.test', '10.0.0.1')).toBe(false);
    c.advance(15 * MINUTE + 1);
    expect(allowed(limiter, 'a@x.test', '10.0.0.1')).toBe(true);
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
