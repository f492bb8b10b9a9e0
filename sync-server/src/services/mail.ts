import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailKind, Language } from '@scentry/shared-schema';
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

/** The date a text gives: MM/DD/YYYY in English, "23 de noviembre de 2026" in Spanish; in Los Angeles. */
const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
  }),
  es: new Intl.DateTimeFormat('es-ES', {
    timeZone: 'America/Los_Angeles',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }),
};

/**
 * The e-mails' wording (API.md "E-mails and passes"): fixed sentences that name no one and carry
 * nothing the requester wrote, only the played-at date and the attachment's name.
 */
const WORDING: Record<
  Language,
  {
    subject: Record<EmailKind, string>;
    attached: Record<EmailKind, (date: string, file: string) => string>;
    lines: string[];
  }
> = {
  en: {
    subject: {
      result: 'Your Scentry smell screening result',
      questionnaire: 'Your Scentry questionnaire answers',
    },
    attached: {
      result: (date, file) =>
        `Attached is the result of a Scentry smell screening played on ${date}, Pacific Time (${file}).`,
      questionnaire: (date, file) =>
        `Attached are the answers to the Scentry questionnaire of a smell screening played on ${date}, Pacific Time (${file}).`,
    },
    lines: [
      'A screening is not a diagnosis. If you are concerned about your sense of smell, please talk to a doctor.',
      'This message was sent automatically because this address was entered in the Scentry app. There is no need to reply.',
    ],
  },
  es: {
    subject: {
      result: 'Su resultado de la prueba de olfato de Scentry',
      questionnaire: 'Sus respuestas al cuestionario de Scentry',
    },
    attached: {
      result: (date, file) =>
        `Adjuntamos el resultado de una prueba de olfato de Scentry realizada el ${date}, hora del Pacífico (${file}).`,
      questionnaire: (date, file) =>
        `Adjuntamos las respuestas al cuestionario de Scentry de una prueba de olfato realizada el ${date}, hora del Pacífico (${file}).`,
    },
    lines: [
      'Una prueba de detección no es un diagnóstico. Si le preocupa su sentido del olfato, consulte a un médico.',
      'Este mensaje se envió automáticamente porque esta dirección se indicó en la aplicación Scentry. No es necesario responder.',
    ],
  },
};

const GREETING: Record<Language, string> = { en: 'Hello,', es: 'Hola:' };

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
  const words = WORDING[report.language];
  const date = DATE_FORMATS[report.language].format(new Date(report.playedAt));
  const text = [
    GREETING[report.language],
    '',
    words.attached[report.kind](date, report.fileName),
    '',
    ...words.lines.flatMap((line) => [line, '']),
    'Scentry',
    '',
  ].join('\n');
  return {
    id: report.id,
    to: { name: '', address: report.email },
    subject: words.subject[report.kind],
    text,
    attachments: [{ filename: report.fileName, content: report.pdf, contentType: 'application/pdf' }],
    // RFC 3834: an automatic message; well-behaved auto-responders do not answer it.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}
