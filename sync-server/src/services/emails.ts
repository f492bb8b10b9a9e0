import { createHash, createHmac, randomUUID } from 'node:crypto';
import {
  type Contract,
  EMAILS_PER_RECIPIENT_PER_HOUR,
  type EmailKind,
  emailDocSchema,
  type Language,
  PLAY_MSG,
  parseRequest,
  REPORT_MSG,
  type RejectedResult,
} from '@scentry/shared-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { type Db, inTransaction } from '../db/database';
import { addressKey } from '../lib/address';
import { ApiError, forbidden, notFound, warning } from '../lib/errors';
import { sentId } from '../lib/push';
import type { ContractRequest } from '../lib/route';
import { writeKeyMatches } from '../lib/write-key';
import {
  findEmail,
  forgetClientKeys,
  insertEmailClaim,
  markDelivered,
  recipientSince,
  recipientsOfClientSince,
  recipientsOfResult,
  releaseClaim,
  takeOverStaleClaim,
} from '../repositories/emails';
import { questionnaireReportRecord, resultReportRecord } from '../repositories/report-records';
import { findResult, questionnaireCompleted } from '../repositories/results';
import { type DeviceMark, markOf, recordAnswer, recordRefusal } from './devices';
import { type Mailer, MailSendError, maskEmail, reportMail } from './mail';
import { renderQuestionnaireReport, renderResultReport, type ServerReport } from './report-pdf';
import type { WorkThread } from './work-thread';

/** The device should try again: the mail could not go out now (nothing was sent, nothing kept). */
export const MAIL_UNAVAILABLE_MSG = REPORT_MSG.mailUnavailable;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
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

/** What the e-mails need of the configuration. */
export interface EmailSettings {
  dataDir: string;
  /** UPLOADS_DIR: the option pictures drawn in the report. */
  uploadsDir: string;
  publicUrl: string;
  /** EMAILS_PER_RESULT: different recipients per result and kind. */
  emailsPerResult: number;
  /** EMAIL_RECIPIENTS_PER_ADDRESS: different recipients per client address a day; 0 = no cap. */
  emailRecipientsPerAddress: number;
  /** Keys the hash of a client's address (the server's own secret: the hash cannot be reversed by trying every address). */
  secret: string;
  /** Where the attachment is drawn (off the main thread). */
  work: WorkThread;
}

/** The e-mail settings from the server's configuration: the same for the online calls and the push. */
export function emailSettings(config: Config, work: WorkThread): EmailSettings {
  return {
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    publicUrl: config.publicUrl,
    emailsPerResult: config.emailsPerResult,
    emailRecipientsPerAddress: config.emailRecipientsPerAddress,
    secret: config.jwtSecret,
    work,
  };
}

/** An e-mail asked for (API.md "E-mails and passes"), its shape checked already. */
export interface EmailRequest {
  /** The sender's UUID: one id is sent once. Absent: the server makes one (no resend is recognised). */
  id: string | null | undefined;
  kind: EmailKind;
  email: string;
  testResultId: string;
  writeKey: string | null | undefined;
  language: Language | null | undefined;
  /** The requesting client's address (req.ip), counted by the per-address cap under a keyed hash. */
  ip: string;
  /** The device's number for it (API.md "Devices"): its final answer is recorded. */
  mark?: DeviceMark | null;
}

/**
 * What makes two requests under one id "the same e-mail": kind, recipient, result and language
 * (the attachment is the server's, made from the record, so it is not part of it).
 */
function contentHash(request: EmailRequest, recipient: string, language: Language): string {
  return createHash('sha256')
    .update(JSON.stringify([request.kind, recipient, request.testResultId.toLowerCase(), language]))
    .digest('hex');
}

/**
 * The key a client address is counted under by the per-address cap: an HMAC of its addressKey
 * (an IPv6 /64 as one), so the table never holds an address, and a leaked table cannot be
 * matched against all 2^32 IPv4 addresses without the server's secret.
 */
export function clientKeyOf(ip: string, secret: string): string {
  return createHmac('sha256', `scentry-email-client:${secret}`).update(addressKey(ip)).digest('hex').slice(0, 32);
}

export type EmailOutcome =
  /** Sent now, by SMTP or into the outbox. */
  | { outcome: 'sent' }
  /** This id was sent before with this content: nothing sent again. */
  | { outcome: 'duplicate' }
  /** This id was sent before with other content: nothing sent. */
  | { outcome: 'conflict' }
  /** The result it names has not reached the server (or, for the questionnaire, its answers): nothing sent. */
  | { outcome: 'unknownResult' | 'unknownQuestionnaire' }
  /** The result has a write key and it was not sent (API.md "Writing to a result"): nothing sent. */
  | { outcome: 'forbidden' }
  /** The result's report already went to EMAILS_PER_RESULT other recipients: nothing sent. */
  | { outcome: 'tooManyForResult'; recipients: number };

type Claim =
  | EmailOutcome
  | { outcome: 'claimed' }
  | { outcome: 'busy' }
  | { outcome: 'limited'; retryAfter: number }
  | { outcome: 'addressLimited'; retryAfter: number };

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/**
 * Sends a stored result's report (or its questionnaire's answers) exactly once by its id,
 * whichever endpoint it arrives by (API.md "E-mails and passes"). In one transaction: the result
 * and its key are checked, the id is claimed (a row inserted) and the caps counted; then the
 * server makes the PDF from the stored record with the shared layout and the mail goes out. A
 * failed send gives the claim up so a retry can send. Throws RetryLater for the limits (429)
 * and a mail that could not go out (503); the other refusals are outcomes, so the multipart
 * routes and the push can word them their own way.
 */
export async function sendReportEmail(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  settings: EmailSettings,
  request: EmailRequest,
  now: () => number = Date.now,
): Promise<EmailOutcome> {
  const id = request.id ? request.id.toLowerCase() : randomUUID();
  const resultId = request.testResultId.toLowerCase();
  const recipient = request.email.trim().toLowerCase();
  const language = request.language ?? 'en';
  const hash = contentHash(request, recipient, language);
  const capped = settings.emailRecipientsPerAddress > 0;
  const clientKey = capped ? clientKeyOf(request.ip, settings.secret) : null;

  const claim = await inTransaction(db, async (trx): Promise<Claim> => {
    const at = now();
    const result = await findResult(trx, resultId);
    if (!result) return { outcome: 'unknownResult' };
    if (!writeKeyMatches(result.writeKeyHash, request.writeKey)) return { outcome: 'forbidden' };
    if (request.kind === 'questionnaire' && !(await questionnaireCompleted(trx, resultId)))
      return { outcome: 'unknownQuestionnaire' };

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

    const sentTo = await recipientsOfResult(trx, resultId, request.kind);
    if (!sentTo.includes(recipient) && sentTo.length >= settings.emailsPerResult)
      return { outcome: 'tooManyForResult', recipients: sentTo.length };

    const window = await recipientSince(trx, recipient, new Date(at - HOUR_MS).toISOString());
    if (window.count >= EMAILS_PER_RECIPIENT_PER_HOUR) {
      const leaves = window.oldest ? Date.parse(window.oldest) + HOUR_MS : at + HOUR_MS;
      return { outcome: 'limited', retryAfter: secondsUntil(leaves, at) };
    }

    if (clientKey) {
      const dayAgo = new Date(at - DAY_MS).toISOString();
      // Keys older than the day count for nothing: they are not kept.
      await forgetClientKeys(trx, dayAgo);
      const mine = await recipientsOfClientSince(trx, clientKey, dayAgo);
      if (!mine.some((r) => r.recipient === recipient) && mine.length >= settings.emailRecipientsPerAddress) {
        // A place frees when the recipient e-mailed longest ago leaves the day.
        const first = Math.min(...mine.map((r) => Date.parse(r.last)));
        return { outcome: 'addressLimited', retryAfter: secondsUntil(first + DAY_MS, at) };
      }
    }

    const inserted = await insertEmailClaim(trx, {
      id,
      kind: request.kind,
      testResultId: resultId,
      recipient,
      contentHash: hash,
      clientKey,
      createdAt: new Date(at).toISOString(),
    });
    return inserted ? { outcome: 'claimed' } : { outcome: 'busy' };
  });

  if (claim.outcome === 'limited') {
    log.info({ to: maskEmail(recipient) }, 'e-mail refused: too many to this recipient this hour');
    throw new RetryLater(429, REPORT_MSG.tooManyEmails, claim.retryAfter);
  }
  if (claim.outcome === 'addressLimited') {
    log.warn({ emailId: id }, 'e-mail refused: too many different recipients from this address today');
    throw new RetryLater(429, REPORT_MSG.tooManyRecipients, claim.retryAfter);
  }
  if (claim.outcome === 'busy') throw new RetryLater(503, MAIL_UNAVAILABLE_MSG, RETRY_SECONDS);
  if (claim.outcome !== 'claimed') {
    // A final answer (not the 404 of a result not stored yet: the device sends it again).
    if (claim.outcome !== 'unknownResult' && claim.outcome !== 'unknownQuestionnaire') {
      const reason = refusalOf(claim)?.message ?? null;
      await recordAnswer(db, request.mark ?? null, {
        kind: 'email',
        documentId: id,
        resultId,
        outcome: claim.outcome === 'duplicate' ? 'duplicate' : claim.outcome === 'conflict' ? 'conflict' : 'refused',
        reason,
      });
    }
    return claim;
  }

  let delivered: Awaited<ReturnType<Mailer['send']>>;
  try {
    const report = await serverReport(db, settings, request.kind, resultId, language, log);
    delivered = await mailer.send(
      reportMail({ id, kind: request.kind, language, email: request.email.trim(), ...report }),
    );
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
  await recordAnswer(db, request.mark ?? null, { kind: 'email', documentId: id, resultId, outcome: 'stored' });
  return { outcome: 'sent' };
}

/**
 * The attachment, made here from the stored record with the shared layout (never the caller's
 * file), in the e-mail's language. Checked in the claim's transaction, the record is there: results are never deleted.
 */
async function serverReport(
  db: Db,
  settings: EmailSettings,
  kind: EmailKind,
  resultId: string,
  language: Language,
  log: FastifyBaseLogger,
): Promise<ServerReport> {
  const started = performance.now();
  let report: ServerReport;
  if (kind === 'questionnaire') {
    const record = await questionnaireReportRecord(db, resultId);
    if (!record) throw new Error(`questionnaire of ${resultId} vanished`);
    report = await renderQuestionnaireReport(record, settings.work, language);
  } else {
    const record = await resultReportRecord(db, resultId);
    if (!record) throw new Error(`result ${resultId} vanished`);
    report = await renderResultReport(record, settings, language);
  }
  log.debug({ kind, ms: Math.round(performance.now() - started), bytes: report.pdf.length }, 'report PDF made');
  return report;
}

/** The 400 / 403 / 404 of an outcome that is not a success, as the multipart endpoints answer it. */
export function refusalOf(outcome: EmailOutcome): ApiError | null {
  switch (outcome.outcome) {
    case 'conflict':
      return warning(REPORT_MSG.emailConflict);
    case 'unknownResult':
      return notFound(REPORT_MSG.resultNotSynced);
    case 'unknownQuestionnaire':
      return notFound(REPORT_MSG.questionnaireNotSynced);
    case 'forbidden':
      return forbidden(PLAY_MSG.notAllowedForResult);
    case 'tooManyForResult':
      return warning(REPORT_MSG.sentToMany(outcome.recipients));
    default:
      return null;
  }
}

/**
 * The push's answer to an outcome: null when it was taken; a reason when it never will be (the
 * device stops retrying it). A result or questionnaire not stored yet is thrown as the 404 of
 * the multipart endpoints: the device keeps the e-mail and pushes it again after them.
 */
export function rejectionOf(outcome: EmailOutcome): string | null {
  if (outcome.outcome === 'unknownResult' || outcome.outcome === 'unknownQuestionnaire') throw refusalOf(outcome);
  return refusalOf(outcome)?.message ?? null;
}

/** A multipart e-mail request (API.md), its model already checked; a `file` it carried was ignored. */
export async function sendEmailForm(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  settings: EmailSettings,
  request: EmailRequest,
): Promise<void> {
  const refusal = refusalOf(await sendReportEmail(db, mailer, log, settings, request));
  if (refusal) throw refusal;
}

export type PushEmailsBody = ContractRequest<Contract['pushEmails']>['body'];

/**
 * An e-mail made offline (API.md "Sync"), one document a request: `[]` when it was taken now or
 * before, `[{id, rejected, reason}]` when it never will be (the device stops retrying it). Its
 * result (or questionnaire) not stored yet: 404, and the device pushes it again later. Over a
 * limit or with the mail server away it throws RetryLater (429 / 503) and the device tries again
 * later. A `pdfBase64` from an older build is ignored: the server makes the attachment.
 */
export async function pushEmails(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  settings: EmailSettings,
  rows: PushEmailsBody,
  ip: string,
): Promise<RejectedResult[]> {
  const doc = rows[0].newDocumentState;
  const rejected = (id: string, reason: string) => [{ id, rejected: true as const, reason }];
  const parsed = parseRequest(emailDocSchema, doc);
  if (!parsed.ok) {
    await recordRefusal(db, doc, 'email', parsed.message);
    return rejected(sentId(doc), parsed.message);
  }
  const sent = parsed.data;
  const outcome = await sendReportEmail(db, mailer, log, settings, {
    id: sent.id,
    kind: sent.kind,
    email: sent.email,
    testResultId: sent.testResultId,
    writeKey: sent.writeKey,
    language: sent.language,
    ip,
    mark: markOf(sent),
  });
  const reason = rejectionOf(outcome);
  return reason ? rejected(sent.id, reason) : [];
}
