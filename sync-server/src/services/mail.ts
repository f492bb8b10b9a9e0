import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailKind, Language, MessageId } from '@scentry/shared-schema';
import { translator } from '@scentry/shared-schema/i18n/translator';
import { formatResultDate } from '@scentry/shared-schema/result-document';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/** How a mail went out: to the SMTP server, or as a file in DATA_DIR/outbox. */
export type Delivery = 'smtp' | 'outbox';

/** One outgoing mail: a single recipient, plain text, attachments. */
export interface MailMessage {
  /** Names the outbox file; never shown to the recipient. */
  id: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends the message; rejects with a MailSendError when it did not go out. */
  send(message: MailMessage): Promise<Delivery>;
  close(): void;
}

/** The mail did not go out (SMTP server unreachable or refusing, outbox not writable): try again later. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly responseCode: number | undefined,
    /** The server refused for good (a 5xx reply): retrying gets the same answer until someone acts. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** An address as it may be logged: `j***@example.com`. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

// Fail fast enough that the device's request is answered (and retried) rather than left hanging.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** `2026-11-23T05:00:00.123Z` → `20261123T050000.123Z` (ISO 8601 basic: no colons in a file name). */
const fileTime = (d: Date): string => d.toISOString().replace(/[-:]/g, '');

/**
 * The mailer of the configuration: SMTP_URL when set (timeouts as above unless the URL's query
 * sets them), otherwise each message is written whole as `DATA_DIR/outbox/<time>-<id>.eml`
 * (directory 0700, file 0600) for whoever runs the server to send or read.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  /** PUBLIC_URL: its host is the name the server gives in EHLO (not the machine's own name). */
  publicUrl: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, mailFrom, dataDir, log } = options;
  const defaults = { from: mailFrom };

  const failed = (err: unknown, message: MailMessage): MailSendError => {
    const e = err as { message?: string; code?: string; responseCode?: number; permanent?: boolean };
    // SMTP replies often quote the recipient: never let the full address reach the log.
    const address = new RegExp(message.to.address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
    const text = String(e.message ?? err).replace(address, maskEmail(message.to.address));
    return new MailSendError(text, e.code, e.responseCode, e.permanent === true);
  };

  if (smtpUrl) {
    const name = ehloName(options.publicUrl);
    const transport = lazyTransport(() => [{ ...SMTP_TIMEOUTS, name, url: smtpUrl }, defaults]);
    return {
      async send(message) {
        try {
          await (await transport.get()).sendMail(message);
        } catch (err) {
          throw failed(err, message);
        }
        log.info({ emailId: message.id, to: maskEmail(message.to.address) }, 'e-mail sent by SMTP');
        return 'smtp';
      },
      close: transport.close,
    };
  }

  const transport = lazyTransport(() => [{ streamTransport: true, buffer: true, newline: 'unix' }, defaults]);
  const outbox = path.join(dataDir, 'outbox');
  return {
    async send(message) {
      let file: string;
      try {
        const info = await (await transport.get()).sendMail(message);
        mkdirSync(outbox, { recursive: true, mode: 0o700 });
        chmodSync(outbox, 0o700);
        file = path.join(outbox, `${fileTime(new Date())}-${message.id}.eml`);
        // Written aside, then renamed: whoever picks the outbox up never reads half a message.
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, info.message as Buffer, { mode: 0o600 });
        chmodSync(tmp, 0o600);
        renameSync(tmp, file);
      } catch (err) {
        throw failed(err, message);
      }
      log.info({ emailId: message.id, to: maskEmail(message.to.address), file }, 'e-mail written to the outbox');
      return 'outbox';
    },
    close: transport.close,
  };
}

/**
 * The name given in EHLO: PUBLIC_URL's host, so the greeting names the site the mail is about
 * (receivers' spam checks compare it with the sender's DNS) rather than a container's hostname.
 */
export function ehloName(publicUrl: string): string | undefined {
  try {
    return new URL(publicUrl).hostname.replace(/^\[|\]$/g, '') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A `.local` sender (MAIL_FROM's default) is fine for the outbox, but mail servers refuse or bin
 * it: worth a warning when mail really goes out.
 */
export function isLocalSender(mailFrom: string): boolean {
  const address = /<([^>]*)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return /\.local\s*$/i.test(address.trim());
}

type TransportOptions = Parameters<typeof import('nodemailer').createTransport>;

/**
 * A nodemailer transport made on the first mail: most servers send few or none, so nodemailer
 * (several MB once loaded) is imported then rather than at start.
 */
function lazyTransport(options: () => [TransportOptions[0], TransportOptions[1]]): {
  get(): Promise<Transporter>;
  close(): void;
} {
  let made: Promise<Transporter> | undefined;
  let transport: Transporter | undefined;
  return {
    get() {
      made ??= import('nodemailer').then(({ default: nodemailer }) => {
        transport = nodemailer.createTransport(...options());
        return transport;
      });
      return made;
    },
    close: () => transport?.close(),
  };
}

/** The e-mails' subjects and first sentence (catalogue keys `mail.*`), by kind. */
const KIND_KEYS = {
  result: { subject: 'mail.subjectResult', attached: 'mail.attachedResult' },
  questionnaire: { subject: 'mail.subjectQuestionnaire', attached: 'mail.attachedQuestionnaire' },
} as const satisfies Record<EmailKind, { subject: MessageId; attached: MessageId }>;

/**
 * A report e-mail: the server's fixed text in the language asked, the played-at date, the PDF the
 * server made; addressed to the bare address (no name), marked as sent automatically.
 */
export function reportMail(report: {
  id: string;
  kind: EmailKind;
  language: Language;
  email: string;
  /** ISO time the result was played. */
  playedAt: string;
  fileName: string;
  pdf: Buffer;
}): MailMessage {
  // The e-mails' wording (API.md "E-mails and passes"): fixed sentences that name no one and carry
  // nothing the requester wrote, only the played-at date (Los Angeles, as the record) and the
  // attachment's name.
  const t = translator(report.language);
  const keys = KIND_KEYS[report.kind];
  const date = formatResultDate(report.playedAt, report.language);
  const text = [
    t('mail.greeting'),
    '',
    t(keys.attached, { date, file: report.fileName }),
    '',
    t('mail.notDiagnosis'),
    '',
    t('mail.automatic'),
    '',
    'Scentry',
    '',
  ].join('\n');
  return {
    id: report.id,
    to: { name: '', address: report.email },
    subject: t(keys.subject),
    text,
    attachments: [{ filename: report.fileName, content: report.pdf, contentType: 'application/pdf' }],
    // RFC 3834: an automatic message; well-behaved auto-responders do not answer it.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
