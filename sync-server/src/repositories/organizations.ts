import { ROLES } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { type Db, nowIso } from '../db/database';
import { contains, type Paging, pageOf } from '../db/paging';

/** Whether an organization with this id exists (a result may name it). */
export async function organizationExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst();
  return Boolean(row);
}

/** Whether a live (not deleted) organization has this id: users can belong only to one. */
export async function organizationIsLive(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** Active, live organizations for the players' provider choice: id and name only. */
export async function organizationChoices(db: Db): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('deletedAt', 'is', null)
    .where('isActive', '=', 1)
    .orderBy('name')
    .execute();
}

export interface OrganizationFields {
  clientType: string;
  name: string;
  code: string;
  website: string;
  address: string;
  email: string;
  phone: string;
  isActive: boolean;
  discloseUserDetails: boolean;
}

/** The organization with its Client Admin (the first live one), or undefined. */
export async function findOrganizationRecord(db: Db, id: number) {
  const row = await db
    .selectFrom('organizations as o')
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', (eb) =>
        eb
          .selectFrom('users as x')
          .select((e) => e.fn.min('x.id').as('id'))
          .whereRef('x.organizationId', '=', 'o.id')
          .where('x.roleId', '=', ROLES.ClientAdmin)
          .where('x.deletedAt', 'is', null),
      ),
    )
    .select([
      'o.id as organizationId',
      'o.clientType',
      'o.name as organizationName',
      'o.code as organizationCode',
      'o.website as organizationWebsite',
      'o.address as organizationAddress',
      'o.email as organizationEmail',
      'o.phone as organizationPhone',
      'o.isActive as organizationIsActive',
      'o.discloseUserDetails',
      'u.id',
      'u.firstName as userFirstName',
      'u.lastName as userLastName',
      'u.email as userEmail',
      'u.phone as userPhone',
      'u.isActive as userIsActive',
      'u.passwordHash',
    ])
    .where('o.id', '=', id)
    .where('o.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { passwordHash, ...rest } = row;
  return {
    ...rest,
    id: rest.id ?? null,
    userFirstName: rest.userFirstName ?? null,
    userLastName: rest.userLastName ?? null,
    userEmail: rest.userEmail ?? null,
    userPhone: rest.userPhone ?? null,
    organizationIsActive: rest.organizationIsActive === 1,
    discloseUserDetails: rest.discloseUserDetails === 1,
    userIsActive: rest.userIsActive === null || rest.userIsActive === undefined ? null : rest.userIsActive === 1,
    hasPassword: Boolean(passwordHash),
  };
}

export interface OrganizationFilter {
  name?: string | null;
  contactPerson?: string | null;
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  address?: string | null;
  searchText?: string | null;
}

/** The Client list: live organizations with their Client Admin, each filter a part of its field. */
export async function listOrganizations(db: Db, paging: Paging, filter: OrganizationFilter | null | undefined) {
  let q = db
    .selectFrom('organizations as o')
    .leftJoin('users as u', (j) =>
      j.onRef('u.organizationId', '=', 'o.id').on('u.roleId', '=', ROLES.ClientAdmin).on('u.deletedAt', 'is', null),
    )
    .select([
      'o.id as organizationId',
      'o.name as organizationName',
      'o.clientType',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('organizationContactPerson'),
      'u.email as userEmail',
      'u.id as userId',
      'u.passwordHash',
      'o.isActive as organizationIsActive',
    ])
    .where('o.deletedAt', 'is', null);
  const columns: Record<string, string> = {
    name: 'o.name',
    email: 'o.email',
    phone: 'o.phone',
    website: 'o.website',
    address: 'o.address',
  };
  for (const [key, column] of Object.entries(columns)) {
    const text = filter?.[key as keyof OrganizationFilter]?.trim();
    if (text) q = q.where(contains(db, sql.ref(column), text));
  }
  const person = filter?.contactPerson?.trim();
  if (person) q = q.where(contains(db, sql`(u.first_name || ' ' || u.last_name)`, person));
  const any = filter?.searchText?.trim();
  if (any) {
    // The search box over every detail the spec names: name, contact person, e-mail, phone, website, address.
    const fields = [
      sql`o.name`,
      sql`o.email`,
      sql`o.phone`,
      sql`o.website`,
      sql`o.address`,
      sql`o.code`,
      sql`u.email`,
      sql`(u.first_name || ' ' || u.last_name)`,
    ];
    q = q.where(
      sql<boolean>`(${sql.join(
        fields.map((field) => contains(db, field, any)),
        sql` or `,
      )})`,
    );
  }
  const page = await pageOf(
    q,
    paging,
    {
      organizationId: 'o.id',
      organizationName: 'o.name',
      clientType: 'o.clientType',
      userEmail: 'u.email',
      organizationIsActive: 'o.isActive',
    },
    { column: 'o.id', order: 'asc' },
  );
  return {
    list: page.list.map(({ passwordHash, ...r }) => ({
      ...r,
      organizationContactPerson: r.organizationContactPerson ?? null,
      userEmail: r.userEmail ?? null,
      userId: r.userId ?? null,
      organizationIsActive: r.organizationIsActive === 1,
      hasPassword: Boolean(passwordHash),
    })),
    totalCount: page.totalCount,
  };
}

export async function insertOrganization(db: Db, org: OrganizationFields): Promise<number> {
  const { id } = await db
    .insertInto('organizations')
    .values({ ...toColumns(org), deletedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateOrganization(db: Db, id: number, org: OrganizationFields): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ ...toColumns(org), updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

const toColumns = (org: OrganizationFields) => ({
  clientType: org.clientType,
  name: org.name,
  code: org.code,
  website: org.website,
  address: org.address,
  email: org.email,
  phone: org.phone,
  isActive: org.isActive ? 1 : 0,
  discloseUserDetails: org.discloseUserDetails ? 1 : 0,
});

/** Inactivating an organization inactivates its users (spec §4): their sessions end at once. */
export async function setOrganizationUsersActive(db: Db, id: number, active: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ isActive: active ? 1 : 0, updatedAt: nowIso() })
    .where('organizationId', '=', id)
    .where('deletedAt', 'is', null)
    .execute();
}

/** Deleting an organization deletes its users: both hidden, never erased (results keep names). */
export async function hideOrganization(db: Db, id: number): Promise<void> {
  const now = nowIso();
  await db.updateTable('organizations').set({ deletedAt: now, isActive: 0 }).where('id', '=', id).execute();
  await db
    .updateTable('users')
    .set({ deletedAt: now, isActive: 0 })
    .where('organizationId', '=', id)
    .where('deletedAt', 'is', null)
    .execute();
}
