import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccountMailQueue } from '../../services/account-mail';
import { createMailer, isLocalSender, type Mailer } from '../../services/mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: `send(message)` resolves to how it went out ('smtp' or 'outbox'). */
    mailer: Mailer;
    /** Staff account e-mails (reset links, change notices), sent from a queue: `enqueue` never waits. */
    accountMail: AccountMailQueue;
  }
}

/** Outgoing mail: SMTP_URL, or `.eml` files under DATA_DIR/outbox. */
export default fp(async (app: FastifyInstance) => {
  const { smtpUrl, mailFrom, dataDir, publicUrl } = app.config;
  const transport = createMailer({ smtpUrl, mailFrom, dataDir, publicUrl, log: app.log });
  // Every e-mail handed over or not, counted for /metrics (players' reports and staff mail alike).
  const mailer: Mailer = {
    async send(message) {
      try {
        const delivery = await transport.send(message);
        app.metrics.emailsSent.inc({ outcome: delivery });
        return delivery;
      } catch (err) {
        app.metrics.emailsSent.inc({ outcome: 'failed' });
        throw err;
      }
    },
    close: () => transport.close(),
  };
  app.log.info(
    smtpUrl ? 'e-mail goes out by SMTP (SMTP_URL)' : 'SMTP_URL unset: e-mails are written to DATA_DIR/outbox',
  );
  if (smtpUrl && isLocalSender(mailFrom)) {
    app.log.warn(
      `MAIL_FROM is ${mailFrom}: mail servers refuse or bin a .local sender. Set MAIL_FROM to an address of your own domain`,
    );
  }
  app.decorate('mailer', mailer);
  const accountMail = new AccountMailQueue(mailer, app.log);
  app.decorate('accountMail', accountMail);
  app.addHook('onClose', async () => {
    // What is queued goes out before the transport closes.
    await accountMail.drain();
    mailer.close();
  });
});
