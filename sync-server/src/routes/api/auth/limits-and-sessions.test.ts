import { MSG } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../lib/password';
import { setPasswordHash } from '../../../repositories/users';
import {
  bearer,
  createUser,
  envelopeOf,
  type FixtureUser,
  makeTestApp,
  signInRequest,
  type TestApp,
  useTestApp,
} from '../../../test/helpers';

const COUNTS = '/api/TestResult/GetTestResultCounts';

describe('sign-in limits under concurrency', () => {
  const t = useTestApp();

  beforeAll(async () => {});
  afterAll(async () => {
    await t?.cleanup();
  });

  it('checks no more than 10 of 60 guesses sent at once; the right password hidden in the burst is refused', async () => {
    const victim = await createUser(t.app, { roleName: 'Admin' });
    const burst = Array.from({ length: 60 }, (_, i) =>
      signInRequest(t.app, victim.email, i === 30 ? victim.password : `Wrong-Passw0rd-${i}`, '203.0.113.50'),
    );
    const replies = await Promise.all(burst);
    const checked = replies.filter((r) => r.statusCode === 400);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(checked).toHaveLength(10);
    expect(refused).toHaveLength(50);
    expect(replies[30].statusCode).toBe(429);
    expect(replies.every((r) => r.statusCode !== 200)).toBe(true);
    for (const r of refused)
      expect(envelopeOf(r)).toEqual({ status: 'Failure', message: MSG.tooManyAttempts, error: null, data: null });
  });

  it('stops one account guessed from many addresses at 30 failures, while its owner elsewhere waits it out', async () => {
    const victim = await createUser(t.app, { roleName: 'User' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // Three guesses from each address: never near the per-address limit.
      const res = await signInRequest(t.app, victim.email, 'Wrong-Passw0rd!', `198.51.100.${Math.floor(i / 3)}`);
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect((await signInRequest(t.app, victim.email, victim.password, '192.0.2.200')).statusCode).toBe(429);
    // Another account is not held back.
    const other = await createUser(t.app, { roleName: 'User' });
    expect((await signInRequest(t.app, other.email, other.password, '198.51.100.1')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const victim = await createUser(t.app, { roleName: 'User' });
    for (let i = 1; i <= 10; i++) {
      const res = await signInRequest(t.app, victim.email, 'Wrong-Passw0rd!', `2001:db8:1:2::${i.toString(16)}`);
      expect(res.statusCode).toBe(400);
    }
    // Another address in the same /64 is the same client.
    expect((await signInRequest(t.app, victim.email, victim.password, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await signInRequest(t.app, victim.email, victim.password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });
});

describe('ChangePassword: guesses counted, sessions ended', () => {
  let t: TestApp;
  let me: FixtureUser;

  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => {
    // Its temp DATA_DIR (and on PostgreSQL its database) go with it.
    await t?.cleanup();
  });

  const signIn = async (user: FixtureUser, address = '192.0.2.10') => {
    const res = await signInRequest(t.app, user.email, user.password, address);
    expect(res.statusCode).toBe(200);
    return envelopeOf<{ token: string }>(res).data.token;
  };
  const change = (token: string, body: object, address = '192.0.2.10') =>
    t.app.inject({
      method: 'POST',
      url: '/api/User/ChangePassword',
      headers: bearer(token),
      payload: body,
      remoteAddress: address,
    });
  const counts = (token: string) => t.app.inject({ method: 'GET', url: COUNTS, headers: bearer(token) });

  it('counts wrong current passwords toward the sign-in limit', async () => {
    me = await createUser(t.app, { roleName: 'Admin' });
    const token = await signIn(me);
    const wrong = { id: me.id, oldPassword: 'Not-The-One1', newPassword: 'Brand-New1', confirmPassword: 'Brand-New1' };
    const replies = await Promise.all(Array.from({ length: 25 }, () => change(token, wrong)));
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(10);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(15);
    // The right current password is refused too while the limit holds, and so is sign-in from here.
    const right = await change(token, { ...wrong, oldPassword: me.password });
    expect(right.statusCode).toBe(429);
    expect((await signInRequest(t.app, me.email, me.password, '192.0.2.10')).statusCode).toBe(429);
  });

  it('after a change the calling token keeps working and every other token of the user answers 401', async () => {
    const user = await createUser(t.app, { roleName: 'Admin' });
    const caller = await signIn(user, '192.0.2.21');
    const phone = await signIn(user, '192.0.2.22');
    const laptop = await signIn(user, '192.0.2.23');
    const res = await change(
      caller,
      { id: user.id, oldPassword: user.password, newPassword: 'Fresh-Passw0rd', confirmPassword: 'Fresh-Passw0rd' },
      '192.0.2.21',
    );
    expect(res.statusCode).toBe(200);
    expect((await counts(caller)).statusCode).toBe(200);
    for (const other of [phone, laptop]) {
      const r = await counts(other);
      expect(r.statusCode).toBe(401);
      expect(envelopeOf(r).message).toBe(MSG.unauthorized);
    }
    // A new sign-in with the new password works alongside the kept one.
    const again = await signIn({ ...user, password: 'Fresh-Passw0rd' }, '192.0.2.24');
    expect((await counts(again)).statusCode).toBe(200);
    expect((await counts(caller)).statusCode).toBe(200);
  });

  it("after an Admin resets a user's password, all of that user's tokens answer 401", async () => {
    const user = await createUser(t.app, { roleName: 'Admin' });
    const a = await signIn(user, '192.0.2.31');
    const b = await signIn(user, '192.0.2.32');
    // What the Admin's reset does (the ResetPassword screen is still to come): a new hash, no token kept.
    await setPasswordHash(t.app.db, user.id, await hashPassword('Reset-Passw0rd'));
    for (const token of [a, b]) expect((await counts(token)).statusCode).toBe(401);
    const fresh = await signIn({ ...user, password: 'Reset-Passw0rd' }, '192.0.2.33');
    expect((await counts(fresh)).statusCode).toBe(200);
  });
});
