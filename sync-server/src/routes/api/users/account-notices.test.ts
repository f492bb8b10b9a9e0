import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@scentry/shared-schema';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  envelopeOf,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useTestApp,
} from '../../../test/helpers';

/** One e-mail of the outbox: its To header, Subject and text (quoted-printable undone). */
interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

const PASSWORD_CHANGED = 'Your Scentry password was changed';
const EMAIL_CHANGED = 'The e-mail address of your Scentry account was changed';

/**
 * The account notices of #25: ChangePassword and the Admin's ResetPassword tell the user
 * ('password-changed'); UpdateUser that changes the e-mail address tells the OLD address
 * ('email-changed'). Read from DATA_DIR/outbox once the queue has drained.
 */
describe('account change notices by e-mail', () => {
  const t = useTestApp();
  let admin = '';

  const outbox = () => path.join(t.dataDir, 'outbox');
  async function sent(): Promise<OutboxMail[]> {
    await t.app.accountMail.drain();
    if (!existsSync(outbox())) return [];
    return readdirSync(outbox())
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => {
        const raw = readFileSync(path.join(outbox(), f), 'utf8');
        const [head, ...body] = raw.split(/\r?\n\r?\n/);
        const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1].trim() ?? '';
        const text = body
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
        return { to: header('To'), subject: header('Subject'), text };
      });
  }

  beforeEach(async () => {
    // Each test reads only the mail it caused.
    await t.app.accountMail.drain();
    rmSync(outbox(), { recursive: true, force: true });
    admin ||= await signIn(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  });

  const post = (url: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: `/api/User/${url}`, headers: bearer(token), payload });

  it('ChangePassword: the user is told at their address, without the password; a refused change sends nothing', async () => {
    const me = await createUser(t.app, { roleName: 'Client Admin', firstName: 'Ada' });
    const token = await signIn(t.app, me.email, me.password);
    const wrong = await post(
      'ChangePassword',
      { id: me.id, oldPassword: 'Not-The-One1', newPassword: 'Brand-New-Pw1', confirmPassword: 'Brand-New-Pw1' },
      token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(await sent()).toEqual([]);

    const res = await post(
      'ChangePassword',
      { id: me.id, oldPassword: me.password, newPassword: 'Brand-New-Pw1', confirmPassword: 'Brand-New-Pw1' },
      token,
    );
    expect(res.statusCode).toBe(200);
    const mails = await sent();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toContain(me.email);
    expect(mails[0].subject).toBe(PASSWORD_CHANGED);
    expect(mails[0].text).toContain('Hello Ada,');
    expect(mails[0].text).not.toContain('Brand-New-Pw1');
  });

  it("the Admin's ResetPassword: the user is told (not the Admin); an unknown user sends nothing", async () => {
    const user = await createUser(t.app, { roleName: 'User', firstName: 'Bo' });
    const missing = await post('ResetPassword', {
      UserId: 987654,
      Password: 'Reset-Passw0rd',
      ConfirmPassword: 'Reset-Passw0rd',
    });
    expect(missing.statusCode).toBe(404);
    expect(await sent()).toEqual([]);

    const res = await post('ResetPassword', {
      UserId: user.id,
      Password: 'Reset-Passw0rd',
      ConfirmPassword: 'Reset-Passw0rd',
    });
    expect(res.statusCode).toBe(200);
    const mails = await sent();
    expect(mails.map((m) => [m.subject, m.to.includes(user.email)])).toEqual([[PASSWORD_CHANGED, true]]);
    expect(mails[0].text).not.toContain('Reset-Passw0rd');
    expect(mails[0].to).not.toContain(TEST_ADMIN_EMAIL);
  });

  it('UpdateUser that changes the e-mail: the OLD address is told, the new one only masked', async () => {
    const user = await createUser(t.app, { roleName: 'Admin', firstName: 'Cy', email: 'cy.old@scentry.test' });
    const res = await post('UpdateUser', {
      Id: user.id,
      FirstName: 'Cy',
      LastName: 'Smith',
      Email: 'Cy.New@Example.test',
      RoleId: ROLES.Admin,
      IsActive: true,
    });
    expect(envelopeOf(res).status).toBe('Success');
    const mails = await sent();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toContain('cy.old@scentry.test');
    expect(mails[0].to).not.toContain('example.test');
    expect(mails[0].subject).toBe(EMAIL_CHANGED);
    expect(mails[0].text).toContain('c***@example.test');
    expect(mails[0].text).not.toContain('cy.new@');
  });

  it('UpdateUser that keeps the address (other case, other fields) or is refused sends nothing', async () => {
    const user = await createUser(t.app, { roleName: 'Admin', email: 'dee@scentry.test' });
    const taken = await createUser(t.app, { roleName: 'Admin', email: 'taken@scentry.test' });
    const base = { Id: user.id, FirstName: 'Dee', LastName: 'Renamed', RoleId: ROLES.Admin, IsActive: true };
    expect((await post('UpdateUser', { ...base, Email: 'DEE@Scentry.test' })).statusCode).toBe(200);
    expect((await post('UpdateUser', { ...base, Email: taken.email })).statusCode).toBe(400);
    expect((await post('UpdateUser', { ...base, Email: 'not-an-address' })).statusCode).toBe(400);
    expect(await sent()).toEqual([]);
  });
});
