import type { KitDoc } from '@scentry/shared-schema';
import { kitCode } from '@scentry/shared-schema';
import { type LocalDatabase, openLocalDatabase } from './db';
import { type DeviceMark, nextMark } from './device';
import type { LocalEmail, LocalForm, LocalResult, SyncState } from './types';

/** The image cache the service worker serves /uploads from (CacheFirst, same name). */
export const IMAGE_CACHE = 'scentry-images';

/* Each function works on the app's database, or on the one given (unit tests: memory storage). */

export async function saveKitLocally(kit: KitDoc, db?: LocalDatabase): Promise<void> {
  db ??= await openLocalDatabase();
  await db.kits.upsert(kit);
}

export async function getLocalKit(code: string, db?: LocalDatabase): Promise<KitDoc | null> {
  db ??= await openLocalDatabase();
  const doc = await db.kits.findOne(kitCode(code)).exec();
  return doc ? (stripMeta(doc.toJSON()) as KitDoc) : null;
}

/**
 * Puts every option picture of a kit into the image cache with explicit fetches: the first visit
 * is not yet controlled by the service worker, so its own requests would not be cached.
 */
export async function cacheKitImages(kit: KitDoc): Promise<void> {
  if (!('caches' in window)) return;
  const cache = await caches.open(IMAGE_CACHE);
  const urls = [...new Set(kit.cards.flatMap((c) => c.options.map((o) => o.storedPath)))];
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url)) return;
      const res = await fetch(url);
      if (res.ok) await cache.put(url, res);
    }),
  );
}

/** Keeps a result to upload, numbered by the device (API.md "Devices"). */
export async function saveResultLocally(result: LocalResult, db?: LocalDatabase): Promise<void> {
  db ??= await openLocalDatabase();
  await db.results.insert({ ...result, ...(await nextMark(db)) });
}

/**
 * The device's next number, for a form or an e-mail about to be sent at once or queued: it keeps
 * it either way (a direct send that falls back to the queue goes under the same number).
 */
export async function takeDeviceMark(db?: LocalDatabase): Promise<DeviceMark> {
  db ??= await openLocalDatabase();
  return nextMark(db);
}

/** Removes RxDB's own fields (_meta, _rev, _attachments, _deleted) from a stored document. */
export function stripMeta<T extends object>(doc: T): T {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_'))) as T;
}

/** Where a result of this device stands with the server; null when the device does not hold it. */
export async function resultSyncState(id: string, db?: LocalDatabase): Promise<SyncState | null> {
  db ??= await openLocalDatabase();
  const doc = await db.results.findOne(id).exec();
  return doc ? (doc.syncState as SyncState) : null;
}

/**
 * The write key this device made with a result (API.md "Writing to a result"); null for a result
 * of an older build (it has none) or one this device does not hold.
 */
export async function resultWriteKey(id: string, db?: LocalDatabase): Promise<string | null> {
  db ??= await openLocalDatabase();
  const doc = await db.results.findOne(id).exec();
  return doc?.writeKey ?? null;
}

/** Keeps an e-mail on the device until it can go out (the sync loop pushes it). */
export async function queueEmailLocally(
  email: Omit<LocalEmail, 'state' | 'createdAt'>,
  db?: LocalDatabase,
): Promise<void> {
  db ??= await openLocalDatabase();
  await db.emails.upsert({ ...email, state: 'pending', createdAt: new Date().toISOString() });
}

/** Keeps a medical form or questionnaire on the device until the server has it (the sync loop pushes it). */
export async function queueFormLocally(
  form: Omit<LocalForm, 'state' | 'createdAt'>,
  db?: LocalDatabase,
): Promise<void> {
  db ??= await openLocalDatabase();
  await db.forms.upsert({ ...form, state: 'pending', createdAt: new Date().toISOString() });
}

/** Where a kept form stands (pending, uploaded, or refused with its reason); null when this device does not hold it. */
export async function formState(
  id: string,
  db?: LocalDatabase,
): Promise<{ state: LocalForm['state']; reason: string | null } | null> {
  db ??= await openLocalDatabase();
  const doc = await db.forms.findOne(id).exec();
  return doc ? { state: doc.state as LocalForm['state'], reason: doc.reason ?? null } : null;
}
