import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { callerOf, originOf } from '../../../plugins/app/auth';
import {
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateSecret,
  saveWebhook,
  sendTestEvent,
} from '../../../services/webhooks';

/**
 * Webhooks (API.md "Webhooks and FHIR"): an organization's endpoints (Admin for any, Client Admin
 * for their own), their secrets shown once, test events, the delivery log and redelivery. Every
 * change is audited; a queued delivery wakes this instance's worker.
 */
export default async function webhooksRoutes(app: FastifyInstance) {
  const { db } = app;
  const key = app.config.totpKey;
  const { rules, worker } = app.webhooks;

  route(app, 'getWebhookList', async (req) => success(await listWebhooks(db, callerOf(req), req.body.organizationId)));

  route(app, 'saveWebhook', async (req) =>
    success(await saveWebhook(db, key, rules, originOf(req), callerOf(req), req.body)),
  );

  route(app, 'rotateSecret', async (req) =>
    success(await rotateSecret(db, key, originOf(req), callerOf(req), req.body.id)),
  );

  route(app, 'deleteWebhook', async (req) => {
    await deleteWebhook(db, originOf(req), callerOf(req), req.query.id);
    return success(null);
  });

  route(app, 'sendTestEvent', async (req) => {
    const sent = await sendTestEvent(db, originOf(req), callerOf(req), req.body.id);
    worker.nudge();
    return success(sent);
  });

  route(app, 'getDeliveryList', async (req) => success(await listDeliveries(db, callerOf(req), req.body)));

  route(app, 'redeliver', async (req) => {
    const queued = await redeliver(db, originOf(req), callerOf(req), req.body);
    worker.nudge();
    return success(queued);
  });
}
