import { readFileSync } from 'node:fs';
import { envelope, MSG, ROUTES } from '@scentry/shared-schema';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { storageProblem } from './db/database';
import { ApiError } from './lib/errors';
import { capConnectionsPerAddress, clientErrorHandler, frameworkErrors, refuseDeepBodies } from './lib/hardening';
import type { Resolver } from './lib/outbound';
import { zodValidatorCompiler } from './lib/validate';
import auth from './plugins/app/auth';
import counters from './plugins/app/counters';
import database from './plugins/app/database';
import geocoder from './plugins/app/geocoder';
import lifecycle from './plugins/app/lifecycle';
import mail from './plugins/app/mail';
import metrics from './plugins/app/metrics';
import throttle from './plugins/app/throttle';
import wallet from './plugins/app/wallet';
import webhooks from './plugins/app/webhooks';
import workThread from './plugins/app/work-thread';
import compress from './plugins/external/compress';
import jwt from './plugins/external/jwt';
import multipart from './plugins/external/multipart';
import openapi from './plugins/external/openapi';
import security from './plugins/external/security';
import staticFiles from './plugins/external/static-files';
import type { RecordKind } from './repositories/devices';
import auditRoutes from './routes/api/audit/index';
import authRoutes from './routes/api/auth/index';
import devicesRoutes from './routes/api/devices/index';
import emailsRoutes from './routes/api/emails/index';
import fhirRoutes from './routes/api/fhir/index';
import healthRoutes from './routes/api/health/index';
import kitsRoutes from './routes/api/kits/index';
import organizationsRoutes from './routes/api/organizations/index';
import playerFormsRoutes from './routes/api/player-forms/index';
import reportsRoutes from './routes/api/reports/index';
import resultsRoutes from './routes/api/results/index';
import scentCardsRoutes from './routes/api/scent-cards/index';
import scentOptionsRoutes from './routes/api/scent-options/index';
import syncRoutes from './routes/api/sync/index';
import usersRoutes from './routes/api/users/index';
import walletRoutes from './routes/api/wallet/index';
import webhooksRoutes from './routes/api/webhooks/index';
import { recordRefusal } from './services/devices';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Routes a test adds inside the guarded app (e.g. a probe for each access level). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** How webhook hosts are resolved (tests inject one; the system's resolver by default). */
  webhookResolver?: Resolver;
  /** The webhook worker's clock (ms; tests move it to reach a retry's time). */
  webhookClock?: () => number;
}

/**
 * Fastify's two info lines per request cost more than a health check: one line per request is
 * logged at debug instead (LOG_LEVEL=debug is the access log); a failed reply is logged as an error.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, statusCode: reply.statusCode }, 'request errored');
      return;
    }
    request.log.debug(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  }
}

// Statuses a client may meet as they are; every other client error is reported as 400 (API.md).
const KEPT_STATUSES = new Set([400, 401, 403, 404, 429]);

/** The online calls that carry a device's number in a JSON body (API.md "Devices"), by path. */
const MARKED_CALLS = new Map<string, RecordKind>([
  [ROUTES.saveTestResult.path, 'result'],
  [ROUTES.saveQuestionnaireResult.path, 'questionnaire'],
  [ROUTES.saveUserMedicalInformation.path, 'medical'],
]);

/** Builds the instance: used by server.ts to listen and by tests through `app.inject`. */

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // HTTPS when TLS_CERT and TLS_KEY are set: camera and service worker need a secure context
  // anywhere but localhost.
  // Node checks request timeouts only this often (30 s by default): often enough to matter.
  const connectionsCheckingInterval = Math.max(250, Math.min(5_000, Math.floor(config.requestTimeoutMs / 4)));
  const https =
    config.tlsCert && config.tlsKey
      ? {
          https: {
            cert: readFileSync(config.tlsCert),
            key: readFileSync(config.tlsKey),
            connectionsCheckingInterval,
          },
        }
      : { http: { connectionsCheckingInterval } };
  const { trustProxy } = config;
  const app = Fastify({
    ...(https as object),
    logger: options.logger ?? { level: config.logLevel },
    // A hop count is passed as the function Fastify would make of it (its types accept no number).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow and greedy clients: a request must arrive whole in time; idle keep-alive sockets close.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    // A request that reaches a stopping instance is served (its connection was accepted before the
    // instance stopped accepting: a proxy would not retry a POST answered 503); the database
    // closes only after every connection has ended (server.ts, the drain).
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
    logController: new AccessLog(),
  });
  app.decorate('config', config);
  // Routes are declared by the contract's zod schemas: input bound and checked by them (API.md's
  // binding and messages), replies serialized from them (an undeclared field never leaves).
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', refuseDeepBodies);
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  // The headers must arrive well within the request's time.
  app.server.headersTimeout = Math.min(config.requestTimeoutMs, 30_000);

  app.setErrorHandler(async (err: unknown, req, reply) => {
    // A device's numbered document refused before its handler ran (its body broke the contract):
    // answered all the same, so never a gap (API.md "Devices").
    const marked = MARKED_CALLS.get(req.routeOptions.url ?? '');
    const beforeHandler = (err as { validationContext?: unknown }).validationContext !== undefined;
    if (marked && beforeHandler && req.body) {
      await recordRefusal(app.db, req.body, marked, (err as Error).message).catch(() => {});
    }
    if (err instanceof ApiError) {
      if (err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send(envelope(err.status, err.message, err.data, err.error));
    }
    const e = err as { statusCode?: number; message?: string; validation?: unknown };
    const code = e.statusCode ?? 500;
    if (code >= 400 && code < 500) {
      const status = KEPT_STATUSES.has(code) ? code : 400;
      return reply.code(status).send(envelope('Failure', MSG.invalidRequest, null, e.message ?? null));
    }
    // The database does not answer, or the disk is full or read-only: 503, the cause logged once.
    const storage = storageProblem(err);
    if (storage) {
      app.storage?.failed(storage, err);
      return reply.code(503).send(envelope('Failure', MSG.serviceUnavailable, null, null));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(envelope('Failure', MSG.serverError, null, null));
  });

  // Order (DESIGN.md §3): external plugins, then app plugins, then routes.
  await app.register(security);
  // JSON replies by Accept-Encoding (brotli, gzip); files and streams go as they are.
  await app.register(compress);
  await app.register(jwt);
  await app.register(multipart);
  await app.register(staticFiles);
  await app.register(openapi);
  await app.register(lifecycle);
  await app.register(metrics);
  await app.register(database);
  await app.register(geocoder);
  await app.register(auth);
  await app.register(counters);
  await app.register(throttle);
  await app.register(mail);
  await app.register(workThread);
  await app.register(wallet);
  await app.register(webhooks, { resolve: options.webhookResolver, now: options.webhookClock });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(organizationsRoutes);
  await app.register(auditRoutes);
  await app.register(resultsRoutes);
  await app.register(scentOptionsRoutes);
  await app.register(kitsRoutes);
  await app.register(scentCardsRoutes);
  await app.register(syncRoutes);
  await app.register(devicesRoutes);
  await app.register(emailsRoutes);
  await app.register(walletRoutes);
  await app.register(playerFormsRoutes);
  await app.register(reportsRoutes);
  await app.register(fhirRoutes);
  await app.register(webhooksRoutes);
  if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

  return app;
}
