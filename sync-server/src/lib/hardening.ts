import type { Socket } from 'node:net';
import { envelope, MSG } from '@scentry/shared-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invalid } from './errors';

/** Deepest JSON a request may nest: the contract's deepest body is 4 levels. */
export const MAX_BODY_DEPTH = 32;

/** How deep a parsed JSON value nests, counted without recursion (a hostile body is deep). */
export function exceedsDepth(value: unknown, max = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** preValidation: a body nested deeper than any request of the contract is refused before anything reads it. */
export async function refuseDeepBodies(req: FastifyRequest): Promise<void> {
  if (req.body !== null && typeof req.body === 'object' && exceedsDepth(req.body)) {
    throw invalid(MSG.bodyTooDeep, `nested deeper than ${MAX_BODY_DEPTH} levels`);
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Errors Node's HTTP parser meets before Fastify has a request (headers too large, a timed-out or
 * malformed request): answered in the envelope too, on the raw socket.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const code = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = code === 408 ? MSG.requestTimeout : code === 431 ? MSG.headersTooLarge : MSG.invalidRequest;
  const body = JSON.stringify(envelope('Failure', message, null, REASONS[code]));
  socket.end(
    `HTTP/1.1 ${code} ${REASONS[code]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Errors of Fastify's router and parser (a malformed URL): 400 in the envelope. */
export function frameworkErrors(error: Error, _req: FastifyRequest, reply: FastifyReply): void {
  reply.code(400).send(envelope('Failure', MSG.invalidRequest, null, error.message));
}

/**
 * Caps the open connections one address may hold (idle sockets are cheap to open and expensive
 * to keep): past the cap a new connection is closed at once. 0 turns the cap off.
 */
export function capConnectionsPerAddress(
  server: { on(event: 'connection', cb: (s: Socket) => void): unknown },
  max: number,
) {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
