import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Brotli at quality 4 compresses JSON better than gzip -6 at about gzip's speed (11 is for files
// compressed once, as the PWA's assets are at build time).
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

export type Coding = 'br' | 'gzip';

/**
 * The coding to send for an Accept-Encoding header: brotli when accepted, else gzip, else none
 * (`q=0` refuses a coding; `*` stands for any coding not named).
 */
export function chooseEncoding(header: string | string[] | undefined): Coding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: Coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

// JSON, and the pages the server draws (a kit's card 1 in the app's HTML).
const isJson = (type: unknown) =>
  typeof type === 'string' && (/^application\/(.+\+)?json\b/i.test(type) || /^text\/html\b/i.test(type));

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${vary}, Accept-Encoding`);
}

/**
 * Compresses JSON replies (the kit pull, card details, lists, reports' data) by the request's
 * Accept-Encoding: brotli or gzip, above 1 KB, with `Vary: Accept-Encoding`. Only a reply held
 * whole in memory as JSON is touched: files and streams (static assets, which are sent
 * pre-compressed, pictures, PDFs, CSV exports) go as they are, and so does a reply that already
 * carries a Content-Encoding. Small replies (the health check) pass through at the cost of a check.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook(
      'onSend',
      (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, p?: unknown) => void) => {
        if (
          (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
          payload.length < COMPRESS_MIN_BYTES ||
          !isJson(reply.getHeader('content-type')) ||
          reply.hasHeader('content-encoding')
        ) {
          return done(null, payload);
        }
        const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
        if (body.length < COMPRESS_MIN_BYTES) return done(null, payload);
        addVary(reply);
        const coding = chooseEncoding(req.headers['accept-encoding']);
        if (!coding) return done(null, payload);
        (coding === 'br' ? brotli(body, BROTLI_OPTIONS) : gz(body)).then(
          (compressed) => {
            reply.header('content-encoding', coding);
            reply.removeHeader('content-length');
            done(null, compressed);
          },
          // Never fail a reply for want of compression: send it as it is.
          () => done(null, payload),
        );
      },
    );
  },
  { name: 'scentry-compress' },
);
