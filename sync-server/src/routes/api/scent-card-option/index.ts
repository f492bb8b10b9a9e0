import { CATALOGUE_MSG, listRequest, type ScentOption, scentOptionModel, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { type Db, nowIso } from '../../../db/database';
import { invalid, notFound, warning } from '../../../lib/errors';
import { likeContains, pageOf } from '../../../lib/paging';
import { idQuery, parse } from '../../../lib/validate';
import { bumpKitVersion } from '../../../repositories/kits';
import { checkPng, readModelAndFile, storeImage } from '../../../services/uploads';

// The spec's alias: filter Title or Name.
const optionList = listRequest({ title: z.string().optional().nullable(), name: z.string().optional().nullable() });

const COLUMNS = ['id', 'title', 'storedPath', 'originalFileName'] as const;

async function findOption(db: Db, id: number): Promise<ScentOption | undefined> {
  return db
    .selectFrom('scentOptions')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

/** Kits whose live cards show this option: its name or picture changing changes them too. */
async function kitsUsing(db: Db, optionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('scentCardOptions as co')
    .innerJoin('scentCards as c', 'c.id', 'co.scentCardId')
    .select('c.testKitId')
    .distinct()
    .where('co.scentOptionId', '=', optionId)
    .where('co.deletedAt', 'is', null)
    .where('c.deletedAt', 'is', null)
    .execute();
  return rows.map((r) => r.testKitId);
}

export default async function scentOptionRoutes(app: FastifyInstance) {
  const { db } = app;

  app.post('/api/ScentCardOption/GetScentCardOptionList', { config: { access: 'admin' } }, async (req) => {
    const body = parse(optionList, req.body);
    let q = db.selectFrom('scentOptions').select(COLUMNS).where('deletedAt', 'is', null);
    const text = (body.filter?.title ?? body.filter?.name ?? '').trim();
    if (text) q = q.where(sql<boolean>`title like ${likeContains(text)} escape '\\'`);
    return success(await pageOf(q, body, { id: 'id', title: 'title', name: 'title' }, { column: 'id', order: 'asc' }));
  });

  app.get('/api/ScentCardOption/DropDownForScentCardOption', { config: { access: 'admin' } }, async () => {
    const list = await db
      .selectFrom('scentOptions')
      .select(['id', 'title', 'storedPath'])
      .where('deletedAt', 'is', null)
      .orderBy('title')
      .execute();
    return success(list);
  });

  app.get('/api/ScentCardOption/GetScentCardOptionById', { config: { access: 'admin' } }, async (req) => {
    const { id } = parse(idQuery, req.query);
    const option = await findOption(db, id);
    if (!option) throw notFound(CATALOGUE_MSG.optionNotFound);
    return success(option);
  });

  app.post('/api/ScentCardOption/CreateScentCardOption', { config: { access: 'admin' } }, async (req) => {
    const { model, file } = await readModelAndFile(req);
    const body = parse(scentOptionModel, model);
    // Every check passes before anything is written, to disk or database.
    const png = checkPng(file);
    const storedPath = storeImage(app.config.dataDir, png.buffer);
    const { id } = await db
      .insertInto('scentOptions')
      .values({ title: body.title, storedPath, originalFileName: png.fileName || null, deletedAt: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return success(
      { id, title: body.title, storedPath, originalFileName: png.fileName || null },
      'Scent option saved successfully',
    );
  });

  app.post('/api/ScentCardOption/UpdateScentCardOption', { config: { access: 'admin' } }, async (req) => {
    const { model, file } = await readModelAndFile(req);
    const body = parse(scentOptionModel, model);
    if (body.id <= 0) throw invalid('Invalid request', 'model.Id: required to update');
    const png = file && file.buffer.length > 0 ? checkPng(file) : undefined;
    const option = await findOption(db, body.id);
    if (!option) throw notFound(CATALOGUE_MSG.optionNotFound);
    const storedPath = png ? storeImage(app.config.dataDir, png.buffer) : option.storedPath;
    const originalFileName = png ? png.fileName || null : option.originalFileName;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('scentOptions')
        .set({ title: body.title, storedPath, originalFileName, updatedAt: nowIso() })
        .where('id', '=', body.id)
        .execute();
      if (body.title !== option.title || storedPath !== option.storedPath) {
        for (const kitId of await kitsUsing(trx, body.id)) await bumpKitVersion(trx, kitId);
      }
    });
    return success(
      { id: body.id, title: body.title, storedPath, originalFileName },
      'Scent option updated successfully',
    );
  });

  app.get('/api/ScentCardOption/DeleteScentCardOption', { config: { access: 'admin' } }, async (req) => {
    const { id } = parse(idQuery, req.query);
    const option = await findOption(db, id);
    if (!option) throw notFound(CATALOGUE_MSG.optionNotFound);
    if ((await kitsUsing(db, id)).length) throw warning(CATALOGUE_MSG.optionInUse);
    const inCorrect = await db
      .selectFrom('scentCards')
      .select('id')
      .where('correctScentOptionId', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (inCorrect) throw warning(CATALOGUE_MSG.optionInUse);
    // Hidden, not removed: results that chose it keep its name and picture.
    await db.updateTable('scentOptions').set({ deletedAt: nowIso() }).where('id', '=', id).execute();
    return success(null, 'Scent option deleted successfully');
  });
}
