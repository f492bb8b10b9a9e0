import { type KitDoc, kitCode } from '@scentry/shared-schema';
import type { Db } from '../db/database';

/** Stores the snapshot of a kit version: the KitDoc devices are given for it, under its code. */
export async function saveSnapshot(db: Db, doc: KitDoc): Promise<void> {
  const snapshot = JSON.stringify(doc);
  await db
    .insertInto('kitVersions')
    .values({ testKitId: doc.kitId, version: doc.version, code: doc.id, snapshot })
    .onConflict((oc) => oc.columns(['testKitId', 'version']).doUpdateSet({ snapshot, code: doc.id }))
    .execute();
}

// Snapshots of (kit, version) never change once written, so parsed ones are kept in memory: one
// cache per database (tests build many apps, each with its own kit ids), bounded.
const SNAPSHOT_CACHE_MAX = 500;
const snapshotCaches = new WeakMap<Db, Map<string, KitDoc>>();

/**
 * The snapshot of a kit version (the KitDoc devices were given), from memory when seen before.
 * `root` keys the cache; `db` (a transaction, or the root itself) reads a snapshot not yet cached.
 */
export async function loadSnapshot(
  root: Db,
  testKitId: number,
  version: number,
  db: Db = root,
): Promise<KitDoc | undefined> {
  let cache = snapshotCaches.get(root);
  if (!cache) {
    cache = new Map();
    snapshotCaches.set(root, cache);
  }
  const key = `${testKitId}:${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const row = await db
    .selectFrom('kitVersions')
    .select('snapshot')
    .where('testKitId', '=', testKitId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) return undefined;
  const doc = JSON.parse(row.snapshot) as KitDoc;
  if (cache.size >= SNAPSHOT_CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, doc);
  return doc;
}

/**
 * The newest state of any kit that carries or once carried `code` (renamed away, or deleted), or
 * undefined when the server never knew the code.
 */
export async function formerKit(
  db: Db,
  code: string,
): Promise<{ kitId: number; version: number; updatedAt: string } | undefined> {
  const key = kitCode(code);
  return db
    .selectFrom('testKits as k')
    .select(['k.id as kitId', 'k.version', 'k.updatedAt'])
    .where((eb) =>
      eb.or([
        eb('k.nameKey', '=', key),
        eb('k.id', 'in', eb.selectFrom('kitVersions as v').select('v.testKitId').where('v.code', '=', key)),
      ]),
    )
    .orderBy('k.version', 'desc')
    .limit(1)
    .executeTakeFirst();
}
