import { get, post, type RouteInfo } from '../common/route';

/** The integrations screen's webhooks (API.md "Webhooks and FHIR"): Admin for any organization, Client Admin for their own. */
export const WEBHOOKS_ROUTES = {
  getWebhookList: post('/api/Webhook/GetWebhookList', 'staff'),
  saveWebhook: post('/api/Webhook/SaveWebhook', 'staff'),
  rotateSecret: post('/api/Webhook/RotateSecret', 'staff'),
  deleteWebhook: get('/api/Webhook/DeleteWebhook', 'staff'),
  sendTestEvent: post('/api/Webhook/SendTestEvent', 'staff'),
  getDeliveryList: post('/api/Webhook/GetDeliveryList', 'staff'),
  redeliver: post('/api/Webhook/Redeliver', 'staff'),
} as const satisfies Record<string, RouteInfo>;
