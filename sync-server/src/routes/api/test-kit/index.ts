import {
  CATALOGUE_MSG,
  isKitPlayable,
  listRequest,
  success,
  type TestKit,
  type TestKitRequest,
  type TestKitUpdateRequest,
  testKitRequest,
  testKitUpdateRequest,
} from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { nowIso } from '../../../db/database';
import { invalid, notFound, warning } from '../../../lib/errors';
import { pageOf } from '../../../lib/paging';
import { idQuery, parse } from '../../../lib/validate';
import {
  bumpKitVersion,
  codeVersionFloor,
  findKit,
  findKitByCode,
  type KitRow,
  kitCode,
  kitHasResults,
  kitPlayable,
  loadKitCards,
  saveSnapshot,
} from '../../../repositories/kits';
import { kitUrl, qrDataUrl } from '../../../services/qr';

const idsQuery = z.object({ ids: z.string({ error: 'Invalid ids' }).regex(/^\d+(,\d+)*$/, { error: 'Invalid ids' }) });
const kitList = listRequest({ name: z.string().optional() });

export default async function testKitRoutes(app: FastifyInstance) {
  const { db } = app;

  async function toTestKit(kit: KitRow): Promise<TestKit> {
    const cards = await loadKitCards(db, kit.id);
    const url = kitUrl(app.config.publicUrl, kit.name);
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

  app.post('/api/TestKit/GetTestKit', { config: { access: 'admin' } }, async (req) => {
    const body = parse(kitList, req.body);
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
    const name = body.filter?.name?.trim();
    if (name)
      q = q.where(
        sql<boolean>`k.name_key like ${`%${kitCode(name).replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
      );
    const page = await pageOf(
      q,
      body,
      { id: 'k.id', name: 'k.nameKey', isActive: 'k.isActive', created: 'k.createdAt' },
      { column: 'k.id', order: 'asc' },
    );
    return success({
      list: page.list.map((k) => ({
        ...k,
        isActive: k.isActive === 1,
        cardCount: Number(k.cardCount ?? 0),
        qrCodeURL: kitUrl(app.config.publicUrl, k.name),
      })),
      totalCount: page.totalCount,
    });
  });

  app.get('/api/TestKit/GetTestKitById', { config: { access: 'admin' } }, async (req) => {
    const { id } = parse(idQuery, req.query);
    const kit = await findKit(db, id);
    if (!kit) throw notFound(CATALOGUE_MSG.kitNotFound);
    return success(await toTestKit(kit));
  });

  async function save(request: TestKitUpdateRequest): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const existing = request.id > 0 ? await findKit(trx, request.id) : undefined;
      if (request.id > 0 && !existing) throw notFound(CATALOGUE_MSG.kitNotFound);
      const body: TestKitRequest = {
        ...request,
        isActive: request.isActive ?? existing?.isActive === 1,
        passThreshold: request.passThreshold ?? existing?.passThreshold ?? 4,
      };
      const other = await findKitByCode(trx, body.name);
      if (other && other.id !== body.id) throw warning(CATALOGUE_MSG.kitNameTaken);
      if (body.isActive && !(existing && (await kitPlayable(trx, existing.id)))) {
        throw warning(CATALOGUE_MSG.kitNotPlayable);
      }
      // A code used before (a deleted kit, or one renamed away) may sit in devices' checkpoints:
      // the kit now carrying it starts above that version, or those devices would never pull it.
      const floor =
        existing && kitCode(existing.name) === kitCode(body.name) ? 0 : await codeVersionFloor(trx, body.name);
      if (!existing) {
        const row = await trx
          .insertInto('testKits')
          .values({
            name: body.name,
            nameKey: kitCode(body.name),
            isActive: 0,
            passThreshold: body.passThreshold,
            version: floor + 1,
            deletedAt: null,
          })
          .returning(['id', 'name', 'isActive', 'passThreshold', 'version', 'updatedAt', 'deletedAt'])
          .executeTakeFirstOrThrow();
        await saveSnapshot(trx, row);
        return row.id;
      }
      const changed =
        existing.name !== body.name ||
        existing.passThreshold !== body.passThreshold ||
        (existing.isActive === 1) !== body.isActive;
      if (changed) {
        await trx
          .updateTable('testKits')
          .set({
            name: body.name,
            nameKey: kitCode(body.name),
            isActive: body.isActive ? 1 : 0,
            passThreshold: body.passThreshold,
            version: Math.max(existing.version, floor),
            updatedAt: nowIso(),
          })
          .where('id', '=', existing.id)
          .execute();
        await bumpKitVersion(trx, existing.id);
      }
      return existing.id;
    });
  }

  app.post('/api/TestKit/SaveTestKit', { config: { access: 'admin' } }, async (req) => {
    const body = parse(testKitRequest, req.body);
    if (body.id > 0) throw invalid('SaveTestKit creates a kit: use UpdateTestKit with an Id');
    return success({ testKitId: await save(body) }, 'Play kit saved successfully');
  });

  app.post('/api/TestKit/UpdateTestKit', { config: { access: 'admin' } }, async (req) => {
    const body = parse(testKitUpdateRequest, req.body);
    if (body.id <= 0) throw invalid('UpdateTestKit needs the kit Id');
    return success({ testKitId: await save(body) }, 'Play kit updated successfully');
  });

  app.get('/api/TestKit/DeleteTestKit', { config: { access: 'admin' } }, async (req) => {
    const { ids } = parse(idsQuery, req.query);
    const list = [...new Set(ids.split(',').map(Number))];
    let deactivated = 0;
    await db.transaction().execute(async (trx) => {
      for (const id of list) {
        const kit = await findKit(trx, id);
        if (!kit) throw notFound(CATALOGUE_MSG.kitNotFound);
        if (await kitHasResults(trx, id)) {
          // Results keep naming their kit: made inactive (devices get a tombstone), never deleted.
          deactivated++;
          if (kit.isActive === 1) {
            await trx.updateTable('testKits').set({ isActive: 0, updatedAt: nowIso() }).where('id', '=', id).execute();
            await bumpKitVersion(trx, id);
          }
        } else {
          const now = nowIso();
          await trx
            .updateTable('testKits')
            .set({ deletedAt: now, isActive: 0, updatedAt: now })
            .where('id', '=', id)
            .execute();
          await trx
            .updateTable('scentCards')
            .set({ deletedAt: now })
            .where('testKitId', '=', id)
            .where('deletedAt', 'is', null)
            .execute();
          // A change like any other: devices holding the kit get a tombstone newer than their copy.
          await bumpKitVersion(trx, id);
        }
      }
    });
    return success(null, deactivated ? CATALOGUE_MSG.kitDeactivated : 'Play kit deleted successfully');
  });

  app.get('/api/TestKit/GetTestNameList', { config: { access: 'staff' } }, async () => {
    const kits = await db
      .selectFrom('testKits')
      .select(['id', 'name'])
      .where('deletedAt', 'is', null)
      .orderBy('nameKey')
      .execute();
    return success(kits);
  });
}
