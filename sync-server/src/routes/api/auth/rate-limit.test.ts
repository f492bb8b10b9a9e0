import { MSG, type SessionUser } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, envelopeOf, type FixtureUser, signInRequest, useTestApp } from '../../../test/helpers';

const ATTACKER = '203.0.113.7';
const OTHER_ADDRESS = '198.51.100.20';

describe('sign-in rate limit (10 failures per e-mail per address in 15 minutes)', () => {
  const t = useTestApp();
  let victim: FixtureUser;
  let neighbour: FixtureUser;
  let spoofTarget: FixtureUser;

  beforeAll(async () => {
    [victim, neighbour, spoofTarget] = await Promise.all([
      createUser(t.app, { roleName: 'Admin' }),
      createUser(t.app, { roleName: 'User' }),
      createUser(t.app, { roleName: 'User' }),
    ]);
  });

  it('blocks the 11th attempt with 429, even with the right password', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await signInRequest(t.app, victim.email, `Wrong-Passw0rd-${i}`, ATTACKER);
      expect(res.statusCode, `attempt ${i}`).toBe(400);
      expect(envelopeOf(res).message).toBe(MSG.loginFailed);
    }
    const res = await signInRequest(t.app, victim.email, victim.password, ATTACKER);
    expect(res.statusCode).toBe(429);
    expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.tooManyAttempts, error: null, data: null });
    // Until the oldest of the 10 leaves the 15-minute window.
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('counts the e-mail ignoring case', async () => {
    const res = await signInRequest(t.app, victim.email.toUpperCase(), victim.password, ATTACKER);
    expect(res.statusCode).toBe(429);
    expect(envelopeOf(res).message).toBe(MSG.tooManyAttempts);
  });

  it('still lets another e-mail sign in from the same address', async () => {
    const res = await signInRequest(t.app, neighbour.email, neighbour.password, ATTACKER);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf<SessionUser>(res).data.id).toBe(neighbour.id);
  });

  it('does not block the same e-mail from another address', async () => {
    const res = await signInRequest(t.app, victim.email, victim.password, OTHER_ADDRESS);
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res).status).toBe('Success');
    // ...and the blocked pair stays blocked.
    const again = await signInRequest(t.app, victim.email, victim.password, ATTACKER);
    expect(again.statusCode).toBe(429);
  });

  it('a success takes back only its own attempt: the failures before it stay counted', async () => {
    for (let i = 0; i < 8; i++) await signInRequest(t.app, neighbour.email, 'Wrong-Passw0rd!', OTHER_ADDRESS);
    expect((await signInRequest(t.app, neighbour.email, neighbour.password, OTHER_ADDRESS)).statusCode).toBe(200);
    // 8 failures still counted: two more attempts fit (the success was taken back), the 11th does not.
    expect((await signInRequest(t.app, neighbour.email, 'Wrong-Passw0rd!', OTHER_ADDRESS)).statusCode).toBe(400);
    expect((await signInRequest(t.app, neighbour.email, neighbour.password, OTHER_ADDRESS)).statusCode).toBe(200);
    expect((await signInRequest(t.app, neighbour.email, 'Wrong-Passw0rd!', OTHER_ADDRESS)).statusCode).toBe(400);
    const res = await signInRequest(t.app, neighbour.email, neighbour.password, OTHER_ADDRESS);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('cannot be dodged by sending a different X-Forwarded-For each time', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/User/Authenticate',
        remoteAddress: ATTACKER,
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
        payload: { Email: spoofTarget.email, Password: `Wrong-Passw0rd-${i}` },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/Authenticate',
      remoteAddress: ATTACKER,
      headers: { 'x-forwarded-for': '192.0.2.99' },
      payload: { Email: spoofTarget.email, Password: spoofTarget.password },
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('sign-in rate limit behind a trusted reverse proxy (TRUST_PROXY)', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  let victim: FixtureUser;

  beforeAll(async () => {
    victim = await createUser(t.app, { roleName: 'User' });
  });

  const viaProxy = (clientAddress: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/User/Authenticate',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': clientAddress },
      payload: { Email: victim.email, Password: password },
    });

  it('keys by the client address the proxy reports', async () => {
    for (let i = 0; i < 10; i++) expect((await viaProxy(ATTACKER, 'Wrong-Passw0rd!')).statusCode).toBe(400);
    expect((await viaProxy(ATTACKER, victim.password)).statusCode).toBe(429);
    expect((await viaProxy(OTHER_ADDRESS, victim.password)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a CIDR list or a hop count: X-Forwarded-For believed only from a trusted proxy', () => {
  const viaProxy = (app: FastifyInstance, email: string, password: string, proxy: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/User/Authenticate',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { Email: email, Password: password },
    });

  describe('a CIDR list', () => {
    const t = useTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' } });

    it('keys by the forwarded address from a proxy in the list, by the connection otherwise', async () => {
      const victim = await createUser(t.app, { roleName: 'User' });
      // From proxies in the list (a range and a single address): keyed by the client they name.
      for (let i = 0; i < 10; i++) {
        const proxy = i % 2 ? '10.20.30.40' : '192.168.1.1';
        expect((await viaProxy(t.app, victim.email, 'Wrong-Passw0rd!', proxy, ATTACKER)).statusCode).toBe(400);
      }
      expect((await viaProxy(t.app, victim.email, victim.password, '10.1.1.1', ATTACKER)).statusCode).toBe(429);
      expect((await viaProxy(t.app, victim.email, victim.password, '10.1.1.1', OTHER_ADDRESS)).statusCode).toBe(200);
      // Not a listed proxy: its X-Forwarded-For is ignored, the connection's address counts.
      const untrusted = '192.168.1.2';
      for (let i = 1; i <= 10; i++)
        expect((await viaProxy(t.app, victim.email, 'Wrong-Passw0rd!', untrusted, `192.0.2.${i}`)).statusCode).toBe(
          400,
        );
      expect((await viaProxy(t.app, victim.email, victim.password, untrusted, '192.0.2.99')).statusCode).toBe(429);
    });
  });

  describe('a hop count', () => {
    const t = useTestApp({ env: { TRUST_PROXY: '1', HOST: '127.0.0.1' } });

    it('believes the one proxy in front (the last address it appended), not what the client wrote before it', async () => {
      const victim = await createUser(t.app, { roleName: 'User' });
      // The client forges a first entry each time; the proxy appends the real address.
      for (let i = 1; i <= 10; i++) {
        const res = await viaProxy(t.app, victim.email, 'Wrong-Passw0rd!', '127.0.0.1', `192.0.2.${i}, ${ATTACKER}`);
        expect(res.statusCode).toBe(400);
      }
      const res = await viaProxy(t.app, victim.email, victim.password, '127.0.0.1', `192.0.2.99, ${ATTACKER}`);
      expect(res.statusCode).toBe(429);
      expect((await viaProxy(t.app, victim.email, victim.password, '127.0.0.1', OTHER_ADDRESS)).statusCode).toBe(200);
    });
  });
});
