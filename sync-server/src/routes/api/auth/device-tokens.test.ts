import { MSG, type SignInReply } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  envelopeOf,
  type FixtureUser,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useTestApp,
} from '../../../test/helpers';

const WRONG = 'Wrong-Passw0rd!';

/** Authenticate from `address`, with a device token when given (`DeviceToken`, any case binds). */
function authenticate(app: FastifyInstance, email: string, password: string, address: string, deviceToken?: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/User/Authenticate',
    remoteAddress: address,
    payload: { Email: email, Password: password, ...(deviceToken === undefined ? {} : { DeviceToken: deviceToken }) },
  });
}

/** Signs in (must succeed) and returns the device token the reply carries. */
async function deviceTokenOf(app: FastifyInstance, user: FixtureUser, address: string, deviceToken?: string) {
  const res = await authenticate(app, user.email, user.password, address, deviceToken);
  expect(res.statusCode, res.body).toBe(200);
  const token = envelopeOf<SignInReply>(res).data.deviceToken;
  expect(token).toEqual(expect.any(String));
  return token;
}

/** 30 wrong passwords, 10 from each of three addresses: the account's limit is reached. */
async function lockAccount(app: FastifyInstance, user: FixtureUser, net: string) {
  for (let a = 1; a <= 3; a++)
    for (let i = 0; i < 10; i++)
      expect((await authenticate(app, user.email, WRONG, `${net}.${a}`)).statusCode).toBe(400);
  // Locked from a fourth address without a device token.
  const res = await authenticate(app, user.email, user.password, `${net}.4`);
  expect(res.statusCode).toBe(429);
  expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.tooManyAttempts, error: null, data: null });
}

describe('device tokens (API.md "Staff sign-in")', () => {
  const t = useTestApp();

  it('are returned on every successful sign-in, a new one each time', async () => {
    const user = await createUser(t.app, { roleName: 'Admin' });
    const first = await deviceTokenOf(t.app, user, '192.0.2.1');
    const second = await deviceTokenOf(t.app, user, '192.0.2.1', first);
    expect(second).not.toBe(first);
    // Opaque: the token carries no password, e-mail or hash.
    expect(first).not.toContain(user.email);
    expect(first).not.toContain(user.password);
  });

  it('let a device that signed in before in past a locked account (30 failures from 3 addresses), from a fourth address', async () => {
    const user = await createUser(t.app, { roleName: 'Admin' });
    const phone = await deviceTokenOf(t.app, user, '192.0.2.10');
    await lockAccount(t.app, user, '198.51.100');
    const res = await authenticate(t.app, user.email, user.password, '203.0.113.40', phone);
    expect(res.statusCode).toBe(200);
    const reply = envelopeOf<SignInReply>(res).data;
    expect(reply.id).toBe(user.id);
    // The session works; the new device token works too; the account stays locked for everyone else.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/Role/GetRoles', headers: bearer(reply.token) })).statusCode,
    ).toBe(200);
    expect((await authenticate(t.app, user.email, user.password, '203.0.113.41', reply.deviceToken)).statusCode).toBe(
      200,
    );
    expect((await authenticate(t.app, user.email, user.password, '203.0.113.42')).statusCode).toBe(429);
  });

  it('stay valid on other devices when one device signs in', async () => {
    const user = await createUser(t.app, { roleName: 'User' });
    const phone = await deviceTokenOf(t.app, user, '192.0.2.20');
    const laptop = await deviceTokenOf(t.app, user, '192.0.2.21');
    await deviceTokenOf(t.app, user, '192.0.2.21', laptop);
    await lockAccount(t.app, user, '198.51.101');
    expect((await authenticate(t.app, user.email, user.password, '192.0.2.20', phone)).statusCode).toBe(200);
    expect((await authenticate(t.app, user.email, user.password, '192.0.2.21', laptop)).statusCode).toBe(200);
  });

  it("count only against the token's own limit: 10 failures in 15 minutes, kept across the device's new tokens", async () => {
    const user = await createUser(t.app, { roleName: 'User' });
    const first = await deviceTokenOf(t.app, user, '192.0.2.30');
    for (let i = 0; i < 5; i++)
      expect((await authenticate(t.app, user.email, WRONG, '192.0.2.30', first)).statusCode).toBe(400);
    // A success takes back only its own attempt; the device's new token counts on the same device.
    const second = await deviceTokenOf(t.app, user, '192.0.2.31', first);
    for (let i = 0; i < 5; i++)
      expect((await authenticate(t.app, user.email, WRONG, '192.0.2.32', second)).statusCode).toBe(400);
    const refused = await authenticate(t.app, user.email, user.password, '192.0.2.33', second);
    expect(refused.statusCode).toBe(429);
    expect(envelopeOf(refused).message).toBe(MSG.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await authenticate(t.app, user.email, user.password, '192.0.2.33', first)).statusCode).toBe(429);
    // Those failures counted on no other limit: the same account from the same address, and another device, go on.
    expect((await authenticate(t.app, user.email, user.password, '192.0.2.33')).statusCode).toBe(200);
  });

  it('of another account, forged or garbled are ignored: the ordinary limits apply', async () => {
    const [user, other] = await Promise.all([
      createUser(t.app, { roleName: 'User' }),
      createUser(t.app, { roleName: 'User' }),
    ]);
    const mine = await deviceTokenOf(t.app, user, '192.0.2.40');
    const foreign = await deviceTokenOf(t.app, other, '192.0.2.41');
    const [, uid, device, issued, mac] = mine.split('.');
    const forged = [
      `dt1.${uid}.${device}.${Number(issued) + 1}.${mac}`,
      `dt1.${uid}.${device}.${issued}.${'A'.repeat(43)}`,
    ];
    // Garbage of every kind still signs in (never a 400 for the token) and gets a device token.
    for (const junk of ['', 'x', 'A'.repeat(5000), 5, null, { a: 1 }, ['x'], ...forged])
      expect(
        (await authenticate(t.app, user.email, user.password, '192.0.2.42', junk)).statusCode,
        JSON.stringify(junk),
      ).toBe(200);
    await lockAccount(t.app, user, '198.51.102');
    for (const junk of [foreign, ...forged, 'x'])
      expect((await authenticate(t.app, user.email, user.password, '192.0.2.40', junk)).statusCode).toBe(429);
    expect((await authenticate(t.app, user.email, user.password, '192.0.2.40', mine)).statusCode).toBe(200);
  });

  it('are voided by a change of password (ChangePassword)', async () => {
    const user = await createUser(t.app, { roleName: 'User' });
    const before = await deviceTokenOf(t.app, user, '192.0.2.50');
    const session = await signIn(t.app, user.email, user.password);
    const newPassword = 'Changed-Passw0rd';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/ChangePassword',
      headers: bearer(session),
      remoteAddress: '192.0.2.51',
      payload: { id: user.id, oldPassword: user.password, newPassword, confirmPassword: newPassword },
    });
    expect(res.statusCode).toBe(200);
    const changed = { ...user, password: newPassword };
    const after = await deviceTokenOf(t.app, changed, '192.0.2.52');
    await lockAccount(t.app, changed, '198.51.103');
    expect((await authenticate(t.app, user.email, newPassword, '192.0.2.50', before)).statusCode).toBe(429);
    // A token issued under the new password works.
    expect((await authenticate(t.app, user.email, newPassword, '192.0.2.52', after)).statusCode).toBe(200);
  });

  it("are voided by an Admin's reset of the password (ResetPassword)", async () => {
    const user = await createUser(t.app, { roleName: 'User' });
    const before = await deviceTokenOf(t.app, user, '192.0.2.60');
    const admin = await signIn(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const password = 'Reset-Passw0rd1';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/ResetPassword',
      headers: bearer(admin),
      payload: { UserId: user.id, Password: password, ConfirmPassword: password },
    });
    expect(res.statusCode, res.body).toBe(200);
    await lockAccount(t.app, { ...user, password }, '198.51.104');
    expect((await authenticate(t.app, user.email, password, '192.0.2.60', before)).statusCode).toBe(429);
  });
});

describe('the spraying limit: 50 failures per address across all e-mails', () => {
  const t = useTestApp();
  const SPRAYER = '203.0.113.99';
  let user: FixtureUser;
  let deviceToken: string;

  beforeAll(async () => {
    user = await createUser(t.app, { roleName: 'Admin' });
    deviceToken = await deviceTokenOf(t.app, user, SPRAYER);
  });

  it('refuses the 51st attempt from one address, whatever the e-mail, and locks nobody out elsewhere', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++)
      statuses.push((await authenticate(t.app, `nobody${i}@spray.test`, WRONG, SPRAYER)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    // A real account, right password, new e-mail for this address: refused, with Retry-After.
    const res = await authenticate(t.app, user.email, user.password, SPRAYER);
    expect(res.statusCode).toBe(429);
    expect(envelopeOf(res)).toEqual({ status: 'Failure', message: MSG.tooManyAttempts, error: null, data: null });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The same user from another address is not held back.
    expect((await authenticate(t.app, user.email, user.password, '198.51.100.77')).statusCode).toBe(200);
  });

  it('does not refuse a device that signed in before, even from the sprayed address', async () => {
    expect((await authenticate(t.app, user.email, user.password, SPRAYER, deviceToken)).statusCode).toBe(200);
  });

  it("a success elsewhere takes back none of others' failures on the account", async () => {
    const victim = await createUser(t.app, { roleName: 'User' });
    // 25 failures from three addresses (under every per-address limit), then the owner signs in.
    for (let i = 0; i < 25; i++)
      expect((await authenticate(t.app, victim.email, WRONG, `198.51.105.${i % 3}`)).statusCode).toBe(400);
    expect((await authenticate(t.app, victim.email, victim.password, '192.0.2.70')).statusCode).toBe(200);
    // The 25 stay counted: 5 more reach the account's 30.
    for (let i = 0; i < 5; i++)
      expect((await authenticate(t.app, victim.email, WRONG, `198.51.106.${i}`)).statusCode).toBe(400);
    expect((await authenticate(t.app, victim.email, victim.password, '192.0.2.71')).statusCode).toBe(429);
  });
});
