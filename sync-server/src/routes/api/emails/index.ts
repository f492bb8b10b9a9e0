import { CONTRACT, type EmailKind, REPORT_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readModelAndFile } from '../../../lib/multipart';
import { route } from '../../../lib/route';
import { parse } from '../../../lib/validate';
import { emailSettings, sendEmailForm } from '../../../services/emails';

/**
 * Reports by e-mail: SendResultInEmail, SendQuestionnaireResultInEmail (the offline push is under sync), for
 * a stored result with its key; the server makes the attachment and writes the text. A refusal
 * that asks the device to come back later (429, 503) carries Retry-After.
 */
export default async function emailsRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const settings = emailSettings(config, app.workThread);

  /** A multipart e-mail request (API.md): the model's rules, then the service's; a `file` is ignored. */
  async function sendFromForm(req: FastifyRequest, kind: EmailKind) {
    const { model } = await readModelAndFile(req, { ignoreFiles: true });
    const { id, email, testResultId, writeKey, language } = parse(CONTRACT.sendResultInEmail.model, model);
    await sendEmailForm(db, app.mailer, req.log, settings, {
      id,
      kind,
      email,
      testResultId,
      writeKey,
      language,
      ip: req.ip,
    });
  }

  route(app, 'sendResultInEmail', async (req) => {
    await sendFromForm(req, 'result');
    return success(null, REPORT_MSG.resultSent);
  });

  route(app, 'sendQuestionnaireResultInEmail', async (req) => {
    await sendFromForm(req, 'questionnaire');
    return success(null, REPORT_MSG.questionnaireSent);
  });
}
