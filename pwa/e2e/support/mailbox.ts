import { createRequire } from 'node:module';

const requireFromServer = createRequire(new URL('../../../sync-server/package.json', import.meta.url));
const { SMTPServer } = requireFromServer('smtp-server') as {
  SMTPServer: new (
    o: object,
  ) => {
    listen: (port: number, host: string, cb: () => void) => void;
    close: (cb: () => void) => void;
    server: { address(): { port: number } };
  };
};

export interface Mailbox {
  /** Every message received so far: its envelope recipients and raw text. */
  mails: { to: string[]; raw: string }[];
  port: number;
  close: () => Promise<void>;
}

/** A real SMTP server on loopback (the server's SMTP_URL points at it): every message it receives, raw. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: Mailbox['mails'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: NodeJS.ReadableStream, session: { envelope: { rcptTo: { address: string }[] } }, done: () => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return { mails, port: smtp.server.address().port, close: () => new Promise<void>((r) => smtp.close(r)) };
}
