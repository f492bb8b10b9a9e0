import { randomUUID } from 'node:crypto';
import {
  ATTEMPTS_MAX,
  DELIVERIES_KEPT,
  DELIVERY_BODY_MAX,
  DELIVERY_TIMEOUT_MS,
  RESPONSE_READ_MAX,
  RESPONSE_SNIPPET_MAX,
  RETRY_DELAYS_MS,
  type WebhookEvent,
} from '@scentry/shared-schema';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { type Db, inTransaction } from '../db/database';
import { checkWebhookUrl, postTo } from '../lib/outbound';
import {
  activeEndpointsOf,
  claimLease,
  dueEndpoints,
  hasEvents,
  insertDeliveries,
  leasedEndpoint,
  type NewDelivery,
  nextDueDelivery,
  pruneDeliveries,
  recordAttempt,
  releaseLeases,
  renewLeases,
  takeEvents,
} from '../repositories/webhooks';
import { eventBundle } from './fhir';
import { type AddressRules, newDeliveryId, secretOf } from './webhooks';

/**
 * The webhooks' worker (API.md "Webhooks and FHIR", docs/integrations.md), one in each instance:
 *
 * - fan-out: takes the outbox's events (deleting them: each is taken by one transaction, whichever
 *   instance runs it) and queues one delivery per endpoint of the organization that is on, takes
 *   the event and existed when it happened, in the same transaction: an event is never lost nor
 *   fanned out twice;
 * - sending: an endpoint's due deliveries go out one at a time, in their events' order, by the one
 *   instance holding the endpoint's lease (renewed while it works; a dead instance's lease runs
 *   out and another takes over, sending again under the same `webhook-id`). The body is made from
 *   the stored record at each attempt; a failure waits per RETRY_DELAYS_MS without holding back
 *   the endpoint's later deliveries.
 */

/** How long a lease lasts unless renewed, and how often the holder renews it (ms). */
const LEASE_MS = 6_000;
const RENEW_MS = 2_000;
/** How often the worker looks for work without being nudged (ms). */
const POLL_MS = 1_000;
/** Endpoints one instance sends to at once. */
const ENDPOINTS_AT_ONCE = 4;
/** Events fanned out per transaction. */
const FAN_OUT_BATCH = 200;

export interface WorkerDeps {
  db: Db;
  key: Buffer;
  publicUrl: string;
  rules: AddressRules;
  log: FastifyBaseLogger;
  /** For tests: the clock (ms). */
  now?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Moves the outbox's events into deliveries; how many events it took. */
export async function fanOut(db: Db): Promise<number> {
  let taken = 0;
  // Most rounds find nothing: a read, not a transaction, says so.
  if (!(await hasEvents(db))) return 0;
  for (;;) {
    const n = await inTransaction(
      db,
      async (trx) => {
        const events = await takeEvents(trx, FAN_OUT_BATCH);
        if (!events.length) return 0;
        const endpoints = await activeEndpointsOf(trx, [...new Set(events.map((e) => e.organizationId))]);
        const deliveries: NewDelivery[] = [];
        for (const e of events) {
          for (const w of endpoints) {
            const forIt =
              e.webhookId !== null
                ? e.webhookId === w.id
                : e.organizationId === Number(w.organizationId) &&
                  w.events.split(',').includes(e.event) &&
                  // An endpoint made after the change did not subscribe to it.
                  w.createdAt <= e.createdAt;
            if (forIt)
              deliveries.push({
                id: newDeliveryId(),
                webhookId: w.id,
                ord: e.id,
                event: e.event,
                resultId: e.resultId,
              });
          }
        }
        await insertDeliveries(trx, deliveries);
        return events.length;
      },
      // The delete is the claim: under READ COMMITTED a second instance's delete waits for the
      // first and then finds those rows gone (no serialization failures between instances).
      { isolation: 'read committed' },
    );
    taken += n;
    if (n < FAN_OUT_BATCH) return taken;
  }
}

/** What one attempt came to. */
interface Attempt {
  delivered: boolean;
  httpStatus: number | null;
  durationMs: number | null;
  snippet: string | null;
  error: string | null;
}

export class WebhookWorker {
  readonly owner = randomUUID();
  private readonly running = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private ticking = false;
  private again = false;
  private stopped = false;
  private readonly pruned = new Map<number, number>();
  private readonly idle = new Set<() => void>();

  constructor(private readonly deps: WorkerDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  start(): void {
    this.timer = setInterval(() => this.nudge(), POLL_MS);
    this.timer.unref();
    this.renewTimer = setInterval(() => void this.renew(), RENEW_MS);
    this.renewTimer.unref();
    this.nudge();
  }

  /** Looks for work now (an event was queued, a delivery redelivered). */
  nudge(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.tick()
      .catch((err) => this.deps.log.error({ err }, 'webhooks: the worker failed a round (it tries again)'))
      .finally(() => {
        this.ticking = false;
        if (this.again) {
          this.again = false;
          this.nudge();
        } else if (!this.running.size) for (const done of this.idle) done();
      });
  }

  /** Resolves when nothing is being sent or fanned out (tests, shutdown). */
  settled(): Promise<void> {
    if (!this.ticking && !this.running.size) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.idle.delete(done);
        resolve();
      };
      this.idle.add(done);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    await this.settled();
    // Leases held end now, so another instance need not wait for them to run out.
    await releaseLeases(this.deps.db, this.owner, null).catch(() => {});
  }

  private async tick(): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    await fanOut(db);
    if (this.running.size >= ENDPOINTS_AT_ONCE) return;
    for (const id of await dueEndpoints(db, iso(now), this.owner, ENDPOINTS_AT_ONCE * 4)) {
      if (this.running.size >= ENDPOINTS_AT_ONCE) break;
      if (this.running.has(id) || !(await this.claim(id))) continue;
      this.running.add(id);
      void this.sendAll(id)
        .catch((err) => this.deps.log.error({ err, webhookId: id }, 'webhooks: sending to an endpoint failed'))
        .finally(async () => {
          this.running.delete(id);
          await this.release(id).catch(() => {});
          if (!this.running.size && !this.ticking) for (const done of this.idle) done();
          // More may have come due meanwhile.
          this.nudge();
        });
    }
  }

  /** Takes the endpoint's lease if nobody else holds a live one. */
  private async claim(id: number): Promise<boolean> {
    const now = this.now();
    return claimLease(this.deps.db, id, this.owner, iso(now), iso(now + LEASE_MS));
  }

  private async renew(): Promise<void> {
    if (!this.running.size) return;
    await renewLeases(this.deps.db, this.owner, iso(this.now() + LEASE_MS)).catch((err) =>
      this.deps.log.warn({ err }, 'webhooks: a lease was not renewed'),
    );
  }

  private async release(id: number): Promise<void> {
    await releaseLeases(this.deps.db, this.owner, id);
  }

  /** Sends the endpoint's due deliveries one at a time, in order, while its lease is ours. */
  private async sendAll(webhookId: number): Promise<void> {
    const { db } = this.deps;
    while (!this.stopped) {
      const now = this.now();
      const endpoint = await leasedEndpoint(db, webhookId, this.owner);
      if (!endpoint) return;
      const delivery = await nextDueDelivery(db, webhookId, iso(now));
      if (!delivery) break;
      const attempt = await this.attempt(endpoint, delivery);
      await this.record(webhookId, delivery.id, Number(delivery.attempts) + 1, attempt);
    }
    await this.prune(webhookId);
  }

  private async attempt(
    endpoint: { id: number; url: string; secret: string },
    delivery: { id: string; event: string; resultId: string | null },
  ): Promise<Attempt> {
    const { db, key, publicUrl, rules } = this.deps;
    const failed = (error: string): Attempt => ({
      delivered: false,
      httpStatus: null,
      durationMs: null,
      snippet: null,
      error,
    });
    const bundle = await eventBundle(db, publicUrl, delivery.event as WebhookEvent | 'test', delivery.resultId);
    if (!bundle) return failed('The result no longer exists');
    const body = JSON.stringify(bundle);
    if (Buffer.byteLength(body) > DELIVERY_BODY_MAX) return failed('The body is larger than 1 MB');
    // The address is checked at every attempt, and the request goes to the address checked.
    const checked = await checkWebhookUrl(endpoint.url, rules);
    if (!checked.ok) return failed(checked.reason);
    let secret: string;
    try {
      secret = secretOf(key, endpoint);
    } catch {
      return failed('The secret cannot be read (the server key changed): rotate it');
    }
    const at = new Date(this.now());
    const signature = new Webhook(secret).sign(delivery.id, at, body);
    const reply = await postTo(checked.target, {
      headers: {
        'content-type': 'application/fhir+json',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'Scentry-Webhooks/1',
      },
      body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      readMax: RESPONSE_READ_MAX,
    });
    const snippet = reply.body ? reply.body.slice(0, RESPONSE_SNIPPET_MAX) : null;
    const delivered = reply.status !== null && reply.status >= 200 && reply.status < 300;
    return {
      delivered,
      httpStatus: reply.status,
      durationMs: Math.round(reply.durationMs),
      snippet,
      error: delivered ? null : (reply.error ?? `HTTP ${reply.status}`),
    };
  }

  /** Writes an attempt's outcome on the delivery and its endpoint. */
  private async record(webhookId: number, deliveryId: string, attempts: number, a: Attempt): Promise<void> {
    const now = this.now();
    const last = attempts >= ATTEMPTS_MAX;
    const status = a.delivered ? 'delivered' : last ? 'failed' : 'pending';
    const next = status === 'pending' ? iso(now + RETRY_DELAYS_MS[attempts - 1]) : null;
    await inTransaction(this.deps.db, (trx) =>
      recordAttempt(trx, webhookId, deliveryId, {
        status,
        attempts,
        httpStatus: a.httpStatus,
        durationMs: a.durationMs,
        lastAttemptAt: iso(now),
        nextAttemptAt: next,
        responseSnippet: a.snippet,
        lastError: a.error,
      }),
    );
  }

  /** Keeps the newest DELIVERIES_KEPT finished deliveries of an endpoint (at most once a minute each). */
  private async prune(webhookId: number): Promise<void> {
    const now = this.now();
    if ((this.pruned.get(webhookId) ?? 0) > now - 60_000) return;
    this.pruned.set(webhookId, now);
    await pruneDeliveries(this.deps.db, webhookId, DELIVERIES_KEPT);
  }
}
