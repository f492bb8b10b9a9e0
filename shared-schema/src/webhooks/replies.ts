import { z } from 'zod';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from './rules';

/** An endpoint as GetWebhookList gives it (never its secret). */
export const webhookRowSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  /** The organization's name (beside API.md's fields, for the Admin's list of every organization's). */
  organizationName: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  isActive: z.boolean(),
  status: z.enum(['ok', 'failing']),
  lastDeliveryAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type WebhookRow = z.output<typeof webhookRowSchema>;

/** SaveWebhook and RotateSecret: the secret only when it is new (created or rotated), else null. */
export const savedWebhookSchema = z.object({ id: z.number().int(), secret: z.string().nullable() });
export type SavedWebhook = z.output<typeof savedWebhookSchema>;

/** One delivery in an endpoint's log. */
export const deliveryRowSchema = z.object({
  /** The `webhook-id` the receiver sees, the same on every attempt. */
  id: z.string(),
  event: z.enum([...WEBHOOK_EVENTS, 'test']),
  resultId: z.string().nullable(),
  attempts: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  responseSnippet: z.string().nullable(),
});
export type DeliveryRow = z.output<typeof deliveryRowSchema>;

/** Redeliver: how many deliveries were queued again. */
export const redeliveredSchema = z.object({ queued: z.number().int() });
