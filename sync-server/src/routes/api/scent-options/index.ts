import { CATALOGUE_MSG, CONTRACT, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../lib/errors';
import { readModelAndFile } from '../../../lib/multipart';
import { route } from '../../../lib/route';
import { parse } from '../../../lib/validate';
import { originOf } from '../../../plugins/app/auth';
import { findOption, listOptions, optionChoices } from '../../../repositories/scent-options';
import { createScentOption, deleteScentOption, updateScentOption } from '../../../services/scent-options';

export default async function scentOptionsRoutes(app: FastifyInstance) {
  const { db, config } = app;

  route(app, 'getScentCardOptionList', async (req) => {
    const { filter } = req.body;
    return success(await listOptions(db, req.body, filter?.title ?? filter?.name ?? ''));
  });

  route(app, 'dropDownForScentCardOption', async () => success(await optionChoices(db)));

  route(app, 'getScentCardOptionById', async (req) => {
    const option = await findOption(db, req.query.id);
    if (!option) throw notFound(CATALOGUE_MSG.optionNotFound);
    return success(option);
  });

  route(app, 'createScentCardOption', async (req) => {
    const { model, file } = await readModelAndFile(req);
    const body = parse(CONTRACT.createScentCardOption.model, model);
    const option = await createScentOption(db, originOf(req), config, body, file);
    return success(option, CATALOGUE_MSG.optionSaved);
  });

  route(app, 'updateScentCardOption', async (req) => {
    const { model, file } = await readModelAndFile(req);
    const body = parse(CONTRACT.updateScentCardOption.model, model);
    const option = await updateScentOption(db, originOf(req), config, body, file);
    return success(option, CATALOGUE_MSG.optionUpdated);
  });

  route(app, 'deleteScentCardOption', async (req) => {
    await deleteScentOption(db, originOf(req), req.query.id);
    return success(null, CATALOGUE_MSG.optionDeleted);
  });
}
