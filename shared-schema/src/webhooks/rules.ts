/**
 * Webhooks' rules (API.md "Webhooks and FHIR"). Zod-free: the admin screens and the server share them.
 */

/** The events an endpoint may take, in the order the screen lists them. */
export const WEBHOOK_EVENTS = ['result.stored', 'questionnaire.stored', 'medical.stored'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a delivery carries: a stored change's event, or the screen's "Send test event". */
export type DeliveryEvent = WebhookEvent | 'test';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** An endpoint's URL, in characters. */
export const WEBHOOK_URL_MAX = 2_000;
/** Endpoints one organization may have. */
export const WEBHOOKS_PER_ORGANIZATION = 10;
/** Deliveries kept per endpoint (the newest). */
export const DELIVERIES_KEPT = 1_000;
/** A delivery's reply must come within this (ms). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** At most this much of a reply is read (bytes); the log keeps its first 200 characters. */
export const RESPONSE_READ_MAX = 64 * 1024;
export const RESPONSE_SNIPPET_MAX = 200;
/** A delivery's body, at most (bytes). */
export const DELIVERY_BODY_MAX = 1024 * 1024;
/**
 * After the first attempt fails, the waits before each retry (ms): about 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h, 10 h; after the last one fails the delivery is failed.
 */
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
/** Attempts a delivery gets in all (the first and its retries). */
export const ATTEMPTS_MAX = RETRY_DELAYS_MS.length + 1;

export const WEBHOOK_MSG = {
  addressRefused: 'This address cannot receive webhooks',
  httpsOnly: 'Webhook URL must start with https://',
  invalidUrl: 'Invalid webhook URL',
  urlTooLong: `Webhook URL must be ${WEBHOOK_URL_MAX} characters or fewer`,
  eventsRequired: 'Choose at least one event',
  invalidEvent: 'Invalid event',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: `An organization may have at most ${WEBHOOKS_PER_ORGANIZATION} webhooks`,
  organizationRequired: 'Organization is required',
} as const;
