import { ROLES } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../db/database';
import { dialectOf } from '../../../db/dialect';
import { audit, CHANGE_ACTIONS, EVENT_ACTIONS } from '../../../services/audit';
import { createKit, createOptions, createPlayableKit } from '../../../test/catalogue';
import {
  bearer,
  createOrganization,
  createUser,
  type FixtureUser,
  signIn,
  useFixtures,
  useTestApp,
} from '../../../test/helpers';

/**
 * Issue 39: the audit of a change is written inside the change's transaction, so a crash between
 * the two cannot leave a change on record without its audit (docs/architecture.md, "Audit log").
 */
describe('the audit of a change commits with the change', () => {
  const t = useTestApp();
  const f = useFixtures(t);
  let admin: string;
  let mine: string;
  let me: FixtureUser;
  let spare: FixtureUser;
  let orgId: number;
  let kitId: number;
  let emptyKitId: number;
  const hashes = new Map<number, string>();
  const user = (id: number) => t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    admin = await signIn(t.app, f.admin.email, f.admin.password);
    [me, spare, orgId] = await Promise.all([
      createUser(t.app, { roleName: 'User' }),
      createUser(t.app, { roleName: 'User' }),
      createOrganization(t.app, { name: 'Audit Clinic' }),
    ]);
    mine = await signIn(t.app, me.email, me.password);
    for (const u of [me, spare]) hashes.set(u.id, (await user(u.id)).passwordHash);
    const options = await createOptions(t.app, admin, 5, 'Joined');
    kitId = (await createPlayableKit(t.app, admin, 'JOINED1', options)).kitId;
    emptyKitId = await createKit(t.app, admin, 'JOINED2');
  });

  it('names every audited action once: a change (in its transaction) or an event (on its own)', async () => {
    const all = [...CHANGE_ACTIONS, ...EVENT_ACTIONS];
    expect(new Set(all).size).toBe(all.length);
    const who = { caller: undefined, address: '192.0.2.7' };
    for (const action of CHANGE_ACTIONS) {
      // Outside a transaction an audited change is refused before anything is written…
      await expect(audit(t.app.db, who, action, 'user', 1), action).rejects.toThrow(/in the change's transaction/);
      // …and inside one it is written.
      await expect(inTransaction(t.app.db, (trx) => audit(trx, who, action, 'user', 1))).resolves.toBeUndefined();
    }
    for (const action of EVENT_ACTIONS) await expect(audit(t.app.db, who, action, 'user', 1)).resolves.toBeUndefined();
  });

  const post = (url: string, payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string, token = admin) => t.app.inject({ url, headers: bearer(token) });

  /** Each change through its endpoint, and whether it is on record. */
  const changes = (): { name: string; call: () => ReturnType<typeof post>; made: () => Promise<boolean> }[] => [
    {
      name: 'CreateUser',
      call: () =>
        post('/api/User/CreateUser', {
          FirstName: 'Never',
          LastName: 'Made',
          Email: 'never.made@example.org',
          RoleId: ROLES.User,
          Password: 'Audit-Pass1',
          ConfirmPassword: 'Audit-Pass1',
        }),
      made: async () =>
        !!(await t.app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'never.made@example.org')
          .executeTakeFirst()),
    },
    {
      name: 'UpdateUser',
      call: () =>
        post('/api/User/UpdateUser', {
          Id: spare.id,
          FirstName: 'Renamed',
          LastName: 'Person',
          Email: spare.email,
          RoleId: ROLES.User,
          IsActive: true,
        }),
      made: async () => (await user(spare.id)).firstName === 'Renamed',
    },
    {
      name: 'ResetPassword',
      call: () =>
        post('/api/User/ResetPassword', { UserId: spare.id, Password: 'Audit-Pass2', ConfirmPassword: 'Audit-Pass2' }),
      made: async () => (await user(spare.id)).passwordHash !== hashes.get(spare.id),
    },
    {
      name: 'ChangePassword (own)',
      call: () =>
        post(
          '/api/User/ChangePassword',
          { id: me.id, oldPassword: me.password, newPassword: 'Brand-New1', confirmPassword: 'Brand-New1' },
          mine,
        ),
      made: async () => (await user(me.id)).passwordHash !== hashes.get(me.id),
    },
    {
      name: 'EditOrganization',
      call: () =>
        post('/api/Organization/EditOrganization', {
          OrganizationId: orgId,
          ClientType: 'Organization',
          OrganizationName: 'Audit Clinic Renamed',
          OrganizationCode: 'AC1',
          OrganizationWebsite: 'audit-clinic.example',
          OrganizationAddress: '1 Main St',
          OrganizationEmail: 'desk@audit-clinic.example',
          OrganizationPhone: '5550101010',
          OrganizationIsActive: true,
          UserFirstName: 'Org',
          UserLastName: 'Admin',
          UserEmail: 'org.admin@audit-clinic.example',
        }),
      made: async () =>
        (await t.app.db.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow())
          .name === 'Audit Clinic Renamed',
    },
    {
      name: 'UpdateTestKit',
      call: () => post('/api/TestKit/UpdateTestKit', { Id: kitId, Name: 'JOINED1', PassThreshold: 3 }),
      made: async () =>
        (
          await t.app.db
            .selectFrom('testKits')
            .select('passThreshold')
            .where('id', '=', kitId)
            .executeTakeFirstOrThrow()
        ).passThreshold === 3,
    },
    {
      name: 'DeleteTestKit',
      call: () => get(`/api/TestKit/DeleteTestKit?Ids=${emptyKitId}`),
      made: async () =>
        (
          await t.app.db
            .selectFrom('testKits')
            .select('deletedAt')
            .where('id', '=', emptyKitId)
            .executeTakeFirstOrThrow()
        ).deletedAt !== null,
    },
    {
      name: 'DeleteUser',
      call: () => get(`/api/User/DeleteUser?Id=${spare.id}`),
      made: async () => (await user(spare.id)).deletedAt !== null,
    },
  ];

  const audits = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A failure right after the change's own writes: the audit row cannot be inserted. */
  async function breakAudits(): Promise<() => Promise<void>> {
    if (dialectOf(t.app.db).name === 'postgres') {
      await sql`create function audit_fails() returns trigger language plpgsql as $$ begin raise exception 'audit forced to fail'; end $$`.execute(
        t.app.db,
      );
      await sql`create trigger audit_fails before insert on audit_log for each row execute function audit_fails()`.execute(
        t.app.db,
      );
      return async () => {
        await sql`drop trigger audit_fails on audit_log`.execute(t.app.db);
        await sql`drop function audit_fails()`.execute(t.app.db);
      };
    }
    await sql`create trigger audit_fails before insert on audit_log begin select raise(abort, 'audit forced to fail'); end`.execute(
      t.app.db,
    );
    return async () => {
      await sql`drop trigger audit_fails`.execute(t.app.db);
    };
  }

  it('a change whose audit cannot be written is not made; with the audit back, the same call is made and audited', async () => {
    const before = await audits();
    const repair = await breakAudits();
    try {
      for (const change of changes()) {
        const res = await change.call();
        expect(res.statusCode, `${change.name}: ${res.body}`).toBe(500);
        expect(await change.made(), `${change.name} was made without its audit`).toBe(false);
      }
    } finally {
      await repair();
    }
    expect(await audits()).toBe(before);
    for (const change of changes()) {
      const res = await change.call();
      expect(res.statusCode, `${change.name}: ${res.body}`).toBe(200);
      expect(await change.made(), change.name).toBe(true);
    }
    expect(await audits()).toBe(before + changes().length);
  });
});
