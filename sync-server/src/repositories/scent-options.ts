import type { ScentOption, ScentOptionChoice } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { type Db, nowIso } from '../db/database';
import { likeContains, type Paging, pageOf } from '../db/paging';
import type { KitChange } from './kits';

const COLUMNS = ['id', 'title', 'storedPath', 'originalFileName'] as const;

export async function findOption(db: Db, id: number): Promise<ScentOption | undefined> {
  return db
    .selectFrom('scentOptions')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

export async function listOptions(db: Db, paging: Paging, titleFilter: string) {
  let q = db.selectFrom('scentOptions').select(COLUMNS).where('deletedAt', 'is', null);
  const text = titleFilter.trim();
  if (text) q = q.where(sql<boolean>`title like ${likeContains(text)} escape '\\'`);
  return pageOf(q, paging, { id: 'id', title: 'title', name: 'title' }, { column: 'id', order: 'asc' });
}

export async function optionChoices(db: Db): Promise<ScentOptionChoice[]> {
  return db
    .selectFrom('scentOptions')
    .select(['id', 'title', 'storedPath'])
    .where('deletedAt', 'is', null)
    .orderBy('title')
    .execute();
}

/** Whether any scent option was ever created (hidden ones included). */
export async function anyOptionEver(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('scentOptions').select('id').limit(1).executeTakeFirst());
}

/** How many of these ids are live scent options. */
export async function countLiveOptions(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .selectFrom('scentOptions')
    .select('id')
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  return rows.length;
}

export type OptionFields = Omit<ScentOption, 'id'>;

export async function insertOption(db: Db, option: OptionFields): Promise<number> {
  const { id } = await db
    .insertInto('scentOptions')
    .values({ ...option, deletedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Kits whose live cards show this option: its name or picture changing changes them too. */
export async function kitsUsingOption(db: Db, optionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('scentCardOptions as co')
    .innerJoin('scentCards as c', 'c.id', 'co.scentCardId')
    .select('c.testKitId')
    .distinct()
    .where('co.scentOptionId', '=', optionId)
    .where('co.deletedAt', 'is', null)
    .where('c.deletedAt', 'is', null)
    .execute();
  return rows.map((r) => r.testKitId);
}

/** Whether a live card names this option as its correct answer. */
export async function optionIsCorrectAnswer(db: Db, optionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('scentCards')
    .select('id')
    .where('correctScentOptionId', '=', optionId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * New title, picture or file name. A new title or picture is what the kits showing the option
 * show: each of them is touched (a new version for devices).
 */
export async function updateOption(change: KitChange, id: number, option: OptionFields): Promise<void> {
  const before = await findOption(change.db, id);
  await change.db
    .updateTable('scentOptions')
    .set({ ...option, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
  if (before && (before.title !== option.title || before.storedPath !== option.storedPath)) {
    for (const kitId of await kitsUsingOption(change.db, id)) change.touch(kitId);
  }
}

/** Hidden, not removed: results that chose it keep its name and picture. */
export async function hideOption(db: Db, id: number): Promise<void> {
  await db.updateTable('scentOptions').set({ deletedAt: nowIso() }).where('id', '=', id).execute();
}
