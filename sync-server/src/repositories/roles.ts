import type { Db } from '../db/database';

export async function listRoles(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
}
