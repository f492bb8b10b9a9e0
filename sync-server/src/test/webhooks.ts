import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the webhooks' tests share: a receiver on 127.0.0.1 (the one address WEBHOOK_TEST_RECEIVER
// lets an endpoint have) and a wait for the worker, which runs on its own.

/** A receiver on 127.0.0.1: what it was sent, and what it answers (200 unless told). */
export interface Receiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  /** The statuses of the next replies, in order (then 200). */
  replies: number[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const replies: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = replies.shift() ?? 200;
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    replies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it holds (the worker runs on its own). */
export async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
