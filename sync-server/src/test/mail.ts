import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type FormPart, multipart } from './multipart';

/** A mail as the test SMTP server received it: the SMTP envelope and the parsed message. */
export interface ReceivedMail {
  envelopeTo: string[];
  /** The name the sender gave in EHLO. */
  ehlo: string;
  mail: ParsedMail;
}

export interface TestSmtp {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no AUTH) that keeps what it receives, parsed; a mail
 * is in `received` before the server acknowledges it, so before the sender's request returns.
 */
export async function startSmtp(
  port = 0,
  options: { rejectRecipient?: (address: string) => { code: number; message: string } | null } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.rejectRecipient?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            ehlo: session.hostNameAppearsAs,
            mail,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.server.address() as net.AddressInfo;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound, then let go). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A small PDF-looking file: the `%PDF-` signature, then random bytes (different each call). */
export const makePdf = (size = 2048): Buffer =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, size - 16)), Buffer.from('\n%%EOF\n')]);

/** The e-mail endpoints' form: `model` as JSON (a string as is) and an optional `file`. */
export function emailForm(model: unknown, file?: Buffer | null, filename = 'report.pdf') {
  const parts: FormPart[] = [{ name: 'model', value: typeof model === 'string' ? model : JSON.stringify(model) }];
  if (file) parts.push({ name: 'file', value: file, filename, contentType: 'application/pdf' });
  return multipart(parts);
}
