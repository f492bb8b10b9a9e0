import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Resolver, systemResolver } from '../../lib/outbound';
import { WebhookWorker } from '../../services/webhook-delivery';
import type { AddressRules } from '../../services/webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhooks: the address rules (resolver, test receiver) and this instance's delivery worker. */
    webhooks: { rules: AddressRules; worker: WebhookWorker };
  }
}

/** Webhooks' delivery worker (services/webhook-delivery.ts), started with the app, stopped with it. */
export default fp(async (app: FastifyInstance, opts: { resolve?: Resolver; now?: () => number }) => {
  const rules: AddressRules = { resolve: opts.resolve ?? systemResolver, testReceiver: app.config.webhookTestReceiver };
  const worker = new WebhookWorker({
    db: app.db,
    key: app.config.totpKey,
    publicUrl: app.config.publicUrl,
    rules,
    log: app.log,
    now: opts.now,
  });
  app.decorate('webhooks', { rules, worker });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
});
