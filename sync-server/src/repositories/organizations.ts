import type { Db } from '../db/database';

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
