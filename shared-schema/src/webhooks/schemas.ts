import { z } from 'zod';
import { MSG } from '../common/messages';
import { WEBHOOK_EVENTS, WEBHOOK_MSG, WEBHOOK_URL_MAX } from './rules';

const positiveId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(Number.MAX_SAFE_INTEGER, { error: message });

/** GetWebhookList: an Admin names the organization (all when absent); a Client Admin's is always theirs. */
export const webhookListRequest = z.object(
  { organizationId: positiveId(MSG.invalidRequest).nullable().optional() },
  { error: MSG.invalidRequest },
);
export type WebhookListRequest = z.output<typeof webhookListRequest>;

/** An endpoint's URL: `https://` (the address rules are the server's, checked on the resolved address). */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MSG.invalidUrl })
  .trim()
  .min(1, { error: WEBHOOK_MSG.invalidUrl })
  .max(WEBHOOK_URL_MAX, { error: WEBHOOK_MSG.urlTooLong });

/** SaveWebhook: creates (no `id`) or edits an endpoint. */
export const saveWebhookRequest = z.object(
  {
    id: positiveId(WEBHOOK_MSG.notFound).nullable().optional(),
    organizationId: positiveId(WEBHOOK_MSG.organizationRequired),
    url: webhookUrlSchema,
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.invalidEvent }), { error: WEBHOOK_MSG.eventsRequired })
      .min(1, { error: WEBHOOK_MSG.eventsRequired })
      .max(WEBHOOK_EVENTS.length, { error: WEBHOOK_MSG.invalidEvent })
      .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
    isActive: z.boolean({ error: MSG.invalidRequest }),
  },
  { error: MSG.invalidRequest },
);
export type SaveWebhookRequest = z.output<typeof saveWebhookRequest>;

/** RotateSecret, SendTestEvent: one endpoint. */
export const webhookIdRequest = z.object({ id: positiveId(WEBHOOK_MSG.notFound) }, { error: MSG.invalidRequest });
export type WebhookIdRequest = z.output<typeof webhookIdRequest>;

/** A delivery's id: its `webhook-id` (`msg_` and 26 characters). */
export const deliveryIdSchema = z
  .string({ error: WEBHOOK_MSG.deliveryNotFound })
  .regex(/^msg_[0-9A-Za-z_-]{10,60}$/, { error: WEBHOOK_MSG.deliveryNotFound });

/** GetDeliveryList: one endpoint's deliveries, newest first. */
export const deliveryListRequest = z.object(
  {
    webhookId: positiveId(WEBHOOK_MSG.notFound),
    pageNumber: z.number({ error: MSG.invalidRequest }).int({ error: MSG.invalidRequest }).min(1).default(1),
    rowsPerPage: z.number({ error: MSG.invalidRequest }).int({ error: MSG.invalidRequest }).min(1).max(100).default(10),
  },
  { error: MSG.invalidRequest },
);
export type DeliveryListRequest = z.output<typeof deliveryListRequest>;

/** Redeliver: one delivery, or all of an endpoint's failed ones. */
export const redeliverRequest = z.union(
  [
    z.object({ deliveryId: deliveryIdSchema }, { error: MSG.invalidRequest }).strict(),
    z
      .object(
        { webhookId: positiveId(WEBHOOK_MSG.notFound), status: z.literal('failed') },
        { error: MSG.invalidRequest },
      )
      .strict(),
  ],
  { error: MSG.invalidRequest },
);
export type RedeliverRequest = z.output<typeof redeliverRequest>;
