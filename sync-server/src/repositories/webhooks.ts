import { type Selectable, sql } from 'kysely';
import { type Db, nowIso, type WebhookDeliveriesTable, type WebhooksTable } from '../db/database';

/** Webhooks' tables (migration 2026-11-29T0100): endpoints, the outbox, deliveries. */

export type WebhookRecord = Selectable<WebhooksTable>;
export type DeliveryRecord = Selectable<WebhookDeliveriesTable>;

/**
 * Queues an event in the outbox, in the transaction of the change: a reference, never a body.
 * Plain SQL: it is on the path of every stored result with an organization.
 */
export async function insertEvent(trx: Db, organizationId: number, event: string, resultId: string): Promise<void> {
  await sql`insert into webhook_events (organization_id, event, result_id, created_at)
    values (${organizationId}, ${event}, ${resultId}, ${nowIso()})`.execute(trx);
}

/** A test event for one endpoint: its number in the outbox's order (the row is not kept). */
export async function takeTestEventNumber(trx: Db, organizationId: number, webhookId: number): Promise<number> {
  const row = await trx
    .insertInto('webhookEvents')
    .values({ organizationId, event: 'test', resultId: null, webhookId, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('webhookEvents').where('id', '=', row.id).execute();
  return Number(row.id);
}

/** Whether the outbox holds an event. */
export async function hasEvents(db: Db): Promise<boolean> {
  return (await db.selectFrom('webhookEvents').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** An event taken from the outbox. */
export interface TakenEvent {
  id: number;
  organizationId: number;
  event: string;
  resultId: string | null;
  webhookId: number | null;
  createdAt: string;
}

/**
 * Takes (deletes and returns) the outbox's oldest events, at most `limit`. Deleting is the claim:
 * a row another transaction deleted first is not returned here, so each event is taken once.
 */
export async function takeEvents(trx: Db, limit: number): Promise<TakenEvent[]> {
  // Column names come back camelCased (the database's CamelCasePlugin), raw SQL included.
  const { rows } = await sql<{
    id: number | string;
    organizationId: number | string;
    event: string;
    resultId: string | null;
    webhookId: number | string | null;
    createdAt: string;
  }>`delete from webhook_events where id in (select id from webhook_events order by id limit ${limit})
    returning id, organization_id, event, result_id, webhook_id, created_at`.execute(trx);
  return rows
    .map((r) => ({
      id: Number(r.id),
      organizationId: Number(r.organizationId),
      event: r.event,
      resultId: r.resultId,
      webhookId: r.webhookId === null ? null : Number(r.webhookId),
      createdAt: r.createdAt,
    }))
    .sort((a, b) => a.id - b.id);
}

/** The organizations' endpoints that are on. */
export const activeEndpointsOf = (db: Db, organizationIds: number[]) =>
  db
    .selectFrom('webhooks')
    .select(['id', 'organizationId', 'events', 'createdAt'])
    .where('organizationId', 'in', organizationIds)
    .where('isActive', '=', 1)
    .execute();

export const findWebhook = (db: Db, id: number): Promise<WebhookRecord | undefined> =>
  db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();

/** Endpoints with their organization's name: one organization's, or all (null). */
export function webhookRows(db: Db, organizationId: number | null) {
  let query = db
    .selectFrom('webhooks as w')
    .innerJoin('organizations as o', 'o.id', 'w.organizationId')
    .select([
      'w.id',
      'w.organizationId',
      'o.name as organizationName',
      'w.url',
      'w.events',
      'w.isActive',
      'w.lastDeliveryAt',
      'w.lastError',
    ])
    .orderBy('o.name')
    .orderBy('w.id');
  if (organizationId !== null) query = query.where('w.organizationId', '=', organizationId);
  return query.execute();
}

export async function countWebhooks(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type WebhookFields = Pick<WebhooksTable, 'organizationId' | 'url' | 'events' | 'isActive' | 'updatedAt'>;

export async function insertWebhook(trx: Db, fields: WebhookFields & { createdAt: string }): Promise<number> {
  const row = await trx
    .insertInto('webhooks')
    .values({ ...fields, secret: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateWebhook(
  trx: Db,
  id: number,
  fields: Partial<WebhookFields> & { secret?: string },
): Promise<void> {
  await trx.updateTable('webhooks').set(fields).where('id', '=', id).execute();
}

/** An endpoint with its delivery log and any test event of its own still queued. */
export async function deleteWebhookRows(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('webhookDeliveries').where('webhookId', '=', id).execute();
  await trx.deleteFrom('webhookEvents').where('webhookId', '=', id).execute();
  await trx.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** A delivery to queue: one event for one endpoint. */
export interface NewDelivery {
  id: string;
  webhookId: number;
  ord: number;
  event: string;
  resultId: string | null;
}

export async function insertDeliveries(trx: Db, rows: NewDelivery[]): Promise<void> {
  if (!rows.length) return;
  const now = nowIso();
  await trx
    .insertInto('webhookDeliveries')
    .values(rows.map((r) => ({ ...r, status: 'pending' as const, attempts: 0, createdAt: now, nextAttemptAt: now })))
    .execute();
}

/** A page of an endpoint's deliveries, newest first, and how many it has. */
export async function deliveryPage(db: Db, webhookId: number, limit: number, offset: number) {
  const base = db.selectFrom('webhookDeliveries').where('webhookId', '=', webhookId);
  const [rows, count] = await Promise.all([
    base
      .select([
        'id',
        'event',
        'resultId',
        'attempts',
        'status',
        'httpStatus',
        'durationMs',
        'lastAttemptAt',
        'nextAttemptAt',
        'responseSnippet',
      ])
      .orderBy('ord', 'desc')
      .orderBy('createdAt', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(count.n) };
}

export const findDelivery = (db: Db, id: string) =>
  db.selectFrom('webhookDeliveries').select(['id', 'webhookId', 'status']).where('id', '=', id).executeTakeFirst();

/**
 * Queues deliveries again under their ids, due now with a fresh schedule: one (not pending), or
 * every failed one of the endpoint. How many.
 */
export async function requeueDeliveries(trx: Db, webhookId: number, deliveryId: string | null): Promise<number> {
  let update = trx
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: nowIso() })
    .where('webhookId', '=', webhookId);
  update = deliveryId
    ? update.where('id', '=', deliveryId).where('status', '<>', 'pending')
    : update.where('status', '=', 'failed');
  return Number((await update.executeTakeFirst()).numUpdatedRows);
}

/** Endpoints that are on, with a delivery due, whose lease is free (or this owner's). */
export async function dueEndpoints(db: Db, now: string, owner: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhookId')
    .select('d.webhookId')
    .distinct()
    .where('d.status', '=', 'pending')
    .where('d.nextAttemptAt', '<=', now)
    .where('w.isActive', '=', 1)
    .where((eb) =>
      eb.or([eb('w.leaseUntil', 'is', null), eb('w.leaseUntil', '<', now), eb('w.leaseOwner', '=', owner)]),
    )
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.webhookId));
}

/** Takes an endpoint's lease until `until` unless another owner holds a live one: whether taken. */
export async function claimLease(db: Db, id: number, owner: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ leaseOwner: owner, leaseUntil: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now), eb('leaseOwner', '=', owner)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function renewLeases(db: Db, owner: string, until: string): Promise<void> {
  await db.updateTable('webhooks').set({ leaseUntil: until }).where('leaseOwner', '=', owner).execute();
}

/** Ends the owner's lease of one endpoint, or of all it holds (id null). */
export async function releaseLeases(db: Db, owner: string, id: number | null): Promise<void> {
  let update = db.updateTable('webhooks').set({ leaseOwner: null, leaseUntil: null }).where('leaseOwner', '=', owner);
  if (id !== null) update = update.where('id', '=', id);
  await update.execute();
}

/** The endpoint while it is on and this owner holds its lease. */
export const leasedEndpoint = (db: Db, id: number, owner: string) =>
  db
    .selectFrom('webhooks')
    .select(['id', 'url', 'secret'])
    .where('id', '=', id)
    .where('leaseOwner', '=', owner)
    .where('isActive', '=', 1)
    .executeTakeFirst();

/** The endpoint's first due delivery in its events' order. */
export const nextDueDelivery = (db: Db, webhookId: number, now: string) =>
  db
    .selectFrom('webhookDeliveries')
    .select(['id', 'event', 'resultId', 'attempts'])
    .where('webhookId', '=', webhookId)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .orderBy('ord')
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();

/** An attempt's outcome, on the delivery (while it is pending) and on its endpoint. */
export async function recordAttempt(
  trx: Db,
  webhookId: number,
  deliveryId: string,
  outcome: Pick<
    DeliveryRecord,
    | 'status'
    | 'attempts'
    | 'httpStatus'
    | 'durationMs'
    | 'lastAttemptAt'
    | 'nextAttemptAt'
    | 'responseSnippet'
    | 'lastError'
  >,
): Promise<void> {
  await trx
    .updateTable('webhookDeliveries')
    .set(outcome)
    .where('id', '=', deliveryId)
    .where('status', '=', 'pending')
    .execute();
  await trx
    .updateTable('webhooks')
    .set({ lastDeliveryAt: outcome.lastAttemptAt, lastError: outcome.lastError })
    .where('id', '=', webhookId)
    .execute();
}

/** Removes an endpoint's finished deliveries older than its newest `keep`. */
export async function pruneDeliveries(db: Db, webhookId: number, keep: number): Promise<void> {
  const edge = await db
    .selectFrom('webhookDeliveries')
    .select('ord')
    .where('webhookId', '=', webhookId)
    .orderBy('ord', 'desc')
    .limit(1)
    .offset(keep - 1)
    .executeTakeFirst();
  if (!edge) return;
  await db
    .deleteFrom('webhookDeliveries')
    .where('webhookId', '=', webhookId)
    .where('status', '<>', 'pending')
    .where('ord', '<', edge.ord)
    .execute();
}
