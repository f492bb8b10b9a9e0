import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { idQuery } from '../common/schemas';
import { deliveryRowSchema, redeliveredSchema, savedWebhookSchema, webhookRowSchema } from './replies';
import { WEBHOOKS_ROUTES } from './routes';
import {
  deliveryListRequest,
  redeliverRequest,
  saveWebhookRequest,
  webhookIdRequest,
  webhookListRequest,
} from './schemas';

export const WEBHOOKS_CONTRACT = defineContract(WEBHOOKS_ROUTES, {
  getWebhookList: {
    summary: "An organization's webhook endpoints (Admin: any or all; Client Admin: their own), never their secrets",
    body: webhookListRequest,
    data: listOf(webhookRowSchema),
  },
  saveWebhook: {
    summary:
      'Creates or edits an endpoint (https only; its resolved address checked); the secret is returned only when created; audited',
    body: saveWebhookRequest,
    data: savedWebhookSchema,
  },
  rotateSecret: {
    summary: "Replaces an endpoint's secret and returns the new one, once; audited",
    body: webhookIdRequest,
    data: savedWebhookSchema,
  },
  deleteWebhook: {
    summary: 'Deletes an endpoint and its delivery log; audited',
    query: idQuery,
    data: z.null(),
  },
  sendTestEvent: {
    summary: 'Queues a `test` event (an empty Bundle) for the endpoint; audited',
    body: webhookIdRequest,
    data: z.object({ deliveryId: z.string() }),
  },
  getDeliveryList: {
    summary: "An endpoint's deliveries, newest first (the last 1,000 kept)",
    body: deliveryListRequest,
    data: listOf(deliveryRowSchema),
  },
  redeliver: {
    summary: 'Queues a delivery again under the same webhook-id, or all of an endpoint’s failed ones; audited',
    body: redeliverRequest,
    data: redeliveredSchema,
  },
});
