import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createFixtureUsers,
  signInRequest,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useTestApp,
} from './test/helpers';

/** DESIGN.md §3: passwords are never stored or returned in clear, never logged. */
describe('secrets never leave the server', () => {
  const t = useTestApp({ logLevel: 'trace' });
  const bodies: string[] = [];
  const NEW_PASSWORD = 'Changed-Secret9';
  let plaintexts: string[] = [];

  async function record(res: { body: string }) {
    bodies.push(res.body);
    return res;
  }

  beforeAll(async () => {
    const f = await createFixtureUsers(t.app);
    plaintexts = [TEST_ADMIN_PASSWORD, f.admin.password, f.clientAdmin.password, f.user.password, NEW_PASSWORD];

    // Sign-ins that succeed and fail, with the password in every spelling a client might use.
    await record(await signInRequest(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD));
    await record(await signInRequest(t.app, f.user.email, `${f.user.password}x`));
    await record(
      await t.app.inject({
        method: 'POST',
        url: '/api/User/Authenticate',
        payload: { email: 'not-an-email', password: f.admin.password },
      }),
    );
    await record(
      await t.app.inject({
        method: 'POST',
        url: '/api/User/Authenticate',
        headers: { 'content-type': 'application/json' },
        payload: `{"Email":"${f.admin.email}","Password":"${f.admin.password}"`, // malformed JSON
      }),
    );
    const signIn = await record(await signInRequest(t.app, f.admin.email, f.admin.password));
    const token = JSON.parse(signIn.body).data.token as string;

    // A failed and a successful change of password.
    await record(
      await t.app.inject({
        method: 'POST',
        url: '/api/User/ChangePassword',
        headers: bearer(token),
        payload: { id: f.admin.id, oldPassword: 'wrong', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      }),
    );
    await record(
      await t.app.inject({
        method: 'POST',
        url: '/api/User/ChangePassword',
        headers: bearer(token),
        payload: { id: f.admin.id, oldPassword: f.admin.password, newPassword: 'weak', confirmPassword: 'weak' },
      }),
    );
    await record(
      await t.app.inject({
        method: 'POST',
        url: '/api/User/ChangePassword',
        headers: bearer(token),
        payload: {
          id: f.admin.id,
          oldPassword: f.admin.password,
          newPassword: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
      }),
    );
    await record(await signInRequest(t.app, f.admin.email, NEW_PASSWORD));

    // Lists and lookups.
    await record(await t.app.inject({ method: 'GET', url: '/api/Role/GetRoles' }));
    await record(
      await t.app.inject({ method: 'GET', url: '/api/TestResult/GetTestResultCounts', headers: bearer(token) }),
    );
    await record(await t.app.inject({ method: 'GET', url: '/api/health' }));
  });

  it('the scenario ran (the checks below have something to look at)', () => {
    expect(bodies).toHaveLength(12);
    expect(bodies.some((b) => b.includes('"token"'))).toBe(true);
    expect(t.logs()).toContain('/api/User/Authenticate');
    expect(t.logs()).toContain('/api/User/ChangePassword');
  });

  it('no reply body contains a plaintext password or an argon2 hash', () => {
    for (const body of bodies) {
      expect(body).not.toContain('$argon2');
      expect(body.toLowerCase()).not.toContain('passwordhash');
      for (const p of plaintexts) expect(body).not.toContain(p);
    }
  });

  it('no log line contains a plaintext password or an argon2 hash', () => {
    const lines = t.logs().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      expect(line).not.toContain('$argon2');
      for (const p of plaintexts) expect(line).not.toContain(p);
    }
  });

  it('the database stores argon2id hashes only', async () => {
    const rows = await t.app.db.selectFrom('users').select(['email', 'passwordHash']).execute();
    expect(rows.length).toBe(4);
    for (const row of rows) {
      expect(row.passwordHash.startsWith('$argon2id$'), row.email).toBe(true);
      for (const p of plaintexts) expect(row.passwordHash).not.toContain(p);
    }
  });
});
