import { CATALOGUE_MSG, MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { invalid, notFound } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { originOf } from '../../../plugins/app/auth';
import { findKit, kitNameList, listKits } from '../../../repositories/kits';
import { deleteKits, saveKit, testKitView } from '../../../services/kits';
import { kitUrl } from '../../../services/qr';

export default async function kitsRoutes(app: FastifyInstance) {
  const { db, config } = app;

  route(app, 'getTestKit', async (req) => {
    const page = await listKits(db, req.body, req.body.filter?.name ?? undefined);
    return success({
      list: page.list.map((k) => ({ ...k, qrCodeURL: kitUrl(config.publicUrl, k.name) })),
      totalCount: page.totalCount,
    });
  });

  route(app, 'getTestKitById', async (req) => {
    const kit = await findKit(db, req.query.id);
    if (!kit) throw notFound(CATALOGUE_MSG.kitNotFound);
    return success(await testKitView(db, config, kit));
  });

  route(app, 'saveTestKit', async (req) => {
    if (req.body.id > 0) throw invalid(MSG.invalidRequest, CATALOGUE_MSG.kitCreateHasId);
    const testKitId = await saveKit(db, originOf(req), req.body);
    return success({ testKitId }, CATALOGUE_MSG.kitSaved);
  });

  route(app, 'updateTestKit', async (req) => {
    if (req.body.id <= 0) throw invalid(MSG.invalidRequest, CATALOGUE_MSG.kitUpdateNeedsId);
    const testKitId = await saveKit(db, originOf(req), req.body);
    return success({ testKitId }, CATALOGUE_MSG.kitUpdated);
  });

  route(app, 'deleteTestKit', async (req) => {
    const ids = [...new Set(req.query.ids.split(',').map(Number))];
    const deactivated = await deleteKits(db, originOf(req), ids);
    return success(null, deactivated ? CATALOGUE_MSG.kitDeactivated : CATALOGUE_MSG.kitDeleted);
  });

  route(app, 'getTestNameList', async () => success(await kitNameList(db)));
}
