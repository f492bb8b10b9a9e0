import {
  CATALOGUE_MSG,
  isKitPlayable,
  kitCode,
  type TestKit,
  type TestKitRequest,
  type TestKitUpdateRequest,
} from '@scentry/shared-schema';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { notFound, warning } from '../lib/errors';
import {
  changeKits,
  codeVersionFloor,
  createKit,
  findKit,
  findKitByCode,
  hideKit,
  type KitRow,
  kitHasResults,
  loadKitCards,
  setKitActive,
  updateKitFields,
} from '../repositories/kits';
import { audit } from './audit';
import type { Origin } from './caller';
import { kitUrl, qrDataUrl } from './qr';

/** A kit as the admin's editor shows it: playability, card count and its QR code. */
export async function testKitView(db: Db, config: Config, kit: KitRow): Promise<TestKit> {
  const cards = await loadKitCards(db, kit.id);
  const url = kitUrl(config.publicUrl, kit.name);
  return {
    id: kit.id,
    name: kit.name,
    isActive: kit.isActive === 1,
    passThreshold: kit.passThreshold,
    version: kit.version,
    playable: isKitPlayable(cards),
    cardCount: cards.length,
    qrCode: await qrDataUrl(url),
    qrCodeURL: url,
  };
}

/**
 * Creates (id 0) or updates a kit. The code is unique ignoring case; only a playable kit can be
 * active; an update that leaves out IsActive or PassThreshold keeps them; an update that changes
 * nothing raises no version.
 */
export function saveKit(db: Db, origin: Origin, request: TestKitUpdateRequest): Promise<number> {
  return changeKits(db, async (change) => {
    const trx = change.db;
    const existing = request.id > 0 ? await findKit(trx, request.id) : undefined;
    if (request.id > 0 && !existing) throw notFound(CATALOGUE_MSG.kitNotFound);
    const body: TestKitRequest = {
      ...request,
      isActive: request.isActive ?? existing?.isActive === 1,
      passThreshold: request.passThreshold ?? existing?.passThreshold ?? 4,
    };
    const other = await findKitByCode(trx, body.name);
    if (other && other.id !== body.id) throw warning(CATALOGUE_MSG.kitNameTaken);
    if (body.isActive && !(existing && isKitPlayable(await loadKitCards(trx, existing.id)))) {
      throw warning(CATALOGUE_MSG.kitNotPlayable);
    }
    // A code used before (a deleted kit, or one renamed away) may sit in devices' checkpoints:
    // the kit now carrying it starts above that version, or those devices would never pull it.
    const keepsCode = existing && kitCode(existing.name) === kitCode(body.name);
    const floor = keepsCode ? 0 : await codeVersionFloor(trx, body.name);
    if (!existing) {
      const id = await createKit(change, body, floor);
      await audit(trx, origin, 'create', 'play kit', id, { detail: body.name });
      return id;
    }
    const changed =
      existing.name !== body.name ||
      existing.passThreshold !== body.passThreshold ||
      (existing.isActive === 1) !== body.isActive;
    if (changed) await updateKitFields(change, existing.id, body, floor);
    await audit(trx, origin, 'update', 'play kit', existing.id, { detail: body.name });
    return existing.id;
  });
}

/**
 * Deletes kits: a kit with results is made inactive instead (results keep naming it; devices get
 * a tombstone). Returns how many were deactivated rather than deleted.
 */
export function deleteKits(db: Db, origin: Origin, ids: number[]): Promise<number> {
  return changeKits(db, async (change) => {
    let deactivated = 0;
    for (const id of ids) {
      const kit = await findKit(change.db, id);
      if (!kit) throw notFound(CATALOGUE_MSG.kitNotFound);
      const hasResults = await kitHasResults(change.db, id);
      if (hasResults) {
        deactivated++;
        if (kit.isActive === 1) await setKitActive(change, id, false);
      } else {
        await hideKit(change, id);
      }
      await audit(change.db, origin, 'delete', 'play kit', id, {
        detail: hasResults ? 'made inactive: it has results' : undefined,
      });
    }
    return deactivated;
  });
}
