import { CONTRACT, type EmailKind, emailDocSchema, parseRequest, REPORT_MSG, success } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from '../../../lib/errors';
import { sentId } from '../../../lib/push';
import { route } from '../../../lib/route';
import { parse } from '../../../lib/validate';
import { pdfProblem, RetryLater, refusalOf, rejectionOf, sendReportEmail } from '../../../services/emails';
import { readModelAndFile } from '../../../services/uploads';

const BASE64_RE = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The PDF of a pushed document: plain base64 (a `data:` URL's prefix is allowed), or undefined when it is not base64. */
function decodePdf(text: string): Buffer | undefined {
  const bare = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!BASE64_RE.test(bare) || bare.length % 4 === 1) return undefined;
  return Buffer.from(bare, 'base64');
}

/** Runs a send; a refusal that asks the device to come back later carries Retry-After. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RetryLater) reply.header('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}

/** Reports by e-mail: SendResultInEmail, SendQuestionnaireResultInEmail and the offline push. */
export default async function emailsRoutes(app: FastifyInstance) {
  const { db } = app;

  /** A multipart e-mail request (API.md): the model's rules, then the PDF's, then sent exactly once by its Id. */
  async function sendFromForm(req: FastifyRequest, reply: FastifyReply, kind: EmailKind) {
    const { model, file } = await readModelAndFile(req);
    const body = parse(CONTRACT.sendResultInEmail.model, model);
    const problem = pdfProblem(file?.buffer, file?.truncated);
    if (problem) throw invalid(problem, 'file: must be a PDF (%PDF-) under 5 MB');
    const outcome = await withRetryAfter(reply, () =>
      sendReportEmail(db, app.mailer, req.log, {
        id: body.id,
        kind,
        name: body.name,
        email: body.email,
        date: body.date,
        testResultId: body.testResultId,
        pdf: file?.buffer as Buffer,
      }),
    );
    const refusal = refusalOf(outcome);
    if (refusal) throw refusal;
  }

  route(app, 'sendResultInEmail', async (req, reply) => {
    await sendFromForm(req, reply, 'result');
    return success(null, REPORT_MSG.resultSent);
  });

  route(app, 'sendQuestionnaireResultInEmail', async (req, reply) => {
    await sendFromForm(req, reply, 'questionnaire');
    return success(null, REPORT_MSG.questionnaireSent);
  });

  /**
   * An e-mail made offline (API.md "Sync"), one document a request: `[]` when it was taken now or
   * before, `[{id, rejected, reason}]` when it never will be (the device stops retrying it). Over
   * the recipient's limit or with the mail server away the request fails (429 / 503, Retry-After)
   * and the device tries again later.
   */
  route(app, 'pushEmails', async (req, reply) => {
    const doc = req.body[0].newDocumentState;
    const rejected = (id: string, reason: string) => success([{ id, rejected: true as const, reason }]);
    const parsed = parseRequest(emailDocSchema, doc);
    if (!parsed.ok) return rejected(sentId(doc), parsed.message);
    const sent = parsed.data;
    const pdf = decodePdf(sent.pdfBase64);
    const problem = pdf ? pdfProblem(pdf) : REPORT_MSG.notPdf;
    if (problem || !pdf) return rejected(sent.id, problem ?? REPORT_MSG.notPdf);
    const outcome = await withRetryAfter(reply, () =>
      sendReportEmail(db, app.mailer, req.log, {
        id: sent.id,
        kind: sent.kind,
        name: sent.name,
        email: sent.email,
        date: sent.date,
        testResultId: sent.testResultId,
        pdf,
      }),
    );
    const reason = rejectionOf(outcome);
    return success(reason ? [{ id: sent.id, rejected: true as const, reason }] : []);
  });
}
