import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailKind } from '@scentry/shared-schema';
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
    const transport = lazyTransport(() => [{ ...SMTP_TIMEOUTS, url: smtpUrl }, defaults]);
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

const SUBJECTS: Record<EmailKind, string> = {
  result: 'Your Scentry smell screening result',
  questionnaire: 'Your Scentry questionnaire answers',
};

const WHAT: Record<EmailKind, string> = {
  result: 'your Scentry smell screening result',
  questionnaire: 'your answers to the Scentry questionnaire',
};

/** The attachment's name: `Scentry-result-MM-DD-YYYY.pdf` / `Scentry-questionnaire-MM-DD-YYYY.pdf`. */
export const reportFileName = (kind: EmailKind, date: string): string =>
  `Scentry-${kind}-${date.replace(/\//g, '-')}.pdf`;

/** The report e-mail of spec §4: hello, what is attached, that a screening is not a diagnosis. */
export function reportMail(report: {
  id: string;
  kind: EmailKind;
  name: string;
  email: string;
  /** MM/DD/YYYY */
  date: string;
  pdf: Buffer;
}): MailMessage {
  const fileName = reportFileName(report.kind, report.date);
  const text = [
    `Hello ${report.name},`,
    '',
    `Attached is ${WHAT[report.kind]} of ${report.date} (${fileName}).`,
    '',
    'Scentry is a screening, not a diagnosis. If you are concerned about your sense of smell, please talk to a doctor.',
    '',
    'This message was sent automatically; there is no need to reply.',
    '',
    'Scentry',
    '',
  ].join('\n');
  return {
    id: report.id,
    to: { name: report.name, address: report.email },
    subject: SUBJECTS[report.kind],
    text,
    attachments: [{ filename: fileName, content: report.pdf, contentType: 'application/pdf' }],
  };
}
