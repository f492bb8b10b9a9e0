import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { emailSettings, pushEmails } from '../../../services/emails';
import { pushMedical, pushQuestionnaires } from '../../../services/player-forms';
import { createResultsPush, pullKits } from '../../../services/sync';

/**
 * Offline sync (API.md "Sync"): kits down; results, forms and e-mails made on the device up. Each
 * push goes through its domain's service, the one the online call uses, so the rules are one.
 */
export default async function syncRoutes(app: FastifyInstance) {
  const { db } = app;
  route(app, 'pullKits', async (req) => success(await pullKits(db, req.body)));

  const pushResults = createResultsPush(db);
  route(app, 'pushResults', async (req) => success(await pushResults(req.body)));

  /** Each document checked on its own and stored exactly once by its id; the reply lists the refusals only. */
  route(app, 'pushQuestionnaires', async (req) => success(await pushQuestionnaires(db, req.body)));
  route(app, 'pushMedical', async (req) => success(await pushMedical(db, req.body)));

  const settings = emailSettings(app.config, app.workThread);
  route(app, 'pushEmails', async (req) =>
    success(await pushEmails(db, app.mailer, req.log, settings, req.body, req.ip)),
  );
}
