import { success } from '@scentry/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { reasonLabel } from '../../../plugins/app/metrics';
import { emailSettings, pushEmails } from '../../../services/emails';
import { pushMedical, pushQuestionnaires } from '../../../services/player-forms';
import { createResultsPush, pullKits } from '../../../services/sync';
import { deviceReports } from '../devices/index';

/**
 * Offline sync (API.md "Sync"): kits down; results, forms and e-mails made on the device up. Each
 * push goes through its domain's service, the one the online call uses, so the rules are one.
 */
export default async function syncRoutes(app: FastifyInstance) {
  const { db } = app;
  const reports = deviceReports(app);
  route(app, 'pullKits', async (req) => {
    // A report carried by the pull (API.md "Devices"): a refused one (another key, too many new
    // devices) never holds the kits back.
    if (req.body.device)
      await reports(req.body.device, req.ip).catch((err) => req.log.info({ err }, 'device report refused'));
    return success(await pullKits(db, req.body));
  });

  const pushResults = createResultsPush(db);
  route(app, 'pushResults', async (req) => {
    const conflicts = await pushResults(req.body);
    app.metrics.resultsStored.inc({ via: 'push' }, req.body.length - conflicts.length);
    countRefusals('result', conflicts);
    return success(conflicts);
  });

  /** Each document checked on its own and stored exactly once by its id; the reply lists the refusals only. */
  route(app, 'pushQuestionnaires', async (req) => {
    const refusals = await pushQuestionnaires(db, req.body);
    app.metrics.formsStored.inc({ kind: 'questionnaire' }, req.body.length - refusals.length);
    countRefusals('questionnaire', refusals);
    return success(refusals);
  });
  route(app, 'pushMedical', async (req) => {
    const refusals = await pushMedical(db, req.body);
    app.metrics.formsStored.inc({ kind: 'medical' }, req.body.length - refusals.length);
    countRefusals('medical', refusals);
    return success(refusals);
  });

  const settings = emailSettings(app.config, app.workThread);
  route(app, 'pushEmails', async (req) => {
    const refusals = await pushEmails(db, app.mailer, req.log, settings, req.body, req.ip);
    countRefusals('email', refusals);
    return success(refusals);
  });

  /** The documents a push refused, by kind and reason (/metrics); a conflict without a reason is a newer stored state. */
  function countRefusals(kind: string, rows: readonly object[]) {
    for (const row of rows) {
      const reason = 'reason' in row && typeof row.reason === 'string' ? reasonLabel(row.reason) : 'conflict';
      app.metrics.pushRefusals.inc({ kind, reason });
    }
  }
}
