import {
  type LocalNames,
  readLocalNames,
  type ScentOption,
  type ScentOptionChoice,
  storedLocalNames,
} from '@scentry/shared-schema';
import { sql } from 'kysely';
import { type Db, nowIso } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import { contains, type Paging, pageOf } from '../db/paging';
import type { KitChange } from './kits';

const COLUMNS = ['id', 'title', 'names', 'storedPath', 'originalFileName'] as const;

/** A row as the API gives it: its other languages' names as `{es?}` (stored as JSON text). */
const withNames = <T extends { names: string | null }>(row: T): Omit<T, 'names'> & { names: ScentOption['names'] } => ({
  ...row,
  names: readLocalNames(row.names),
});

export async function findOption(db: Db, id: number): Promise<ScentOption | undefined> {
  const row = await db
    .selectFrom('scentOptions')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row && withNames(row);
}

export async function listOptions(db: Db, paging: Paging, titleFilter: string) {
  let q = db.selectFrom('scentOptions').select(COLUMNS).where('deletedAt', 'is', null);
  const text = titleFilter.trim();
  if (text) q = q.where(contains(db, sql`title`, text));
  const page = await pageOf(q, paging, { id: 'id', title: 'title', name: 'title' }, { column: 'id', order: 'asc' });
  return { ...page, list: page.list.map(withNames) };
}

export async function optionChoices(db: Db): Promise<ScentOptionChoice[]> {
  const rows = await db
    .selectFrom('scentOptions')
    .select(['id', 'title', 'names', 'storedPath'])
    .where('deletedAt', 'is', null)
    .orderBy('title')
    .execute();
  return rows.map(withNames);
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

/** An option's fields; no `names` is no name in another language. */
export type OptionFields = Omit<ScentOption, 'id' | 'names'> & { names?: LocalNames };

/**
 * A name as it is stored and shown: NFC, every run of white space (any Unicode space, a
 * no-break space included) one plain space, none at the ends, so no two look-alike names.
 */
export const tidyTitle = (title: string): string => title.normalize('NFC').replace(/\s+/gu, ' ').trim();

/**
 * What names are compared by: unique among live options ignoring case and white space (runs
 * collapsed, ends ignored). Migration 2026-11-23T0800 keys older rows with its own copy of it.
 */
export const titleKey = (title: string): string => tidyTitle(title).toLowerCase();

/**
 * The key option `id` (0: a new one) would be saved with. A duplicate kept from before the rule
 * (migration 2026-11-23T0800: no key) keeps none while its name stays the same ignoring case.
 */
async function keyFor(db: Db, title: string, id: number): Promise<string | null> {
  const key = titleKey(title);
  if (id <= 0) return key;
  const self = await db
    .selectFrom('scentOptions')
    .select(['title', 'titleKey'])
    .where('id', '=', id)
    .executeTakeFirst();
  return self && self.titleKey === null && titleKey(self.title) === key ? null : key;
}

/** Whether another live option (not `id`) already has this name, ignoring case and white space. */
export async function titleTaken(db: Db, title: string, id = 0): Promise<boolean> {
  const key = await keyFor(db, title, id);
  if (key === null) return false;
  const other = await db
    .selectFrom('scentOptions')
    .select('id')
    .where('titleKey', '=', key)
    .where('deletedAt', 'is', null)
    .where('id', '!=', id)
    .executeTakeFirst();
  return Boolean(other);
}

/** Whether a write failed on the unique name index (two saves of one name at once). */
export const isTitleConflict = (err: unknown): boolean =>
  isUniqueViolation(err, { columns: 'scent_options.title_key', index: 'scent_options_title_live' });

export async function insertOption(db: Db, option: OptionFields): Promise<number> {
  const { id } = await db
    .insertInto('scentOptions')
    .values({ ...option, names: storedLocalNames(option.names), titleKey: titleKey(option.title), deletedAt: null })
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
 * New title, names, picture or file name. A new title, name in another language or picture is
 * what the kits showing the option show: each of them is touched (a new version for devices).
 */
export async function updateOption(change: KitChange, id: number, option: OptionFields): Promise<void> {
  const before = await findOption(change.db, id);
  await change.db
    .updateTable('scentOptions')
    .set({
      ...option,
      names: storedLocalNames(option.names),
      titleKey: await keyFor(change.db, option.title, id),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .execute();
  if (
    before &&
    (before.title !== option.title ||
      before.storedPath !== option.storedPath ||
      storedLocalNames(before.names) !== storedLocalNames(option.names))
  ) {
    for (const kitId of await kitsUsingOption(change.db, id)) change.touch(kitId);
  }
}

/** Hidden, not removed: results that chose it keep its name and picture. */
export async function hideOption(db: Db, id: number): Promise<void> {
  await db.updateTable('scentOptions').set({ deletedAt: nowIso() }).where('id', '=', id).execute();
}
