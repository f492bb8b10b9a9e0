import { CONTRACT, type EmailKind, REPORT_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../../lib/route';
import { parse } from '../../../lib/validate';
import { pushEmails, sendEmailForm } from '../../../services/emails';
import { readModelAndFile } from '../../../services/uploads';

/**
 * Reports by e-mail: SendResultInEmail, SendQuestionnaireResultInEmail and the offline push. A
 * refusal that asks the device to come back later (429, 503) carries Retry-After.
 */
export default async function emailsRoutes(app: FastifyInstance) {
  const { db } = app;

  /** A multipart e-mail request (API.md): the model's rules, then the service's. */
  async function sendFromForm(req: FastifyRequest, kind: EmailKind) {
    const { model, file } = await readModelAndFile(req);
    const body = parse(CONTRACT.sendResultInEmail.model, model);
    const { id, name, email, date, testResultId } = body;
    await sendEmailForm(db, app.mailer, req.log, { id, kind, name, email, date, testResultId }, file);
  }

  route(app, 'sendResultInEmail', async (req) => {
    await sendFromForm(req, 'result');
    return success(null, REPORT_MSG.resultSent);
  });

  route(app, 'sendQuestionnaireResultInEmail', async (req) => {
    await sendFromForm(req, 'questionnaire');
    return success(null, REPORT_MSG.questionnaireSent);
  });

  route(app, 'pushEmails', async (req) => success(await pushEmails(db, app.mailer, req.log, req.body)));
}
