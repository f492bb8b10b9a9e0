import { createHash, randomUUID } from 'node:crypto';
import {
  type Contract,
  EMAIL_PDF_MAX_BYTES,
  EMAILS_PER_RECIPIENT_PER_HOUR,
  type EmailKind,
  emailDocSchema,
  parseRequest,
  REPORT_MSG,
  type RejectedResult,
} from '@scentry/shared-schema';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, inTransaction } from '../db/database';
import { ApiError, invalid, notFound, warning } from '../lib/errors';
import { sentId } from '../lib/push';
import type { ContractRequest } from '../lib/route';
import {
  findEmail,
  insertEmailClaim,
  markDelivered,
  recipientSince,
  releaseClaim,
  takeOverStaleClaim,
} from '../repositories/emails';
import { findResult } from '../repositories/results';
import { type Mailer, MailSendError, maskEmail, reportMail } from './mail';

/** The device should try again: the mail could not go out now (nothing was sent, nothing kept). */
export const MAIL_UNAVAILABLE_MSG = REPORT_MSG.mailUnavailable;

const HOUR_MS = 60 * 60 * 1000;
/**
 * A claim still unsent after this long was left by a sender that died mid-send (the SMTP
 * timeouts end a live one well before): the next request with its id sends it.
 */
const CLAIM_STALE_MS = 10 * 60 * 1000;
/** Seconds the device is asked to wait before retrying a send that could not go out. */
const RETRY_SECONDS = 30;

/** A refusal that carries a Retry-After (429 over the limit, 503 when the mail could not go out). */
export class RetryLater extends ApiError {
  constructor(statusCode: 429 | 503, message: string, retryAfterSeconds: number) {
    super(statusCode, 'Failure', message, null, retryAfterSeconds);
  }
}

/** A report to e-mail, checked already (the model's rules, the PDF's). */
export interface ReportEmail {
  /** The sender's UUID: one id is sent once. Absent: the server makes one (no resend is recognised). */
  id: string | null | undefined;
  kind: EmailKind;
  name: string;
  email: string;
  /** MM/DD/YYYY */
  date: string;
  testResultId: string | null | undefined;
  pdf: Buffer;
}

/**
 * What is wrong with a file sent as the report (REPORT_MSG), or null for a PDF under 5 MB.
 * `truncated`: the upload was cut at the multipart file limit (so it was 5 MB or more).
 */
export function pdfProblem(pdf: Buffer | undefined, truncated = false): string | null {
  if (!pdf || pdf.length === 0) return REPORT_MSG.fileRequired;
  if (truncated || pdf.length >= EMAIL_PDF_MAX_BYTES) return REPORT_MSG.pdfTooLarge;
  if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) return REPORT_MSG.notPdf;
  return null;
}

/** What makes two requests under one id "the same e-mail": kind, recipient, name, date, result and PDF. */
function contentHash(report: ReportEmail, recipient: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify([report.kind, recipient, report.name, report.date, report.testResultId?.toLowerCase() ?? null]),
    )
    .update('\n')
    .update(report.pdf)
    .digest('hex');
}

export type EmailOutcome =
  /** Sent now, by SMTP or into the outbox. */
  | { outcome: 'sent' }
  /** This id was sent before with this content: nothing sent again. */
  | { outcome: 'duplicate' }
  /** This id was sent before with other content: nothing sent. */
  | { outcome: 'conflict' }
  /** The result it names has not reached the server: nothing sent. */
  | { outcome: 'unknownResult' };

type Claim = EmailOutcome | { outcome: 'claimed' } | { outcome: 'busy' } | { outcome: 'limited'; retryAfter: number };

/**
 * Sends a report exactly once by its id, whichever endpoint it arrives by (API.md): the id is
 * claimed (a row inserted) in the same transaction that checks the result and counts the
 * recipient's e-mails of the last hour, then the mail goes out; a failed send gives the claim
 * up so a retry can send. Throws RetryLater for the limit (429) and a mail that could not go out
 * (503); the other refusals are outcomes, so the multipart routes and the push can word them
 * their own way.
 */
export async function sendReportEmail(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  report: ReportEmail,
  now: () => number = Date.now,
): Promise<EmailOutcome> {
  const id = report.id ? report.id.toLowerCase() : randomUUID();
  const recipient = report.email.trim().toLowerCase();
  const hash = contentHash(report, recipient);

  const claim = await inTransaction(db, async (trx): Promise<Claim> => {
    const at = now();
    const existing = await findEmail(trx, id);
    if (existing) {
      if (existing.contentHash !== hash) return { outcome: 'conflict' };
      if (existing.delivered) return { outcome: 'duplicate' };
      // Being sent by another request right now: its outcome is not known yet.
      const stale = new Date(at - CLAIM_STALE_MS).toISOString();
      return (await takeOverStaleClaim(trx, id, stale, new Date(at).toISOString()))
        ? { outcome: 'claimed' }
        : { outcome: 'busy' };
    }
    if (report.testResultId && !(await findResult(trx, report.testResultId))) return { outcome: 'unknownResult' };
    const window = await recipientSince(trx, recipient, new Date(at - HOUR_MS).toISOString());
    if (window.count >= EMAILS_PER_RECIPIENT_PER_HOUR) {
      const leaves = window.oldest ? Date.parse(window.oldest) + HOUR_MS : at + HOUR_MS;
      return { outcome: 'limited', retryAfter: Math.max(1, Math.ceil((leaves - at) / 1000)) };
    }
    const inserted = await insertEmailClaim(trx, {
      id,
      kind: report.kind,
      testResultId: report.testResultId ?? null,
      recipient,
      contentHash: hash,
      createdAt: new Date(at).toISOString(),
    });
    return inserted ? { outcome: 'claimed' } : { outcome: 'busy' };
  });

  if (claim.outcome === 'limited') {
    log.info({ to: maskEmail(recipient) }, 'e-mail refused: too many to this recipient this hour');
    throw new RetryLater(429, REPORT_MSG.tooManyEmails, claim.retryAfter);
  }
  if (claim.outcome === 'busy') throw new RetryLater(503, MAIL_UNAVAILABLE_MSG, RETRY_SECONDS);
  if (claim.outcome !== 'claimed') return claim;

  let delivered: Awaited<ReturnType<Mailer['send']>>;
  try {
    delivered = await mailer.send(reportMail({ ...report, id }));
  } catch (err) {
    await releaseClaim(db, id);
    if (!(err instanceof MailSendError)) throw err;
    log.error(
      { emailId: id, code: err.code, responseCode: err.responseCode, permanent: err.permanent, reason: err.message },
      'e-mail could not be sent; the claim is released for a retry',
    );
    throw new RetryLater(503, MAIL_UNAVAILABLE_MSG, RETRY_SECONDS);
  }
  await markDelivered(db, id, delivered);
  return { outcome: 'sent' };
}

/** The 400 / 404 of an outcome that is not a success, as the multipart endpoints answer it. */
export function refusalOf(outcome: EmailOutcome): ApiError | null {
  if (outcome.outcome === 'conflict') return warning(REPORT_MSG.emailConflict);
  if (outcome.outcome === 'unknownResult') return notFound(REPORT_MSG.resultNotSynced);
  return null;
}

/** The push's reason for refusing an outcome for good, or null when it was taken. */
export function rejectionOf(outcome: EmailOutcome): string | null {
  if (outcome.outcome === 'conflict') return REPORT_MSG.emailConflict;
  if (outcome.outcome === 'unknownResult') return REPORT_MSG.resultNotSynced;
  return null;
}

/** A multipart e-mail request (API.md), its model already checked: the PDF's rules, then sent exactly once by its Id. */
export async function sendEmailForm(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  report: Omit<ReportEmail, 'pdf'>,
  file: { buffer: Buffer; truncated?: boolean } | undefined,
): Promise<void> {
  const problem = pdfProblem(file?.buffer, file?.truncated);
  if (problem || !file) throw invalid(problem ?? REPORT_MSG.notPdf, 'file: must be a PDF (%PDF-) under 5 MB');
  const refusal = refusalOf(await sendReportEmail(db, mailer, log, { ...report, pdf: file.buffer }));
  if (refusal) throw refusal;
}

const BASE64_RE = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The PDF of a pushed document: plain base64 (a `data:` URL's prefix is allowed), or undefined when it is not base64. */
function decodePdf(text: string): Buffer | undefined {
  const bare = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  if (!BASE64_RE.test(bare) || bare.length % 4 === 1) return undefined;
  return Buffer.from(bare, 'base64');
}

export type PushEmailsBody = ContractRequest<Contract['pushEmails']>['body'];

/**
 * An e-mail made offline (API.md "Sync"), one document a request: `[]` when it was taken now or
 * before, `[{id, rejected, reason}]` when it never will be (the device stops retrying it). Over
 * the recipient's limit or with the mail server away it throws RetryLater (429 / 503) and the
 * device tries again later.
 */
export async function pushEmails(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  rows: PushEmailsBody,
): Promise<RejectedResult[]> {
  const doc = rows[0].newDocumentState;
  const rejected = (id: string, reason: string) => [{ id, rejected: true as const, reason }];
  const parsed = parseRequest(emailDocSchema, doc);
  if (!parsed.ok) return rejected(sentId(doc), parsed.message);
  const { pdfBase64, ...sent } = parsed.data;
  const pdf = decodePdf(pdfBase64);
  const problem = pdf ? pdfProblem(pdf) : REPORT_MSG.notPdf;
  if (problem || !pdf) return rejected(sent.id, problem ?? REPORT_MSG.notPdf);
  const outcome = await sendReportEmail(db, mailer, log, {
    id: sent.id,
    kind: sent.kind,
    name: sent.name,
    email: sent.email,
    date: sent.date,
    testResultId: sent.testResultId,
    pdf,
  });
  const reason = rejectionOf(outcome);
  return reason ? rejected(sent.id, reason) : [];
}
