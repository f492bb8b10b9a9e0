import {
  CATALOGUE_MSG,
  isKitPlayable,
  listRequest,
  type ScentCard,
  type ScentCardRequest,
  scentCardRequest,
  success,
} from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Db, nowIso } from '../../../db/database';
import { invalid, notFound, warning } from '../../../lib/errors';
import { pageOf } from '../../../lib/paging';
import { idQuery, parse } from '../../../lib/validate';
import { bumpKitVersion, findKit, findKitByCode, loadKitCards } from '../../../repositories/kits';

const kitNameQuery = z.object({
  testKitName: z.string({ error: CATALOGUE_MSG.kitUnavailable }).trim().min(1, { error: CATALOGUE_MSG.kitUnavailable }),
});
const cardList = listRequest({}).extend({
  testKitId: z.coerce.number({ error: CATALOGUE_MSG.kitNotFound }).int().positive({ error: CATALOGUE_MSG.kitNotFound }),
});

async function loadCard(db: Db, id: number): Promise<ScentCard | undefined> {
  const card = await db
    .selectFrom('scentCards as c')
    .innerJoin('testKits as k', 'k.id', 'c.testKitId')
    .select(['c.id', 'c.name', 'c.sortOrder', 'c.correctScentOptionId', 'c.testKitId', 'k.name as testKitName'])
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
      'o.storedPath as scentCardOptionStoredPath',
    ])
    .where('co.scentCardId', '=', id)
    .where('co.deletedAt', 'is', null)
    .orderBy('co.sortOrder')
    .execute();
  const { correctScentOptionId, ...rest } = card;
  return { ...rest, scentCardOptionResultId: correctScentOptionId, scentCardOptions: options };
}

export default async function scentCardRoutes(app: FastifyInstance) {
  const { db } = app;

  /** Public: the play rows of a kit (spec §3), by code, only while the kit is active and playable. */
  app.get('/api/SentCard/GetSentCardDetails', { config: { access: 'public' } }, async (req) => {
    const { testKitName } = parse(kitNameQuery, req.query);
    const kit = await findKitByCode(db, testKitName);
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

  app.post('/api/SentCard/GetScentCardByTestKitId', { config: { access: 'admin' } }, async (req) => {
    const body = parse(cardList, req.body);
    if (!(await findKit(db, body.testKitId))) throw notFound(CATALOGUE_MSG.kitNotFound);
    const q = db
      .selectFrom('scentCards as c')
      .leftJoin('scentOptions as o', 'o.id', 'c.correctScentOptionId')
      .select([
        'c.id',
        'c.name',
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
      .where('c.testKitId', '=', body.testKitId)
      .where('c.deletedAt', 'is', null);
    const page = await pageOf(
      q,
      body,
      { id: 'c.id', name: 'c.name', sortOrder: 'c.sortOrder', title: 'o.title' },
      { column: 'c.sortOrder', order: 'asc' },
    );
    return success({
      list: page.list.map((r) => ({ ...r, optionCount: Number(r.optionCount ?? 0) })),
      totalCount: page.totalCount,
    });
  });

  app.get('/api/SentCard/GetScentCardDetailById', { config: { access: 'admin' } }, async (req) => {
    const { id } = parse(idQuery, req.query);
    const card = await loadCard(db, id);
    if (!card) throw notFound(CATALOGUE_MSG.cardNotFound);
    return success(card);
  });

  async function saveCard(body: ScentCardRequest, mode: 'create' | 'update'): Promise<number> {
    if (mode === 'update' && body.id <= 0) throw invalid('Invalid request', 'id: required to update');
    if (mode === 'create' && body.id > 0)
      throw invalid('Invalid request', 'id: use UpdateSentCardDetails to change a card');
    return db.transaction().execute(async (trx) => {
      const kit = await findKit(trx, body.testKitId);
      if (!kit) throw notFound(CATALOGUE_MSG.kitNotFound);
      let cardId = body.id;
      if (mode === 'update') {
        const card = await trx
          .selectFrom('scentCards')
          .select(['id', 'testKitId'])
          .where('id', '=', body.id)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
        if (!card || card.testKitId !== kit.id) throw notFound(CATALOGUE_MSG.cardNotFound);
      }
      const clash = await trx
        .selectFrom('scentCards')
        .select('id')
        .where('testKitId', '=', kit.id)
        .where('sortOrder', '=', body.sortOrder)
        .where('deletedAt', 'is', null)
        .where('id', '!=', cardId)
        .executeTakeFirst();
      if (clash) throw warning(CATALOGUE_MSG.cardOrderTaken);

      const optionIds = body.scentCardOptions.map((o) => o.scentCardOptionDetailId);
      const live = await trx
        .selectFrom('scentOptions')
        .select('id')
        .where('id', 'in', optionIds)
        .where('deletedAt', 'is', null)
        .execute();
      if (live.length !== new Set(optionIds).size)
        throw invalid(CATALOGUE_MSG.optionNotFound, 'scentCardOptions: unknown scent option');

      const now = nowIso();
      if (mode === 'create') {
        ({ id: cardId } = await trx
          .insertInto('scentCards')
          .values({
            testKitId: kit.id,
            name: body.name,
            sortOrder: body.sortOrder,
            correctScentOptionId: body.scentCardOptionResultId,
            deletedAt: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        await trx
          .updateTable('scentCards')
          .set({
            name: body.name,
            sortOrder: body.sortOrder,
            correctScentOptionId: body.scentCardOptionResultId,
            updatedAt: now,
          })
          .where('id', '=', cardId)
          .execute();
      }

      // Option rows: kept rows are updated in place, new ones inserted, dropped ones hidden.
      const existing = await trx
        .selectFrom('scentCardOptions')
        .select('id')
        .where('scentCardId', '=', cardId)
        .where('deletedAt', 'is', null)
        .execute();
      const existingIds = new Set(existing.map((r) => r.id));
      const kept = new Set<number>();
      for (const o of body.scentCardOptions) {
        if (o.scentCardOptionId > 0 && existingIds.has(o.scentCardOptionId)) {
          kept.add(o.scentCardOptionId);
          await trx
            .updateTable('scentCardOptions')
            .set({ scentOptionId: o.scentCardOptionDetailId, sortOrder: o.sortOrder })
            .where('id', '=', o.scentCardOptionId)
            .execute();
        } else {
          await trx
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
        await trx.updateTable('scentCardOptions').set({ deletedAt: now }).where('id', 'in', dropped).execute();
      }
      await bumpKitVersion(trx, kit.id);
      return cardId;
    });
  }

  app.post('/api/SentCard/CreateSentCardDetails', { config: { access: 'admin' } }, async (req) => {
    const body = parse(scentCardRequest, req.body);
    return success({ scentCardId: await saveCard(body, 'create') }, 'Scent card saved successfully');
  });

  app.post('/api/SentCard/UpdateSentCardDetails', { config: { access: 'admin' } }, async (req) => {
    const body = parse(scentCardRequest, req.body);
    return success({ scentCardId: await saveCard(body, 'update') }, 'Scent card updated successfully');
  });

  app.get('/api/SentCard/DeleteScentCard', { config: { access: 'admin' } }, async (req) => {
    const { id } = parse(idQuery, req.query);
    await db.transaction().execute(async (trx) => {
      const card = await trx
        .selectFrom('scentCards')
        .select(['id', 'testKitId'])
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      const kit = card && (await findKit(trx, card.testKitId));
      if (!card || !kit) throw notFound(CATALOGUE_MSG.cardNotFound);
      if (kit.isActive === 1) throw warning(CATALOGUE_MSG.cardDeleteActive);
      // Hidden, not removed: results keep naming the card.
      await trx.updateTable('scentCards').set({ deletedAt: nowIso() }).where('id', '=', id).execute();
      await bumpKitVersion(trx, kit.id);
    });
    return success(null, 'Scent card deleted successfully');
  });
}
