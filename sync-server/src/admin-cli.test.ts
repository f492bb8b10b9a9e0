import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG, type TotpSetupReply } from '@scentry/shared-schema';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from './config';
import {
  bearer,
  createUser,
  envelopeOf,
  type FixtureUser,
  makeTempDir,
  signIn,
  signInRequest,
  useTestApp,
} from './test/helpers';
import { scriptEnvOf } from './test/script-env';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's settings a script gets beside DATA_DIR (on PostgreSQL: DATABASE_URL and its secrets). */
const databaseEnv = (t: { config: Config }): Record<string, string> => scriptEnvOf(t.config);

const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [`scripts/${script}.mjs`, ...args], {
    cwd: ROOT,
    env: { ...process.env, TOTP_KEY: '', PASS_CERT_DIR: '', ...env },
    encoding: 'utf8',
  });

describe('npm run admin -- clear-totp <email>', () => {
  const t = useTestApp({ env: { RATE_LIMITS: 'off' } });
  let me: FixtureUser;
  let token: string;

  beforeAll(async () => {
    me = await createUser(t.app, { roleName: 'Admin' });
    token = await signIn(t.app, me.email, me.password);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/User/TotpSetup',
      headers: bearer(token),
      payload: { Password: me.password },
    });
    const { secret } = envelopeOf<TotpSetupReply>(setup).data;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/User/TotpEnable',
      headers: bearer(token),
      payload: { Code: code },
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('an unknown e-mail: exit 1 with a message, nothing changed', () => {
    const r = run('admin', ['clear-totp', 'nobody@scentry.test'], { DATA_DIR: t.dataDir, ...databaseEnv(t) });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('no user with the e-mail nobody@scentry.test');
  });

  it('without a command or e-mail: the usage, exit 2', () => {
    expect(run('admin', [], { DATA_DIR: t.dataDir, ...databaseEnv(t) }).status).toBe(2);
    expect(run('admin', ['clear-totp'], { DATA_DIR: t.dataDir, ...databaseEnv(t) }).stderr).toContain(
      'usage: npm run admin',
    );
  });

  it('clears TOTP and the recovery codes, ends the sessions, audits, and says what it did (e-mail in any case)', async () => {
    const signedIn = await signInRequest(t.app, me.email, me.password);
    expect(envelopeOf(signedIn).message).toBe(MSG.totpRequired);

    const r = run('admin', ['clear-totp', me.email.toUpperCase()], { DATA_DIR: t.dataDir, ...databaseEnv(t) });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`two-step sign-in turned off for ${me.email}`);
    expect(r.stdout).toContain('10 recovery code(s) deleted');

    const row = await t.app.db
      .selectFrom('users')
      .select(['totpSecret', 'totpEnabledAt', 'totpLastStep'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    const codes = await t.app.db.selectFrom('totpRecoveryCodes').select('id').where('userId', '=', me.id).execute();
    expect(codes).toHaveLength(0);
    // The old session ended; the password alone signs in.
    const old = await t.app.inject({ method: 'POST', url: '/api/User/TotpSetup', headers: bearer(token), payload: {} });
    expect(old.statusCode).toBe(401);
    expect((await signInRequest(t.app, me.email, me.password)).statusCode).toBe(200);
    const audit = await t.app.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'entityId', 'userId', 'address', 'detail'])
      .where('action', '=', 'totp-clear')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'user',
      entityId: String(me.id),
      userId: null,
      address: 'server machine',
    });
    expect(audit[0].detail).toContain('npm run admin -- clear-totp');
  });
});

describe('npm run backup and the TOTP key', () => {
  const t = useTestApp();
  const target = path.join(makeTempDir('scentry-backup-totp-'), 'copy');
  afterAll(() => rmSync(path.dirname(target), { recursive: true, force: true }));

  it('copies DATA_DIR/totp-key; reminds that TOTP_KEY from the environment is not in the backup', () => {
    const plain = run('backup', [target], { DATA_DIR: t.dataDir, ...databaseEnv(t) });
    expect(plain.status, plain.stderr).toBe(0);
    // On PostgreSQL the key is configuration (TOTP_KEY, given to the script as to the server): the
    // reminder always shows; a DATA_DIR/totp-key, if any, is copied all the same.
    const onPostgres = Boolean(t.config.databaseUrl);
    if (!onPostgres || existsSync(path.join(t.dataDir, 'totp-key')))
      expect(readFileSync(path.join(target, 'totp-key'), 'utf8')).toBe(
        readFileSync(path.join(t.dataDir, 'totp-key'), 'utf8'),
      );
    // The reminder names every secret given by the environment (on PostgreSQL: JWT_SECRET too).
    const reminder =
      /Reminder: (JWT_SECRET and )?TOTP_KEY (is|are) set in the environment, so (it is|they are) NOT in this backup/;
    if (onPostgres) expect(plain.stdout).toMatch(reminder);
    else expect(plain.stdout).not.toContain('TOTP_KEY');
    const withKey = run('backup', [`${target}-2`], {
      DATA_DIR: t.dataDir,
      ...databaseEnv(t),
      TOTP_KEY: randomBytes(32).toString('base64'),
    });
    expect(withKey.status, withKey.stderr).toBe(0);
    expect(withKey.stdout).toMatch(reminder);
    expect(existsSync(`${target}-2`)).toBe(true);
    rmSync(`${target}-2`, { recursive: true, force: true });
  });
});
