import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { translator } from '@scentry/shared-schema/i18n/translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPageMarkers } from '../../services/app-page';
import { DEMO_KIT_CODE } from '../../services/demo-seed';
import { makeTempDir, makeTestApp, type TestApp } from '../../test/helpers';

/*
 * API.md "Paths": every app route answers the app's HTML; it carries the static shell (brand,
 * "Loading your scent kit…") so something paints before any script, and on /scent/<code> the
 * kit's card 1, drawn by the server from the kit's current version, for one read token of the kit
 * throttle (the plain shell past it, or for a code that is no playable kit). HEAD as GET without
 * the body. The real pwa/index.html is the page served here, so its markers are tested too.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const PAGE = readFileSync(path.resolve(here, '../../../../pwa/index.html'), 'utf8');
const DEMO = DEMO_KIT_CODE;

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = makeTempDir('scentry-dist-');
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(PAGE));
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(PAGE));
  // A read bucket of the smallest size config allows (a pull of 50 codes), refilling slowly.
  t = await makeTestApp({ env: { PWA_DIST: dist, SEED_DEMO: '1', RATE_LIMIT_READ: '50/1h' } });
});
afterAll(async () => {
  await t.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

let address = 0;
/** Each test from its own address, so the throttle's bucket is its own. */
const fresh = () => `10.9.0.${++address}`;
const get = (url: string, remoteAddress = fresh(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

const en = translator('en');
const es = translator('es');

const isPlainShell = (body: string, t = en) =>
  body.includes('id="shell"') && body.includes(t('shell.loading')) && !body.includes('id="card-title"');

/** The page's parts by plain string search (the drawing is one line, its attributes known). */
const images = (body: string) => [...body.matchAll(/<img src="(\/uploads\/[^"]+)"/g)].map((m) => m[1]);
const choiceNames = (body: string) => [...body.matchAll(/<span>([^<]*)<\/span><\/button>/g)].map((m) => m[1]);
const drawnKit = (body: string) => {
  const m = /<script type="application\/json" id="scentry-kit"[^>]*>([\s\S]*?)<\/script>/.exec(body);
  return m ? JSON.parse(m[1]) : null;
};

describe('the static shell on every player route', () => {
  it('ships its markers in pwa/index.html', () => {
    expect(hasPageMarkers(PAGE)).toBe(true);
  });

  it('answers each app route with the shell, 200, revalidated', async () => {
    for (const url of [
      '/',
      '/home',
      '/scanQRCode',
      '/pass',
      '/fail',
      '/result',
      '/verify/abc',
      '/event/ABC',
      '/admin/login',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(isPlainShell(res.body), url).toBe(true);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toBe('Accept-Encoding, Cookie, Accept-Language');
      expect(res.body, url).toContain('<html lang="en">');
    }
  });

  it('sends the shell compressed, as written once per language', async () => {
    const br = await get('/home', fresh(), { 'accept-encoding': 'br', 'accept-language': 'es' });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await get('/home', fresh(), { 'accept-language': 'es' });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get('/', fresh(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe((await get('/')).body);
  });
});

describe("the shell and card 1 in the request's language", () => {
  /** The shell's own words (brand bar, loading line, footer) in one language. */
  const shellWords = (t: typeof en) => [
    `<legend class="visually-hidden" data-i18n="language.label">${t('language.label')}</legend>`,
    `<legend class="visually-hidden" data-i18n="textSize.label">${t('textSize.label')}</legend>`,
    `value="125" />${t('textSize.size', { size: 125 })}</label>`,
    `data-i18n="shell.loading">${t('shell.loading')}</p>`,
    `data-i18n="frame.footer">${t('frame.footer')}</footer>`,
  ];

  it('speaks Spanish by Accept-Language: <html lang>, the shell, card 1, its intensities and the way back', async () => {
    const home = await get('/home', fresh(), { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(home.body).toContain('<html lang="es">');
    for (const words of shellWords(es)) expect(home.body).toContain(words);
    expect(isPlainShell(home.body, es)).toBe(true);
    expect(home.body).not.toContain(en('shell.loading'));

    const card = await get(`/scent/${DEMO}`, fresh(), { 'accept-language': 'es' });
    expect(card.body).toContain('<html lang="es">');
    expect(card.body).toContain(`<h1 id="card-title" tabindex="-1">${es('card.heading', { number: 1 })}</h1>`);
    expect(card.body).toContain(es('card.lead', { number: 1 }));
    expect(card.body).toContain(es('card.intensityLegend'));
    for (let i = 0; i <= 5; i++)
      expect(card.body).toContain(`</span> ${es(`intensity.${i}` as 'intensity.0')}</label>`);
    expect(card.body).toContain(`aria-label="${es('frame.back')}"`);
    expect(card.body).not.toContain(en('card.intensityLegend'));
    // Option names in Spanish where staff gave them (the demo's: API.md "Names in the player's language").
    expect(choiceNames(card.body)).toEqual(['Rosa', 'Limón', 'Café', 'Menta', 'Humo']);
    expect(card.headers.vary).toContain('Cookie, Accept-Language');
  });

  it('speaks Spanish by the scentryLang cookie, which beats Accept-Language either way', async () => {
    const byCookie = await get(`/scent/${DEMO}`, fresh(), { cookie: 'a=1; scentryLang=es' });
    expect(byCookie.body).toContain('<html lang="es">');
    expect(byCookie.body).toContain(es('card.heading', { number: 1 }));
    const cookieEs = await get('/home', fresh(), { cookie: 'scentryLang=es', 'accept-language': 'en-US' });
    expect(cookieEs.body).toContain('<html lang="es">');
    const cookieEn = await get(`/scent/${DEMO}`, fresh(), { cookie: 'scentryLang=en', 'accept-language': 'es' });
    expect(cookieEn.body).toContain('<html lang="en">');
    expect(cookieEn.body).toContain(en('card.heading', { number: 1 }));
    const homeEn = await get('/home', fresh(), { cookie: 'scentryLang=en', 'accept-language': 'es' });
    for (const words of shellWords(en)) expect(homeEn.body).toContain(words);
  });

  it('falls back to English for junk, unknown languages and a bad cookie', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'accept-language': 'fr-FR,de;q=0.8' },
      { 'accept-language': ';;;,,q=x' },
      { 'accept-language': 'x'.repeat(5000) },
      { 'accept-language': 'es;q=0' },
      { cookie: 'scentryLang=<script>' },
      { cookie: 'scentryLang=fr' },
    ]) {
      const res = await get('/home', fresh(), headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body, JSON.stringify(headers)).toContain('<html lang="en">');
      expect(isPlainShell(res.body), JSON.stringify(headers)).toBe(true);
      expect(res.body).not.toContain('<script>"');
    }
    const card = await get(`/scent/${DEMO}`, fresh(), { 'accept-language': 'de' });
    expect(card.body).toContain(en('card.heading', { number: 1 }));
  });
});

describe('card 1 drawn into /scent/<code>', () => {
  it("draws the demo kit's card 1: heading, six intensities, the five pictures and names", async () => {
    const res = await get(`/scent/${DEMO}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<h1 id="card-title" tabindex="-1">${en('card.heading', { number: 1 })}</h1>`);
    expect(res.body).not.toContain(en('shell.loading'));
    // Six intensities (besides the bar's three text sizes, disabled until the app starts).
    expect(res.body.match(/<input type="radio" name="shell-intensity"/g)?.length).toBe(6);
    expect(res.body.match(/<input type="radio" name="shell-text-size"/g)?.length).toBe(3);
    expect(choiceNames(res.body)).toEqual(['Rose', 'Lemon', 'Coffee', 'Mint', 'Smoke']);
    // The pictures are requested by the HTML itself, and they exist.
    const pictures = images(res.body);
    expect(pictures).toHaveLength(5);
    for (const src of pictures) expect((await get(src)).statusCode, src).toBe(200);
    // The options cannot be taken before the app is there (the fieldset is disabled).
    expect(res.body).toContain('<fieldset class="choices" disabled="">');
    // The kit's pull reply rides along for the app (no second request, no second token).
    const kit = drawnKit(res.body);
    expect(kit.status).toBe('Success');
    expect(kit.data.documents[0]).toMatchObject({ id: DEMO.toLowerCase(), name: DEMO, _deleted: false });
    const pulled = await t.app.inject({
      method: 'POST',
      url: '/api/sync/kits/pull',
      remoteAddress: fresh(),
      payload: { codes: [DEMO], checkpoint: null, batchSize: 1 },
    });
    expect(kit.data).toEqual(pulled.json().data);
    // The kit as it is now: never kept by a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('takes the code as the play route does (any letter case, a trailing slash)', async () => {
    for (const url of [`/scent/${DEMO.toLowerCase()}`, `/scent/${DEMO}/`, `/SCENT/${DEMO}`]) {
      expect(images((await get(url)).body), url).toHaveLength(5);
    }
  });

  it('gives the plain shell, 200, for an unknown code, a code that is no kit code, and an inactive kit', async () => {
    for (const url of ['/scent/NOSUCHKIT', '/scent/%3Cx%3E', '/scent/a%20b', '/scent/x/y']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(isPlainShell(res.body), url).toBe(true);
    }
    await t.app.db.updateTable('testKits').set({ isActive: 0 }).where('name', '=', DEMO).execute();
    try {
      expect(isPlainShell((await get(`/scent/${DEMO}`)).body)).toBe(true);
    } finally {
      await t.app.db.updateTable('testKits').set({ isActive: 1 }).where('name', '=', DEMO).execute();
    }
    expect(images((await get(`/scent/${DEMO}`)).body)).toHaveLength(5);
  });

  it('escapes names and the code from the URL', async () => {
    const evil = ['<script>alert(1)</script>', '</script><script>x()', 'Tom & "Jerry"', "<img src=x onerror='y'>"];
    const before = await t.app.db.selectFrom('scentOptions').select(['id', 'title']).orderBy('id').execute();
    const card1 = ['Rose', 'Lemon', 'Coffee', 'Mint'];
    try {
      for (const [i, title] of card1.entries()) {
        await t.app.db.updateTable('scentOptions').set({ title: evil[i] }).where('title', '=', title).execute();
      }
      const res = await get(`/scent/${DEMO}`);
      expect(choiceNames(res.body)).toEqual([
        '&lt;script&gt;alert(1)&lt;/script&gt;',
        '&lt;/script&gt;&lt;script&gt;x()',
        'Tom &amp; &quot;Jerry&quot;',
        '&lt;img src=x onerror=&#39;y&#39;&gt;',
        'Smoke',
      ]);
      expect(res.body).not.toContain('<script>alert');
      expect(res.body).not.toContain('<script>x()');
      expect(res.body).not.toContain('<img src=x');
      // In the kit's JSON too, no name can close the script element.
      const json = /id="scentry-kit"[^>]*>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(json).not.toContain('<');
      expect(
        JSON.parse(json).data.documents[0].cards.flatMap((c: { options: { name: string }[] }) =>
          c.options.map((o) => o.name),
        ),
      ).toEqual(expect.arrayContaining(evil));
    } finally {
      for (const row of before)
        await t.app.db.updateTable('scentOptions').set({ title: row.title }).where('id', '=', row.id).execute();
    }
    for (const url of ['/scent/%3Cx%3E', '/scent/%22%3E%3Cscript%3E', "/scent/'onload='x"]) {
      const body = (await get(url)).body;
      expect(body, url).not.toContain('<x>');
      expect(body, url).not.toContain('"><script>');
      expect(body, url).not.toContain("'onload='x");
    }
  });

  it('costs one read token of the kit throttle; past it, the plain shell with 200', async () => {
    const from = fresh();
    for (let i = 0; i < 50; i++)
      expect(images((await get(`/scent/${DEMO}`, from)).body), `visit ${i + 1}`).toHaveLength(5);
    const past = await get(`/scent/${DEMO}`, from);
    expect(past.statusCode).toBe(200);
    expect(isPlainShell(past.body)).toBe(true);
    // The same bucket as the kit pull: that address's pull is refused now too.
    const pull = await t.app.inject({
      method: 'POST',
      url: '/api/sync/kits/pull',
      remoteAddress: from,
      payload: { codes: [DEMO], checkpoint: null, batchSize: 1 },
    });
    expect(pull.statusCode).toBe(429);
    // Unknown codes cost the same: the page cannot tell codes apart past the throttle.
    const other = fresh();
    for (let i = 0; i < 50; i++) await get(`/scent/NOPE${i}`, other);
    expect(isPlainShell((await get(`/scent/${DEMO}`, other)).body)).toBe(true);
    // Another address still gets its card.
    expect(images((await get(`/scent/${DEMO}`)).body)).toHaveLength(5);
  });

  it('answers HEAD as GET would, without the body', async () => {
    const g = await get(`/scent/${DEMO}`);
    const h = await t.app.inject({ method: 'HEAD', url: `/scent/${DEMO}`, remoteAddress: fresh() });
    expect(h.statusCode).toBe(200);
    expect(h.rawPayload.length).toBe(0);
    for (const name of ['content-type', 'cache-control', 'content-length', 'content-security-policy']) {
      expect(h.headers[name], name).toBe(g.headers[name]);
    }
  });

  it('compresses the drawn page for a client that accepts it', async () => {
    const plain = await get(`/scent/${DEMO}`);
    const br = await get(`/scent/${DEMO}`, fresh(), { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it("allows the page's inline scripts by their hashes, never 'unsafe-inline'", async () => {
    const res = await get(`/scent/${DEMO}`);
    const csp = String(res.headers['content-security-policy']);
    const scripts = [...PAGE.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const body of scripts) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  });
});
