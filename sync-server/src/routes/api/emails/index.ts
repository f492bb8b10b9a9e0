import { CONTRACT, type EmailKind, type EmailModel, REPORT_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../lib/errors';
import { readModelAndFile } from '../../../lib/multipart';
import { route } from '../../../lib/route';
import { parse } from '../../../lib/validate';
import { markOf, recordRefusal } from '../../../services/devices';
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
    let parsed: EmailModel;
    try {
      parsed = parse(CONTRACT.sendResultInEmail.model, model);
    } catch (err) {
      // Answered all the same: a numbered e-mail refused here is never a gap (API.md "Devices").
      if (err instanceof ApiError) await recordRefusal(db, model, 'email', err.message);
      throw err;
    }
    const { id, email, testResultId, writeKey, language, deviceId, seq } = parsed;
    await sendEmailForm(db, app.mailer, req.log, settings, {
      id,
      kind,
      email,
      testResultId,
      writeKey,
      language,
      ip: req.ip,
      mark: markOf({ deviceId, seq }),
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
