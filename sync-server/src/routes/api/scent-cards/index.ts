import { CATALOGUE_MSG, isKitPlayable, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { originOf } from '../../../plugins/app/auth';
import { findKit, findKitByCode, loadKitCards } from '../../../repositories/kits';
import { listCards, loadCard } from '../../../repositories/scent-cards';
import { deleteCard, saveCard } from '../../../services/scent-cards';

export default async function scentCardsRoutes(app: FastifyInstance) {
  const { db } = app;

  /** Public: the play rows of a kit (spec §3), by code, only while the kit is active and playable. */
  route(app, 'getSentCardDetails', async (req) => {
    const kit = await findKitByCode(db, req.query.testKitName);
    const cards = kit && kit.isActive === 1 ? await loadKitCards(db, kit.id) : [];
    if (!kit || !isKitPlayable(cards)) throw notFound(CATALOGUE_MSG.kitUnavailable);
    const rows = cards.flatMap((c) =>
      c.options.map((o) => ({
        testKitId: kit.id,
        scentCardId: c.id,
        scentCardSortOrder: c.sortOrder,
        scentCardOptionsId: o.scentCardOptionId,
        scentCardOptionsSortOrder: o.sortOrder,
        scentCardOptionDetailId: o.scentOptionId,
        scentCardOptionsName: o.name,
        storedPath: o.storedPath,
      })),
    );
    return success(rows);
  });

  route(app, 'getScentCardByTestKitId', async (req) => {
    if (!(await findKit(db, req.body.testKitId))) throw notFound(CATALOGUE_MSG.kitNotFound);
    return success(await listCards(db, req.body.testKitId, req.body));
  });

  route(app, 'getScentCardDetailById', async (req) => {
    const card = await loadCard(db, req.query.id);
    if (!card) throw notFound(CATALOGUE_MSG.cardNotFound);
    return success(card);
  });

  route(app, 'createSentCardDetails', async (req) => {
    const scentCardId = await saveCard(db, originOf(req), req.body, 'create');
    return success({ scentCardId }, CATALOGUE_MSG.cardSaved);
  });

  route(app, 'updateSentCardDetails', async (req) => {
    const scentCardId = await saveCard(db, originOf(req), req.body, 'update');
    return success({ scentCardId }, CATALOGUE_MSG.cardUpdated);
  });

  route(app, 'deleteScentCard', async (req) => {
    await deleteCard(db, originOf(req), req.query.id);
    return success(null, CATALOGUE_MSG.cardDeleted);
  });
}
