import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { envelope, LANGUAGES, type Language, MSG, requestLanguage } from '@scentry/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasPageMarkers, pagesByLanguage, scentCodeOf, scentPage } from '../../services/app-page';
import { ensureSizedPicture, STORED_NAME, sizedDir } from '../../services/uploads';
import { chooseEncoding } from './compress';
import { isApiUrl } from './security';

/**
 * The app's pages differ by the request's language (the `scentryLang` cookie, else
 * Accept-Language) as by its encoding: caches must keep them apart.
 */
export const APP_PAGE_VARY = 'Accept-Encoding, Cookie, Accept-Language';

/** A page as sent: plain, and compressed once (at start) as the built assets are. */
interface PackedPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const pack = (html: string): PackedPage => {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(plain, { level: 9 }),
  };
};

/** /robots.txt: what crawlers are asked to leave alone. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /verify/\n';
/** The built app's icon sent for /favicon.ico (pwa/public/icons). */
const FAVICON_PNG = 'icons/icon-192.png';

/**
 * Serves uploaded images from UPLOADS_DIR (default DATA_DIR/uploads; sized for the screen, the sized
 * copies in this server's DATA_DIR/uploads-sized; originals under
 * /uploads/originals/) and the built PWA with an SPA fallback: any GET
 * outside /api and /uploads that is not a file gets index.html, so deep links (a kit's printed QR
 * code opening /scent/<code>) work, for HEAD as for GET (link checkers). index.html carries the
 * app's static shell (brand, "Loading your scent kit…"), so something paints before any script, in
 * the request's language (cookie `scentryLang`, else Accept-Language; `Vary` says so); on
 * /scent/<code> the server draws the kit's card 1 into it (services/app-page.ts) for one read token
 * of the kit throttle, the plain shell past it or for a code that is no playable kit. Unknown API
 * paths answer 404 with the envelope. Also /robots.txt and /favicon.ico.
 */
export default fp(async (app: FastifyInstance) => {
  // UPLOADS_DIR: with DATABASE_URL a folder every server mounts, so each serves every picture.
  const uploads = app.config.uploadsDir;
  mkdirSync(uploads, { recursive: true, mode: 0o700 });
  mkdirSync(sizedDir(app.config.dataDir), { recursive: true, mode: 0o700 });
  // Content-hash names: a changed image gets a new name, so caching forever is safe.
  const cached = { decorateReply: false, immutable: true, maxAge: '365d' } as const;
  await app.register(async (pictures) => {
    // /uploads/<name>: the picture sized for the screen (at most PICTURE_MAX_PX a side), the original
    // when it is that small already. A picture stored before sizing existed gets its sized copy on
    // its first request; each name is looked at once per process.
    const looked = new Set<string>();
    pictures.addHook('onRequest', (req, _reply, done) => {
      const name = req.url.slice('/uploads/'.length).split('?')[0];
      if (looked.has(name) || !STORED_NAME.test(name)) return done();
      try {
        if (ensureSizedPicture(app.config, name) !== 'missing') looked.add(name);
      } catch (err) {
        // Not decodable after all: the original is served.
        req.log.warn({ err, name }, 'picture not resized');
        looked.add(name);
      }
      done();
    });
    await pictures.register(fastifyStatic, {
      ...cached,
      root: [sizedDir(app.config.dataDir), uploads],
      prefix: '/uploads/',
    });
  });
  // The pictures as uploaded, for whoever needs the full size (kept beside the sized copies).
  await app.register(fastifyStatic, { ...cached, root: uploads, prefix: '/uploads/originals/' });

  const dist = app.config.pwaDist;
  const hasPwa = Boolean(dist && existsSync(path.join(dist, 'index.html')));
  if (hasPwa && dist) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      // `/` is the app: without an index, `/` was a 403 to a client naming no Accept-Encoding (the
      // pre-compressed lookup found index.html, the plain one refused the directory).
      index: 'index.html',
      // The build writes .br and .gz beside each asset; they are sent when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(dist, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          // index.html, the service worker and the manifest must be revalidated to update.
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }

  // Crawlers keep out of the staff app, the API and the players' verify pages (names and scores).
  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=86400');
    return reply.type('text/plain; charset=utf-8').send(ROBOTS_TXT);
  });
  if (hasPwa && dist && existsSync(path.join(dist, FAVICON_PNG))) {
    // Browsers and bookmarks ask for /favicon.ico whatever the page declares: the app's PNG icon
    // (a PNG under that name is read by every browser; its type says what it is).
    app.get('/favicon.ico', { schema: { hide: true } }, (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      return reply.type('image/png').sendFile(FAVICON_PNG, dist);
    });
  }

  // The built page, read once and put in each language once (its shell's words and <html lang>),
  // compressed: the plain shell costs a look-up per request; the page of a kit is drawn from the
  // request's language's page.
  const builtPage = hasPwa && dist ? readFileSync(path.join(dist, 'index.html'), 'utf8') : null;
  const drawable = builtPage !== null && hasPageMarkers(builtPage);
  const pages = builtPage === null ? null : pagesByLanguage(builtPage);
  const packed =
    pages && (Object.fromEntries(LANGUAGES.map((l) => [l, pack(pages[l])])) as Record<Language, PackedPage>);

  /** The app's page with its static shell in the request's language. */
  const sendShell = (req: FastifyRequest, reply: FastifyReply, language: Language) => {
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', APP_PAGE_VARY);
    reply.type('text/html; charset=utf-8');
    if (!packed) return reply.sendFile('index.html');
    const coding = chooseEncoding(req.headers['accept-encoding']);
    if (coding) reply.header('Content-Encoding', coding);
    return reply.send(packed[language][coding ?? 'plain']);
  };

  // `/` is the app too (it goes on to /home): its shell in the request's language, not the file.
  if (hasPwa) {
    app.get('/', { schema: { hide: true } }, (req, reply) => {
      reply.removeHeader('cross-origin-opener-policy');
      return sendShell(req, reply, requestLanguage(req.headers));
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (hasPwa && page && !isApiUrl(url) && !url.startsWith('/uploads/') && !path.extname(url)) {
      // A player's page (a printed QR code opens /scent/<code> in a new tab) goes without
      // Cross-Origin-Opener-Policy: that header makes the browser start the page in a new
      // browsing context group, a second renderer start-up after the HTML has arrived, which cost
      // 0.5–0.7 s of first paint on the emulated phone (docs/performance.md). The staff app keeps it.
      if (!/^\/admin(\/|$)/i.test(url)) reply.removeHeader('cross-origin-opener-policy');
      const language = requestLanguage(req.headers);
      const code = drawable ? scentCodeOf(url) : null;
      // Drawing card 1 reads the kit as a pull does, and pays as one: past the throttle (or for a
      // code that is no playable kit) the plain shell, 200, so the page tells nothing of codes.
      if (pages && code !== null && (await app.takeThrottleToken('read', req))) {
        const html = await scentPage(app.db, pages[language], code, language);
        if (html !== null) {
          // The kit as it is now: the browser asks again each time, and no shared cache keeps it.
          reply.header('Cache-Control', 'private, no-cache');
          // (compress.ts adds Accept-Encoding.)
          reply.header('Vary', 'Cookie, Accept-Language');
          return reply.type('text/html; charset=utf-8').send(html);
        }
      }
      return sendShell(req, reply, language);
    }
    return reply.code(404).send(envelope('Failure', MSG.notFound, null, `No route for ${req.method} ${url}`));
  });
});
