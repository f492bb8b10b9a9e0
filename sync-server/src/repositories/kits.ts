import { type KitCardDoc, type KitDoc, kitCode, readLocalNames } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { type Db, inTransaction, nowIso } from '../db/database';
import { contains, type Paging, pageOf } from '../db/paging';
import { formerKit, saveSnapshot } from './kit-versions';

export interface KitRow {
  id: number;
  name: string;
  isActive: number;
  passThreshold: number;
  version: number;
  updatedAt: string;
  deletedAt: string | null;
}

const KIT_COLUMNS = ['id', 'name', 'isActive', 'passThreshold', 'version', 'updatedAt', 'deletedAt'] as const;

/**
 * On every SaveTestResult, so written as plain (portable) SQL: Kysely's builder costs three times
 * the query here. The CamelCasePlugin still maps the columns to the row's camelCase keys.
 */
export async function findKit(db: Db, id: number): Promise<KitRow | undefined> {
  const { rows } = await sql<KitRow>`select id, name, is_active, pass_threshold, version, updated_at, deleted_at
    from test_kits where id = ${id} and deleted_at is null`.execute(db);
  return rows[0];
}

export async function findKitByCode(db: Db, code: string): Promise<KitRow | undefined> {
  return db
    .selectFrom('testKits')
    .select(KIT_COLUMNS)
    .where('nameKey', '=', kitCode(code))
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The admin's kit list: live kits, filtered by a part of the code, with their card counts. */
export async function listKits(db: Db, paging: Paging, nameFilter: string | undefined) {
  let q = db
    .selectFrom('testKits as k')
    .select([
      'k.id',
      'k.name',
      'k.isActive',
      'k.passThreshold',
      'k.version',
      'k.createdAt',
      (eb) =>
        eb
          .selectFrom('scentCards as c')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('c.testKitId', '=', 'k.id')
          .where('c.deletedAt', 'is', null)
          .as('cardCount'),
    ])
    .where('k.deletedAt', 'is', null);
  const name = nameFilter?.trim();
  if (name) q = q.where(contains(db, sql`k.name_key`, kitCode(name)));
  const page = await pageOf(
    q,
    paging,
    { id: 'k.id', name: 'k.nameKey', isActive: 'k.isActive', created: 'k.createdAt' },
    { column: 'k.id', order: 'asc' },
  );
  return {
    list: page.list.map((k) => ({ ...k, isActive: k.isActive === 1, cardCount: Number(k.cardCount ?? 0) })),
    totalCount: page.totalCount,
  };
}

export async function kitNameList(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('testKits').select(['id', 'name']).where('deletedAt', 'is', null).orderBy('nameKey').execute();
}

/** Whether any kit was ever created (deleted ones included). */
export async function anyKitEver(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('testKits').select('id').limit(1).executeTakeFirst());
}

export async function countLiveKits(db: Db): Promise<number> {
  const row = await db
    .selectFrom('testKits')
    .where('deletedAt', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The kit's live cards with their live options, in sort order (the shape of a KitDoc's cards). */
export async function loadKitCards(db: Db, kitId: number): Promise<KitCardDoc[]> {
  const cards = await db
    .selectFrom('scentCards')
    .select(['id', 'name', 'names', 'sortOrder', 'correctScentOptionId'])
    .where('testKitId', '=', kitId)
    .where('deletedAt', 'is', null)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
  if (!cards.length) return [];
  const options = await db
    .selectFrom('scentCardOptions as co')
    .innerJoin('scentOptions as o', 'o.id', 'co.scentOptionId')
    .select([
      'co.id as scentCardOptionId',
      'co.scentCardId',
      'co.scentOptionId',
      'co.sortOrder',
      'o.title as name',
      'o.names',
      'o.storedPath',
    ])
    .where(
      'co.scentCardId',
      'in',
      cards.map((c) => c.id),
    )
    .where('co.deletedAt', 'is', null)
    .orderBy('co.sortOrder')
    .orderBy('co.id')
    .execute();
  return cards.map((c) => ({
    ...c,
    names: readLocalNames(c.names),
    options: options
      .filter((o) => o.scentCardId === c.id)
      .map(({ scentCardId: _card, ...o }) => ({ ...o, names: readLocalNames(o.names) })),
  }));
}

export async function kitDocument(db: Db, kit: KitRow): Promise<KitDoc> {
  return {
    id: kitCode(kit.name),
    kitId: kit.id,
    name: kit.name,
    version: kit.version,
    passThreshold: kit.passThreshold,
    updatedAt: kit.updatedAt,
    _deleted: false,
    cards: await loadKitCards(db, kit.id),
  };
}

export async function kitHasResults(db: Db, kitId: number): Promise<boolean> {
  const row = await db
    .selectFrom('testResults')
    .select('id')
    .where('testKitId', '=', kitId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The version a kit taking `code` must start above: devices may hold a checkpoint for the code
 * from a kit that carried it before (deleted, or renamed away), and would never pull a kit whose
 * version is not newer. (Newer devices also name the kit in their checkpoint; see the pull.)
 */
export async function codeVersionFloor(db: Db, code: string): Promise<number> {
  return (await formerKit(db, code))?.version ?? 0;
}

// ── Changes to a kit's content: the version rule ────────────────────────────

/**
 * A change in progress to the content of one or more kits (the kit, its cards, their options, or
 * the scent options they show). Every writer of kit content takes one and marks the kits it
 * changed; only `changeKits` makes one.
 */
export interface KitChange {
  readonly db: Db;
  /** Marks a kit as changed by this change. */
  touch(kitId: number): void;
}

/**
 * The one way to change what a kit holds (DESIGN.md §3, API.md "Sync"): runs `work` in one
 * transaction; afterwards every kit it touched gets its version raised by exactly one and that
 * version's snapshot stored, however many writes the change made. Returns what `work` returns.
 */
export function changeKits<T>(db: Db, work: (change: KitChange) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    const touched = new Set<number>();
    const result = await work({ db: trx, touch: (kitId) => touched.add(kitId) });
    for (const kitId of touched) await raiseVersion(trx, kitId);
    return result;
  });
}

/** Version + 1, and the new version's snapshot. Called by changeKits only. */
async function raiseVersion(db: Db, kitId: number): Promise<void> {
  const kit = await db
    .updateTable('testKits')
    .set((eb) => ({ version: eb('version', '+', 1), updatedAt: nowIso() }))
    .where('id', '=', kitId)
    .returning(KIT_COLUMNS)
    .executeTakeFirstOrThrow();
  await saveSnapshot(db, await kitDocument(db, kit));
}

export interface KitFields {
  name: string;
  isActive: boolean;
  passThreshold: number;
}

/**
 * A new kit. It starts above `versionFloor` (see codeVersionFloor): the change raises it to
 * floor + 1 with its first snapshot. Made inactive: a kit becomes active once it is playable.
 */
export async function createKit(
  change: KitChange,
  kit: Omit<KitFields, 'isActive'>,
  versionFloor: number,
): Promise<number> {
  const { id } = await change.db
    .insertInto('testKits')
    .values({
      name: kit.name,
      nameKey: kitCode(kit.name),
      isActive: 0,
      passThreshold: kit.passThreshold,
      version: versionFloor,
      deletedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  change.touch(id);
  return id;
}

/** New name, active flag or threshold; the version is first lifted to `versionFloor` when below it. */
export async function updateKitFields(
  change: KitChange,
  kitId: number,
  kit: KitFields,
  versionFloor = 0,
): Promise<void> {
  await change.db
    .updateTable('testKits')
    .set((eb) => ({
      name: kit.name,
      nameKey: kitCode(kit.name),
      isActive: kit.isActive ? 1 : 0,
      passThreshold: kit.passThreshold,
      version: sql<number>`case when ${eb.ref('version')} < ${versionFloor} then ${versionFloor} else ${eb.ref('version')} end`,
    }))
    .where('id', '=', kitId)
    .execute();
  change.touch(kitId);
}

export async function setKitActive(change: KitChange, kitId: number, active: boolean): Promise<void> {
  await change.db
    .updateTable('testKits')
    .set({ isActive: active ? 1 : 0 })
    .where('id', '=', kitId)
    .execute();
  change.touch(kitId);
}

/** Hides a kit and its cards (nothing is hard-deleted); devices holding it get a tombstone. */
export async function hideKit(change: KitChange, kitId: number): Promise<void> {
  const now = nowIso();
  await change.db.updateTable('testKits').set({ deletedAt: now, isActive: 0 }).where('id', '=', kitId).execute();
  await change.db
    .updateTable('scentCards')
    .set({ deletedAt: now })
    .where('testKitId', '=', kitId)
    .where('deletedAt', 'is', null)
    .execute();
  change.touch(kitId);
}
