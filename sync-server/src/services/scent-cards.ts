import { CATALOGUE_MSG, MSG, type ScentCardRequest } from '@scentry/shared-schema';
import type { Db } from '../db/database';
import { invalid, notFound, warning } from '../lib/errors';
import { changeKits, findKit } from '../repositories/kits';
import {
  cardOrderTaken,
  findCard,
  hideCard,
  insertCard,
  setCardOptions,
  updateCard,
} from '../repositories/scent-cards';
import { countLiveOptions } from '../repositories/scent-options';
import { audit } from './audit';
import type { Origin } from './caller';

/**
 * Creates or updates a scent card with its options, in one change of its kit: the sort order is
 * free among the kit's cards, every option is a live scent option.
 */
export function saveCard(db: Db, origin: Origin, body: ScentCardRequest, mode: 'create' | 'update'): Promise<number> {
  if (mode === 'update' && body.id <= 0) throw invalid(MSG.invalidRequest, CATALOGUE_MSG.cardUpdateNeedsId);
  if (mode === 'create' && body.id > 0) throw invalid(MSG.invalidRequest, CATALOGUE_MSG.cardCreateHasId);
  return changeKits(db, async (change) => {
    const trx = change.db;
    const kit = await findKit(trx, body.testKitId);
    if (!kit) throw notFound(CATALOGUE_MSG.kitNotFound);
    if (mode === 'update') {
      const card = await findCard(trx, body.id);
      if (!card || card.testKitId !== kit.id) throw notFound(CATALOGUE_MSG.cardNotFound);
    }
    if (await cardOrderTaken(trx, kit.id, body.sortOrder, body.id)) throw warning(CATALOGUE_MSG.cardOrderTaken);
    const optionIds = new Set(body.scentCardOptions.map((o) => o.scentCardOptionDetailId));
    if ((await countLiveOptions(trx, [...optionIds])) !== optionIds.size) {
      throw invalid(CATALOGUE_MSG.optionNotFound, 'scentCardOptions: unknown scent option');
    }
    const fields = {
      name: body.name,
      names: body.names,
      sortOrder: body.sortOrder,
      correctScentOptionId: body.scentCardOptionResultId,
    };
    let cardId = body.id;
    if (mode === 'create') cardId = await insertCard(change, kit.id, fields);
    else await updateCard(change, kit.id, cardId, fields);
    await setCardOptions(change, kit.id, cardId, body.scentCardOptions);
    await audit(trx, origin, mode, 'scent card', cardId, { detail: `play kit ${kit.id}` });
    return cardId;
  });
}

/** Hides a card; an active kit's cards cannot be deleted. */
export function deleteCard(db: Db, origin: Origin, id: number): Promise<void> {
  return changeKits(db, async (change) => {
    const card = await findCard(change.db, id);
    const kit = card && (await findKit(change.db, card.testKitId));
    if (!card || !kit) throw notFound(CATALOGUE_MSG.cardNotFound);
    if (kit.isActive === 1) throw warning(CATALOGUE_MSG.cardDeleteActive);
    await hideCard(change, kit.id, id);
    await audit(change.db, origin, 'delete', 'scent card', id, { detail: `play kit ${kit.id}` });
  });
}
