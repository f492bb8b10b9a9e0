import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MSG } from '@scentry/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOption } from '../../test/catalogue';
import {
  makeTempDir,
  makeTestApp,
  signIn,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from '../../test/helpers';
import { makePng } from '../../test/images';
import { ROBOTS_TXT } from './static-files';

/*
 * API.md "Paths", GET/HEAD: `/` and every app route answer the app's HTML with 200 whatever
 * Accept-Encoding says (curl and proxies' health checks name none); HEAD answers as GET would,
 * without the body; /robots.txt and /favicon.ico are served.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const ICON = path.resolve(here, '../../../../pwa/public/icons/icon-192.png');
// Over 1 KB, as the build's index.html is: the build writes .gz and .br beside it.
const HTML = `<!doctype html><html><head><title>Scentry</title></head><body>${'<p>app</p>'.repeat(200)}</body></html>`;
const UUID = '5f0c4d2a-1b2c-4d3e-8f90-a1b2c3d4e5f6';

let dist: string;
let t: TestApp;
let upload: string;
beforeAll(async () => {
  dist = makeTempDir('scentry-dist-');
  writeFileSync(path.join(dist, 'index.html'), HTML);
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(HTML));
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(HTML));
  mkdirSync(path.join(dist, 'icons'));
  copyFileSync(ICON, path.join(dist, 'icons', 'icon-192.png'));
  t = await makeTestApp({ env: { PWA_DIST: dist } });
  const token = await signIn(t.app, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  upload = (await createOption(t.app, token, 'Lavender', makePng(3, 40, 40))).storedPath;
});
afterAll(async () => {
  await t.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

const call = (method: 'GET' | 'HEAD', url: string, acceptEncoding?: string) =>
  t.app.inject({ method, url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the app pages, whatever Accept-Encoding says', () => {
  it('answers GET / with no Accept-Encoding with the HTML as it is (it was a 403)', async () => {
    const res = await call('GET', '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(HTML);
  });

  it('sends the pre-compressed HTML to a client that accepts gzip or brotli', async () => {
    const gz = await call('GET', '/', 'gzip');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(HTML);
    const br = await call('GET', '/', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HTML);
    const identity = await call('GET', '/', 'identity');
    expect(identity.statusCode).toBe(200);
    expect(identity.body).toBe(HTML);
  });

  it('answers HEAD as GET would, without the body, on every app route, the uploads and health', async () => {
    const urls = [
      '/',
      '/home',
      '/scent/ABC',
      `/verify/${UUID}`,
      '/event/ABC123',
      '/admin/login',
      upload,
      '/api/health',
    ];
    for (const url of urls) {
      for (const encoding of [undefined, 'gzip']) {
        const get = await call('GET', url, encoding);
        const head = await call('HEAD', url, encoding);
        expect(get.statusCode, `GET ${url}`).toBe(200);
        expect(head.statusCode, `HEAD ${url}`).toBe(200);
        expect(head.rawPayload.length, `HEAD ${url}`).toBe(0);
        expect(head.headers['content-type'], `HEAD ${url}`).toBe(get.headers['content-type']);
        expect(get.rawPayload.length, `GET ${url}`).toBeGreaterThan(0);
      }
    }
    expect((await call('HEAD', '/scent/ABC')).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await call('HEAD', upload)).headers['content-type']).toBe('image/png');
  });

  it("sends a player's page without Cross-Origin-Opener-Policy (a second renderer start-up before the first paint), the staff app's with it", async () => {
    for (const url of ['/scent/ABC', '/home', `/verify/${UUID}`]) {
      const res = await call('GET', url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      // The other security headers stay.
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const url of ['/admin', '/admin/login', '/ADMIN/kits']) {
      expect((await call('GET', url)).headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    expect((await call('GET', '/api/health')).headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('keeps unknown API paths a 404 envelope, for GET and HEAD', async () => {
    const res = await call('GET', '/api/no/such/thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'Failure', message: MSG.notFound });
    const head = await call('HEAD', '/api/no/such/thing');
    expect(head.statusCode).toBe(404);
    expect(head.rawPayload.length).toBe(0);
    expect((await call('HEAD', '/uploads/missing.png')).statusCode).toBe(404);
  });
});

describe('robots.txt and favicon.ico', () => {
  it('asks crawlers to keep out of the staff app, the API and the verify pages', async () => {
    const res = await call('GET', '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(ROBOTS_TXT);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines.slice(1).sort()).toEqual(['Disallow: /admin/', 'Disallow: /api/', 'Disallow: /verify/']);
    const head = await call('HEAD', '/robots.txt');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('leaves both out of the API document', async () => {
    const doc = (await call('GET', '/api/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });

  it("serves /favicon.ico as the app's PNG icon, with its type", async () => {
    const res = await call('GET', '/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(readFileSync(ICON))).toBe(true);
    const head = await call('HEAD', '/favicon.ico');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);
  });
});
