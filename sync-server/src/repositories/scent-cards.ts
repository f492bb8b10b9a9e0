import {
  type LocalNames,
  readLocalNames,
  type ScentCard,
  type ScentCardOptionInput,
  storedLocalNames,
} from '@scentry/shared-schema';
import { type Db, nowIso } from '../db/database';
import { type Paging, pageOf } from '../db/paging';
import type { KitChange } from './kits';

/** A live card of a live kit, with its live options in order (GetScentCardDetailById). */
export async function loadCard(db: Db, id: number): Promise<ScentCard | undefined> {
  const card = await db
    .selectFrom('scentCards as c')
    .innerJoin('testKits as k', 'k.id', 'c.testKitId')
    .select([
      'c.id',
      'c.name',
      'c.names',
      'c.sortOrder',
      'c.correctScentOptionId',
      'c.testKitId',
      'k.name as testKitName',
    ])
    .where('c.id', '=', id)
    .where('c.deletedAt', 'is', null)
    .where('k.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!card) return undefined;
  const options = await db
    .selectFrom('scentCardOptions as co')
    .innerJoin('scentOptions as o', 'o.id', 'co.scentOptionId')
    .select([
      'co.id as scentCardOptionId',
      'co.scentOptionId as scentCardOptionDetailId',
      'co.scentCardId',
      'co.sortOrder',
      'o.title as scentCardOptionName',
      'o.names as scentCardOptionNames',
      'o.storedPath as scentCardOptionStoredPath',
    ])
    .where('co.scentCardId', '=', id)
    .where('co.deletedAt', 'is', null)
    .orderBy('co.sortOrder')
    .execute();
  const { correctScentOptionId, names, ...rest } = card;
  return {
    ...rest,
    names: readLocalNames(names),
    scentCardOptionResultId: correctScentOptionId,
    scentCardOptions: options.map((o) => ({ ...o, scentCardOptionNames: readLocalNames(o.scentCardOptionNames) })),
  };
}

/** A kit's live cards, paged: name, sort order, the correct answer's title, the option count. */
export async function listCards(db: Db, kitId: number, paging: Paging) {
  const q = db
    .selectFrom('scentCards as c')
    .leftJoin('scentOptions as o', 'o.id', 'c.correctScentOptionId')
    .select([
      'c.id',
      'c.name',
      'c.names',
      'c.sortOrder',
      'o.title',
      (eb) =>
        eb
          .selectFrom('scentCardOptions as co')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('co.scentCardId', '=', 'c.id')
          .where('co.deletedAt', 'is', null)
          .as('optionCount'),
    ])
    .where('c.testKitId', '=', kitId)
    .where('c.deletedAt', 'is', null);
  const page = await pageOf(
    q,
    paging,
    { id: 'c.id', name: 'c.name', sortOrder: 'c.sortOrder', title: 'o.title' },
    { column: 'c.sortOrder', order: 'asc' },
  );
  return {
    list: page.list.map((r) => ({
      ...r,
      names: readLocalNames(r.names),
      title: r.title ?? null,
      optionCount: Number(r.optionCount ?? 0),
    })),
    totalCount: page.totalCount,
  };
}

/** A live card's id and kit. */
export async function findCard(db: Db, id: number): Promise<{ id: number; testKitId: number } | undefined> {
  return db
    .selectFrom('scentCards')
    .select(['id', 'testKitId'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Whether another live card of the kit holds this sort order. */
export async function cardOrderTaken(db: Db, kitId: number, sortOrder: number, exceptCardId: number): Promise<boolean> {
  const row = await db
    .selectFrom('scentCards')
    .select('id')
    .where('testKitId', '=', kitId)
    .where('sortOrder', '=', sortOrder)
    .where('deletedAt', 'is', null)
    .where('id', '!=', exceptCardId)
    .executeTakeFirst();
  return Boolean(row);
}

export interface CardFields {
  name: string;
  /** None: no name in another language. */
  names?: LocalNames;
  sortOrder: number;
  correctScentOptionId: number;
}

export async function insertCard(change: KitChange, kitId: number, card: CardFields): Promise<number> {
  const { id } = await change.db
    .insertInto('scentCards')
    .values({ testKitId: kitId, ...card, names: storedLocalNames(card.names), deletedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  change.touch(kitId);
  return id;
}

export async function updateCard(change: KitChange, kitId: number, cardId: number, card: CardFields): Promise<void> {
  await change.db
    .updateTable('scentCards')
    .set({ ...card, names: storedLocalNames(card.names), updatedAt: nowIso() })
    .where('id', '=', cardId)
    .execute();
  change.touch(kitId);
}

/**
 * Makes the card's option rows the given ones: kept rows (by `scentCardOptionId`) are updated in
 * place, new ones inserted, dropped ones hidden (results keep naming them).
 */
export async function setCardOptions(
  change: KitChange,
  kitId: number,
  cardId: number,
  options: ScentCardOptionInput[],
): Promise<void> {
  const { db } = change;
  const existing = await db
    .selectFrom('scentCardOptions')
    .select('id')
    .where('scentCardId', '=', cardId)
    .where('deletedAt', 'is', null)
    .execute();
  const existingIds = new Set(existing.map((r) => r.id));
  const kept = new Set<number>();
  for (const o of options) {
    if (o.scentCardOptionId > 0 && existingIds.has(o.scentCardOptionId)) {
      kept.add(o.scentCardOptionId);
      await db
        .updateTable('scentCardOptions')
        .set({ scentOptionId: o.scentCardOptionDetailId, sortOrder: o.sortOrder })
        .where('id', '=', o.scentCardOptionId)
        .execute();
    } else {
      await db
        .insertInto('scentCardOptions')
        .values({
          scentCardId: cardId,
          scentOptionId: o.scentCardOptionDetailId,
          sortOrder: o.sortOrder,
          deletedAt: null,
        })
        .execute();
    }
  }
  const dropped = [...existingIds].filter((id) => !kept.has(id));
  if (dropped.length) {
    await db.updateTable('scentCardOptions').set({ deletedAt: nowIso() }).where('id', 'in', dropped).execute();
  }
  change.touch(kitId);
}

/** Hidden, not removed: results keep naming the card. */
export async function hideCard(change: KitChange, kitId: number, cardId: number): Promise<void> {
  await change.db.updateTable('scentCards').set({ deletedAt: nowIso() }).where('id', '=', cardId).execute();
  change.touch(kitId);
}
