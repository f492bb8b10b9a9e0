import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet sets for these options, computed once: they are the same on every
 * reply (no CSP nonces), and running helmet's middleware per request cost more than the health
 * check itself.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * CSP sources (`'sha256-…'`) of the inline scripts of the built index.html (the player's boot
 * script that asks for a kit before the app's code arrives): each allowed by its hash, never by
 * 'unsafe-inline'. Read once at start, from the file the server sends.
 */
export function inlineScriptHashes(pwaDist: string | undefined): string[] {
  const file = pwaDist ? path.join(pwaDist, 'index.html') : null;
  if (!file || !existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs = '']) => !/\ssrc\s*=/i.test(attrs))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/** Whether a URL is under /api (`/api` itself included). */
export const isApiUrl = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers. The CSP allows only this origin (and index.html's own inline scripts by their
 * hashes, and WebAssembly's compilation), plus the configured map tiles.
 */
export default fp(async (app: FastifyInstance) => {
  const tileOrigin = app.config.mapTileUrl ? new URL(app.config.mapTileUrl.replace(/\{[a-z]\}/g, 'a')).origin : null;
  const tls = app.config.publicUrl.startsWith('https://');
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets WebAssembly compile (HarfBuzz, which shapes the report's Arabic,
        // Hebrew and Devanagari on the device); it allows no eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(app.config.pwaDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would block nothing we need and breaks tile images; HSTS only over TLS.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: tls ? { maxAge: 15552000 } : false,
  });
  // The camera (kit QR codes) and location (results by region) for the app itself; nothing else.
  headers['permissions-policy'] =
    'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()';
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (req, reply, done) => {
    // API replies are personal or change at any time: never kept by a cache on the way.
    reply.headers(isApiUrl(req.url) ? apiHeaders : headers);
    done();
  });
});
