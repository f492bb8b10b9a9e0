import { randomBytes } from 'node:crypto';
import {
  type DeliveryListRequest,
  type DeliveryRow,
  type ListResult,
  MSG,
  type RedeliverRequest,
  type SavedWebhook,
  type SaveWebhookRequest,
  seesAllOrganizations,
  WEBHOOK_EVENTS,
  WEBHOOK_MSG,
  WEBHOOKS_PER_ORGANIZATION,
  type WebhookEvent,
  type WebhookRow,
} from '@scentry/shared-schema';
import { type Db, inTransaction, nowIso } from '../db/database';
import { forbidden, invalid, notFound } from '../lib/errors';
import { checkWebhookUrl, type Resolver } from '../lib/outbound';
import { openSecret, sealSecret, webhookOwner } from '../lib/secret-box';
import { organizationIsLive } from '../repositories/organizations';
import {
  countWebhooks,
  deleteWebhookRows,
  deliveryPage,
  findDelivery,
  findWebhook,
  insertDeliveries,
  insertEvent,
  insertWebhook,
  requeueDeliveries,
  takeTestEventNumber,
  updateWebhook,
  webhookRows,
} from '../repositories/webhooks';
import { audit } from './audit';
import type { Caller, Origin } from './caller';

/**
 * Webhooks (API.md "Webhooks and FHIR"): an organization's endpoints, kept by its Admin or Client
 * Admin; the outbox a stored change writes in its own transaction; the delivery log. The worker
 * that sends is services/webhook-delivery.ts.
 */

/** What a webhook's address check needs: the resolver (tests inject one) and the test receiver. */
export interface AddressRules {
  resolve: Resolver;
  testReceiver: string | null;
}

/** Queues an event in the outbox, in the transaction of the change (`trx`). */
export const queueEvent = (trx: Db, organizationId: number, event: WebhookEvent, resultId: string): Promise<void> =>
  insertEvent(trx, organizationId, event, resultId);

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes as base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A delivery's id, the `webhook-id` its receiver sees on every attempt. */
export const newDeliveryId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** The organization whose endpoints a caller may keep: any for an Admin, their own for a Client Admin. */
function assertMayKeep(caller: Caller, organizationId: number): void {
  if (!seesAllOrganizations(caller.roleName) && caller.organizationId !== organizationId)
    throw forbidden(MSG.forbidden);
}

const eventsOf = (stored: string) =>
  stored.split(',').filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e));

/** An endpoint the caller may see, or 404 (another organization's is not found either). */
async function endpointInScope(db: Db, caller: Caller, id: number) {
  const row = await findWebhook(db, id);
  if (!row || (!seesAllOrganizations(caller.roleName) && row.organizationId !== caller.organizationId))
    throw notFound(WEBHOOK_MSG.notFound);
  return row;
}

/** GetWebhookList: the Admin's chosen organization (or all); a Client Admin's own. */
export async function listWebhooks(
  db: Db,
  caller: Caller,
  organizationId: number | null | undefined,
): Promise<ListResult<WebhookRow>> {
  const only = seesAllOrganizations(caller.roleName) ? (organizationId ?? null) : (caller.organizationId ?? -1);
  const rows = await webhookRows(db, only);
  const list = rows.map(
    (r): WebhookRow => ({
      id: r.id,
      organizationId: r.organizationId,
      organizationName: r.organizationName,
      url: r.url,
      events: eventsOf(r.events),
      isActive: r.isActive === 1,
      status: r.lastError === null ? 'ok' : 'failing',
      lastDeliveryAt: r.lastDeliveryAt,
      lastError: r.lastError,
    }),
  );
  return { list, totalCount: list.length };
}

/** Refuses an address no webhook may have (API.md "Addresses"), checked on what it resolves to. */
async function assertReachable(rules: AddressRules, url: string): Promise<void> {
  const checked = await checkWebhookUrl(url, rules);
  if (!checked.ok) throw invalid(WEBHOOK_MSG.addressRefused, checked.reason);
}

/** SaveWebhook: creates an endpoint (its secret returned this once) or edits one (no secret). */
export async function saveWebhook(
  db: Db,
  key: Buffer,
  rules: AddressRules,
  origin: Origin,
  caller: Caller,
  req: SaveWebhookRequest,
): Promise<SavedWebhook> {
  assertMayKeep(caller, req.organizationId);
  const existing = req.id ? await endpointInScope(db, caller, req.id) : null;
  if (existing && existing.organizationId !== req.organizationId) assertMayKeep(caller, existing.organizationId);
  if (!(await organizationIsLive(db, req.organizationId))) throw invalid(WEBHOOK_MSG.organizationRequired);
  await assertReachable(rules, req.url);
  const now = nowIso();
  const fields = {
    organizationId: req.organizationId,
    url: req.url,
    events: req.events.join(','),
    isActive: req.isActive ? 1 : 0,
    updatedAt: now,
  };
  return inTransaction(db, async (trx) => {
    if (existing) {
      await updateWebhook(trx, existing.id, fields);
      await audit(trx, origin, 'update', 'webhook', existing.id, { detail: describe(req) });
      return { id: existing.id, secret: null };
    }
    if ((await countWebhooks(trx, req.organizationId)) >= WEBHOOKS_PER_ORGANIZATION) throw invalid(WEBHOOK_MSG.tooMany);
    const id = await insertWebhook(trx, { ...fields, createdAt: now });
    const secret = newSecret();
    await updateWebhook(trx, id, { secret: sealSecret(key, webhookOwner(id), secret) });
    await audit(trx, origin, 'create', 'webhook', id, { detail: describe(req) });
    return { id, secret };
  });
}

// The audit names the address's host and the events, never a secret.
const describe = (req: SaveWebhookRequest) =>
  `${new URL(req.url).host} ${req.events.join(',')} ${req.isActive ? 'on' : 'off'}`;

/** RotateSecret: a new secret, returned this once; the old one stops working at once. */
export async function rotateSecret(
  db: Db,
  key: Buffer,
  origin: Origin,
  caller: Caller,
  id: number,
): Promise<SavedWebhook> {
  const row = await endpointInScope(db, caller, id);
  const secret = newSecret();
  await inTransaction(db, async (trx) => {
    await updateWebhook(trx, row.id, { secret: sealSecret(key, webhookOwner(row.id), secret), updatedAt: nowIso() });
    await audit(trx, origin, 'update', 'webhook', row.id, { detail: 'secret rotated' });
  });
  return { id: row.id, secret };
}

/** The endpoint's secret in clear, for signing. */
export const secretOf = (key: Buffer, row: { id: number; secret: string }) =>
  openSecret(key, webhookOwner(row.id), row.secret);

/** DeleteWebhook: the endpoint and its delivery log. */
export async function deleteWebhook(db: Db, origin: Origin, caller: Caller, id: number): Promise<void> {
  const row = await endpointInScope(db, caller, id);
  await inTransaction(db, async (trx) => {
    await deleteWebhookRows(trx, row.id);
    await audit(trx, origin, 'delete', 'webhook', row.id, { detail: new URL(row.url).host });
  });
}

/** SendTestEvent: a `test` event for this endpoint alone, in its place in the endpoint's order. */
export async function sendTestEvent(
  db: Db,
  origin: Origin,
  caller: Caller,
  id: number,
): Promise<{ deliveryId: string }> {
  const row = await endpointInScope(db, caller, id);
  const deliveryId = newDeliveryId();
  await inTransaction(db, async (trx) => {
    // Its number in the outbox's order, fanned out at once (its delivery's id is the one returned).
    const ord = await takeTestEventNumber(trx, row.organizationId, row.id);
    await insertDeliveries(trx, [{ id: deliveryId, webhookId: row.id, ord, event: 'test', resultId: null }]);
    await audit(trx, origin, 'update', 'webhook', row.id, { detail: `test event ${deliveryId}` });
  });
  return { deliveryId };
}

/** GetDeliveryList: an endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  caller: Caller,
  req: DeliveryListRequest,
): Promise<ListResult<DeliveryRow>> {
  const row = await endpointInScope(db, caller, req.webhookId);
  const { rows, totalCount } = await deliveryPage(db, row.id, req.rowsPerPage, (req.pageNumber - 1) * req.rowsPerPage);
  return {
    list: rows.map((r) => ({
      ...r,
      event: r.event as DeliveryRow['event'],
      attempts: Number(r.attempts),
      httpStatus: r.httpStatus === null ? null : Number(r.httpStatus),
      durationMs: r.durationMs === null ? null : Number(r.durationMs),
    })),
    totalCount,
  };
}

/** Redeliver: one delivery, or every failed one of an endpoint, queued again under the same id. */
export async function redeliver(
  db: Db,
  origin: Origin,
  caller: Caller,
  req: RedeliverRequest,
): Promise<{ queued: number }> {
  let webhookId: number;
  if ('deliveryId' in req) {
    const delivery = await findDelivery(db, req.deliveryId);
    if (!delivery) throw notFound(WEBHOOK_MSG.deliveryNotFound);
    webhookId = Number(delivery.webhookId);
    try {
      await endpointInScope(db, caller, webhookId);
    } catch {
      throw notFound(WEBHOOK_MSG.deliveryNotFound);
    }
  } else {
    webhookId = (await endpointInScope(db, caller, req.webhookId)).id;
  }
  return inTransaction(db, async (trx) => {
    const queued = await requeueDeliveries(trx, webhookId, 'deliveryId' in req ? req.deliveryId : null);
    await audit(trx, origin, 'update', 'webhook', webhookId, {
      detail: 'deliveryId' in req ? `redeliver ${req.deliveryId}` : `redeliver ${queued} failed`,
    });
    return { queued };
  });
}
