import { CATALOGUE_MSG, MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { invalid, notFound } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { findKit, kitNameList, listKits } from '../../../repositories/kits';
import { deleteKits, saveKit, testKitView } from '../../../services/kits';
import { kitUrl } from '../../../services/qr';

export default async function testKitRoutes(app: FastifyInstance) {
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
    return success({ testKitId: await saveKit(db, req.body) }, CATALOGUE_MSG.kitSaved);
  });

  route(app, 'updateTestKit', async (req) => {
    if (req.body.id <= 0) throw invalid(MSG.invalidRequest, CATALOGUE_MSG.kitUpdateNeedsId);
    return success({ testKitId: await saveKit(db, req.body) }, CATALOGUE_MSG.kitUpdated);
  });

  route(app, 'deleteTestKit', async (req) => {
    const ids = [...new Set(req.query.ids.split(',').map(Number))];
    const deactivated = await deleteKits(db, ids);
    return success(null, deactivated ? CATALOGUE_MSG.kitDeactivated : CATALOGUE_MSG.kitDeleted);
  });

  route(app, 'getTestNameList', async () => success(await kitNameList(db)));
}
