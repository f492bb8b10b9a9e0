import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isStrongPassword, type SessionUser } from '@scentry/shared-schema';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createOrganization,
  envelopeOf,
  makeTempDir,
  makeTestApp,
  signInRequest,
  type TestApp,
} from '../test/helpers';

const EMAIL = 'first.admin@scentry.test';
const mode = (file: string) => statSync(file).mode & 0o777;

describe('bootstrap of the first Admin', () => {
  const dataDir = makeTempDir();
  const opened: TestApp[] = [];
  afterAll(async () => {
    for (const t of opened) await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let generated = '';
  let firstToken = '';
  let orgId = 0;

  it('generates a password when ADMIN_PASSWORD is unset, keeps it in a mode-600 file, and it signs in', async () => {
    // A stale file with loose permissions from an earlier install must not stay readable.
    writeFileSync(path.join(dataDir, 'initial-admin.txt'), 'stale\n');
    chmodSync(path.join(dataDir, 'initial-admin.txt'), 0o644);

    const t = await makeTestApp({
      dataDir,
      env: { ADMIN_EMAIL: 'First.Admin@Scentry.test', ADMIN_PASSWORD: undefined },
    });
    opened.push(t);
    const initial = t.app.initialAdmin;
    expect(initial).toBeDefined();
    expect(initial?.email).toBe(EMAIL);
    generated = initial?.generatedPassword ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(16);
    expect(isStrongPassword(generated)).toBe(true);

    const file = path.join(dataDir, 'initial-admin.txt');
    expect(initial?.file).toBe(file);
    expect(mode(file)).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`email: ${EMAIL}`);
    expect(text).toContain(`password: ${generated}`);

    // The generated password is printed once by server.ts, never logged.
    expect(t.logs()).not.toContain(generated);
    // The JWT secret generated into DATA_DIR is private too.
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);

    const res = await signInRequest(t.app, EMAIL, generated);
    expect(res.statusCode).toBe(200);
    const body = envelopeOf<SessionUser>(res);
    expect(body.status).toBe('Success');
    expect(body.data.roleName).toBe('Admin');
    firstToken = body.data.token;

    orgId = await createOrganization(t.app, { name: 'Kept Clinic' });
    await t.app.close();
    opened.pop();
  });

  it('a second start on the same DATA_DIR creates no second Admin and keeps the data', async () => {
    const t = await makeTestApp({
      dataDir,
      env: { ADMIN_EMAIL: 'another.admin@scentry.test', ADMIN_PASSWORD: 'Other-Passw0rd' },
    });
    opened.push(t);
    expect(t.app.initialAdmin).toBeUndefined();

    const users = await t.app.db.selectFrom('users').select(['email', 'roleId']).execute();
    expect(users).toEqual([{ email: EMAIL, roleId: 1 }]);
    const org = await t.app.db.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirst();
    expect(org?.name).toBe('Kept Clinic');

    // The first password still works; the new environment does not replace it.
    expect((await signInRequest(t.app, EMAIL, generated)).statusCode).toBe(200);
    expect((await signInRequest(t.app, 'another.admin@scentry.test', 'Other-Passw0rd')).statusCode).toBe(400);
    // The persisted JWT secret keeps sessions across restarts.
    const counts = await t.app.inject({
      method: 'GET',
      url: '/api/TestResult/GetTestResultCounts',
      headers: bearer(firstToken),
    });
    expect(counts.statusCode).toBe(200);
  });

  it('says at start where the password file is, and deletes it when that Admin changes the password', async () => {
    const t = opened[opened.length - 1];
    const file = path.join(dataDir, 'initial-admin.txt');
    expect(t.logs()).toContain(`${file} holds the first Admin's generated password in clear`);
    expect(existsSync(file)).toBe(true);
    const me = envelopeOf<SessionUser>(await signInRequest(t.app, EMAIL, generated)).data;
    const token = me.token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/ChangePassword',
      headers: bearer(token),
      payload: {
        id: me.id,
        oldPassword: generated,
        newPassword: 'Own-Passw0rd-2026',
        confirmPassword: 'Own-Passw0rd-2026',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it('health answers on the restarted app', async () => {
    const t = opened[opened.length - 1];
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(envelopeOf(res)).toMatchObject({ status: 'Success', error: null, data: { db: 'ok' } });
  });
});

describe('bootstrap with ADMIN_PASSWORD set', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.cleanup();
  });

  it('uses it, writes no password file and reports no generated password', async () => {
    t = await makeTestApp({ env: { ADMIN_EMAIL: 'set.admin@scentry.test', ADMIN_PASSWORD: 'Given-Passw0rd' } });
    expect(t.app.initialAdmin).toEqual({ email: 'set.admin@scentry.test' });
    expect(existsSync(path.join(t.dataDir, 'initial-admin.txt'))).toBe(false);
    expect((await signInRequest(t.app, 'set.admin@scentry.test', 'Given-Passw0rd')).statusCode).toBe(200);
    const row = await t.app.db.selectFrom('users').select('passwordHash').executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
  });
});
