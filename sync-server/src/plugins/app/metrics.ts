import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MSG } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStats } from '../../db/database';
import { ApiError, notFound } from '../../lib/errors';
import { pendingEmails } from '../../repositories/emails';
import { checkDatabase } from '../../repositories/health';

/**
 * What an operator watches (docs/operations.md, "Metrics"), in Prometheus' text format at
 * `/metrics`. Labels are bounded: a route is its template (`/api/TestResult/GetTestAnswerResultDetailList`,
 * never a URL with an id), a reason a message with its numbers and ids masked.
 */
export interface Metrics {
  registry: Registry;
  resultsStored: Counter<'via'>;
  formsStored: Counter<'kind'>;
  pushRefusals: Counter<'kind' | 'reason'>;
  emailsSent: Counter<'outcome'>;
  limitsHit: Counter<'limit'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** A refusal's words as a label: digits, ids and long tails masked, so the values stay few. */
export const reasonLabel = (reason: string): string =>
  reason
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d+/g, '#')
    .slice(0, 80);

/** Which limit a 429's message belongs to (the messages are the limits' own). */
function limitOf(message: string): string {
  if (message === MSG.tooManyAttempts) return 'sign-in';
  if (message === MSG.tooManyResetRequests) return 'password-reset';
  if (/e-?mail/i.test(message)) return 'e-mail';
  return 'request-throttle';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  // The process' own figures, named so that `promtool check metrics` finds nothing to say (prom-client's
  // default set names gauges `…_total`).
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  new Gauge({
    name: 'scentry_event_loop_delay_seconds',
    help: 'Event-loop delay since the last scrape: p50, p99 and max',
    labelNames: ['stat'],
    registers: [registry],
    collect() {
      for (const [stat, value] of [
        ['p50', loop.percentile(50)],
        ['p99', loop.percentile(99)],
        ['max', loop.max],
      ] as const)
        this.set({ stat }, Number.isFinite(value) ? value / 1e9 : 0);
      loop.reset();
    },
  });
  new Gauge({
    name: 'scentry_process_memory_bytes',
    help: 'Memory of this process, by kind (rss, heap_used, heap_total, external)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const m = process.memoryUsage();
      this.set({ kind: 'rss' }, m.rss);
      this.set({ kind: 'heap_used' }, m.heapUsed);
      this.set({ kind: 'heap_total' }, m.heapTotal);
      this.set({ kind: 'external' }, m.external);
    },
  });

  const requests = new Counter({
    name: 'scentry_http_requests_total',
    help: 'Requests answered, by route template, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'scentry_http_request_duration_seconds',
    help: 'Time to answer, by route template, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const metrics: Metrics = {
    registry,
    resultsStored: new Counter({
      name: 'scentry_results_stored_total',
      help: 'Play results stored, by how they came (save: SaveTestResult, push: a device sync)',
      labelNames: ['via'],
      registers: [registry],
    }),
    formsStored: new Counter({
      name: 'scentry_forms_stored_total',
      help: 'Medical forms and questionnaires stored',
      labelNames: ['kind'],
      registers: [registry],
    }),
    pushRefusals: new Counter({
      name: 'scentry_push_refusals_total',
      help: 'Documents of a device push refused, by kind and reason',
      labelNames: ['kind', 'reason'],
      registers: [registry],
    }),
    emailsSent: new Counter({
      name: 'scentry_emails_total',
      help: 'E-mails (players’ reports and staff mail) by outcome: smtp, outbox, failed',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    limitsHit: new Counter({
      name: 'scentry_limits_hit_total',
      help: 'Requests refused with 429, by the limit that refused them',
      labelNames: ['limit'],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'scentry_emails_pending',
    help: 'Player e-mails claimed and not delivered yet (being sent, or left by a sender that stopped)',
    registers: [registry],
    async collect() {
      this.set((await pendingEmails(app.db).catch(() => ({ count: 0 }))).count);
    },
  });
  new Gauge({
    name: 'scentry_emails_pending_oldest_seconds',
    help: 'Age of the oldest pending player e-mail (0 when none)',
    registers: [registry],
    async collect() {
      const { oldest } = await pendingEmails(app.db).catch(() => ({ oldest: null }));
      this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'scentry_account_mail_queue',
    help: 'Staff account e-mails (reset links, notices) waiting in this instance’s queue',
    registers: [registry],
    collect() {
      this.set(app.accountMail?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'scentry_db_pool_connections',
    help: 'PostgreSQL connections of this instance, by state (total, idle, waiting: queries waiting for one)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = poolStats(app.db);
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, pool ? pool[state] : 0);
    },
  });
  new Gauge({
    name: 'scentry_db_up',
    help: 'Whether the database answers (1) or not (0), as /api/health says',
    registers: [registry],
    async collect() {
      this.set(
        await checkDatabase(app.db).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  new Gauge({
    name: 'scentry_draining',
    help: 'Whether this instance is stopping (1, SHUTDOWN_GRACE_S) or serving (0)',
    registers: [registry],
    collect() {
      this.set(app.lifecycle?.state === 'draining' ? 1 : 0);
    },
  });
  app.decorate('metrics', metrics);

  app.addHook('onResponse', async (req, reply) => {
    // The route's template, never the URL: an id in a path or query must not become a label.
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { route, method: req.method, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (_req, _reply, err) => {
    if (err instanceof ApiError && err.statusCode === 429) metrics.limitsHit.inc({ limit: limitOf(err.message) });
  });

  const { metricsToken, metricsPort } = app.config;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!metricsToken) throw notFound(MSG.notFound);
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, metricsToken)) throw new ApiError(401, 'Failure', MSG.unauthorized);
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });

  app.addHook('onClose', async () => loop.disable());

  if (metricsPort) {
    // The same figures without a token, on loopback only (a Prometheus on this machine).
    const server = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        () => res.writeHead(500).end(),
      );
    });
    app.addHook('onListen', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(metricsPort, '127.0.0.1', () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
});
