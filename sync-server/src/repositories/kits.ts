import type { KitCardDoc, KitDoc } from '@scentry/shared-schema';
import { isKitPlayable } from '@scentry/shared-schema';
import { sql } from 'kysely';
import { type Db, nowIso } from '../db/database';

export interface KitRow {
  id: number;
  name: string;
  isActive: number;
  passThreshold: number;
  version: number;
  updatedAt: string;
  deletedAt: string | null;
}

export const kitCode = (name: string): string => name.trim().toLowerCase();

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
    .select(['id', 'name', 'isActive', 'passThreshold', 'version', 'updatedAt', 'deletedAt'])
    .where('nameKey', '=', kitCode(code))
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** The kit's live cards with their live options, in sort order (the shape of a KitDoc's cards). */
export async function loadKitCards(db: Db, kitId: number): Promise<KitCardDoc[]> {
  const cards = await db
    .selectFrom('scentCards')
    .select(['id', 'name', 'sortOrder', 'correctScentOptionId'])
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
    options: options.filter((o) => o.scentCardId === c.id).map(({ scentCardId: _card, ...o }) => o),
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

export async function kitPlayable(db: Db, kitId: number): Promise<boolean> {
  return isKitPlayable(await loadKitCards(db, kitId));
}

/**
 * Records a change to a kit, its cards or their options: the version grows by one and the new
 * version's snapshot is kept, so results played on any version are judged against what was played.
 * Call inside the transaction that made the change.
 */
export async function bumpKitVersion(db: Db, kitId: number): Promise<number> {
  const updatedAt = nowIso();
  const row = await db
    .updateTable('testKits')
    .set((eb) => ({ version: eb('version', '+', 1), updatedAt }))
    .where('id', '=', kitId)
    .returning(['id', 'name', 'isActive', 'passThreshold', 'version', 'updatedAt', 'deletedAt'])
    .executeTakeFirstOrThrow();
  await saveSnapshot(db, row);
  return row.version;
}

export async function saveSnapshot(db: Db, kit: KitRow): Promise<void> {
  const doc = await kitDocument(db, kit);
  await db
    .insertInto('kitVersions')
    .values({ testKitId: kit.id, version: kit.version, snapshot: JSON.stringify(doc) })
    .onConflict((oc) => oc.columns(['testKitId', 'version']).doUpdateSet({ snapshot: JSON.stringify(doc) }))
    .execute();
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
 * A code no live kit carries, but that some kit carried once (renamed or deleted): the newest such
 * kit's state, or undefined when the server never knew the code. Snapshots are KitDocs serialised
 * with `id` first, so a prefix match finds every version that carried the code (portable SQL).
 */
export async function formerKit(db: Db, code: string): Promise<{ version: number; updatedAt: string } | undefined> {
  const prefix = `${JSON.stringify({ id: code }).slice(0, -1)},%`;
  return db
    .selectFrom('testKits as k')
    .select(['k.version', 'k.updatedAt'])
    .where((eb) =>
      eb.or([
        eb('k.nameKey', '=', code),
        eb(
          'k.id',
          'in',
          eb.selectFrom('kitVersions as v').select('v.testKitId').where(sql<boolean>`v.snapshot like ${prefix}`),
        ),
      ]),
    )
    .orderBy('k.version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The version a kit taking `code` must start above: devices may hold a checkpoint for the code
 * from a kit that carried it before (deleted, or renamed away), and would never pull a kit whose
 * version is not newer.
 */
export async function codeVersionFloor(db: Db, code: string): Promise<number> {
  return (await formerKit(db, kitCode(code)))?.version ?? 0;
}
