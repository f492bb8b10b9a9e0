import { translator } from '@scentry/shared-schema/i18n/translator';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withContext as inContext, serverAndBrowser } from './support/journey';
import { answerLocationStep, DEMO_PASS_PICKS, demoOption, pageLanguage, playDemo } from './support/player';
import { axeViolations, scrollsSideways, settled, shoot, smallTargets } from './support/ux';

/**
 * A Spanish device on the play path (issue 23): the server's page (shell and card 1) in Spanish
 * before any script, the app in Spanish from /home to the last card and its location step, the
 * language switched in the middle of a game without losing it, and the screens at 320 px and 200 %
 * text in Spanish. The screens after play are another journey's (spanish-after).
 */
const shared = serverAndBrowser({ SEED_DEMO: 'on' });
const es = translator('es');
const en = translator('en');
const SPANISH: BrowserContextOptions = { locale: 'es-ES' };

/** A new device (./support/journey.ts) with a page open. */
const withContext = (
  options: BrowserContextOptions,
  journey: (context: BrowserContext, page: Page) => Promise<void>,
): Promise<void> => inContext(shared.browser, options, async (context) => journey(context, await context.newPage()));

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const chip = (page: Page, t: typeof es, n: number) =>
  page.locator('label.chip').filter({ hasText: new RegExp(`^${n}\\s*${t(`intensity.${n}` as 'intensity.0')}$`) });
const pick = (page: Page, name: string) => page.locator('.choice').filter({ hasText: demoOption(name) });

describe('the page the server draws, before any script', () => {
  it('answers Accept-Language: es with the Spanish shell and card 1 (lang, heading, intensities, way back)', async () => {
    const res = await fetch(`${shared.server.url}/scent/DEMO1`, { headers: { 'Accept-Language': 'es' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toContain('Accept-Language');
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<h1 id="card-title" tabindex="-1">${es('card.heading', { number: 1 })}</h1>`);
    for (let n = 0; n <= 5; n++) expect(html).toContain(es(`intensity.${n}` as 'intensity.0'));
    expect(html).toContain(es('card.intensityLegend'));
    expect(html).toContain(`aria-label="${es('frame.back')}"`);
    expect(html).toContain(es('frame.footer'));
    expect(html).not.toContain(en('card.intensityLegend'));
    const home = await (await fetch(`${shared.server.url}/home`, { headers: { 'Accept-Language': 'es-MX' } })).text();
    expect(home).toContain('<html lang="es">');
    expect(home).toContain(es('shell.loading'));
  });

  it('shows a Spanish device card 1 in Spanish with scripts off', () =>
    withContext({ ...SPANISH, javaScriptEnabled: false, viewport: { width: 320, height: 568 } }, async (_c, page) => {
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await heading(page, es('card.heading', { number: 1 })).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.getByText(es('card.rateFirst')).count()).toBe(1);
      expect(await page.locator('fieldset.language legend').textContent()).toBe(es('language.label'));
      expect(await scrollsSideways(page)).toBe(false);
      await shoot(page, 'es-server-card1');
    }));
});

describe('a page in another language than the player chose (the service worker keeps one copy)', () => {
  it("is put in the player's language by the shell's script before the app starts", () =>
    withContext({ ...SPANISH, serviceWorkers: 'block' }, async (_context, page) => {
      // The English page, as the service worker's cache may hold it; the app's code held back, so
      // the shell stays to be looked at.
      const english = await (await fetch(`${shared.server.url}/home`, { headers: { 'Accept-Language': 'en' } })).text();
      expect(english).toContain('<html lang="en">');
      await page.route(`${shared.server.url}/home`, (route) =>
        route.fulfill({ body: english, contentType: 'text/html; charset=utf-8' }),
      );
      await page.route('**/assets/index-*.js', (route) => route.abort());
      await page.goto(`${shared.server.url}/home`);
      await page.locator('#shell .shell-loading').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.locator('#shell .shell-loading').textContent()).toBe(es('shell.loading'));
      expect(await page.locator('#shell .player-footer').textContent()).toBe(es('frame.footer'));
      expect(await page.locator('#shell .text-size-option').allTextContents()).toEqual(
        [100, 125, 150].map((size) => es('textSize.size', { size })),
      );
      expect(await page.locator('#shell label.language-on').textContent()).toBe('Español');
    }));
});

describe("the player's catalogue on a first load", () => {
  for (const [locale, language] of [
    ['es-ES', 'es'],
    ['en-US', 'en'],
  ] as const) {
    it(`fetches only its own catalogue (${language}): the first part preloaded by the page's loader, then the rest`, () =>
      withContext({ locale, serviceWorkers: 'block' }, async (_context, page) => {
        const parts: string[] = [];
        page.on('request', (r) => {
          const m = /\/assets\/(en|es)-(first|rest)-[\w-]+\.js$/.exec(new URL(r.url()).pathname);
          if (m) parts.push(`${m[1]}-${m[2]}`);
        });
        for (const path of ['/home', '/scent/DEMO1']) {
          parts.length = 0;
          await page.goto(`${shared.server.url}${path}`);
          await page.locator('#root h1').first().waitFor();
          // On a card the rest comes a second after the card is playable: wait for it, then for quiet.
          await expect.poll(() => parts.includes(`${language}-rest`), { timeout: 20_000 }).toBe(true);
          await page.waitForLoadState('networkidle');
          expect(parts.sort(), path).toEqual([`${language}-first`, `${language}-rest`]);
          expect(await page.locator(`link[rel=modulepreload][href^="/assets/${language}-first-"]`).count(), path).toBe(
            1,
          );
        }
      }));
  }
});

describe('a Spanish device plays in Spanish', () => {
  it('from /home to the location step; switching to English mid-game keeps the card and the answers', () =>
    withContext(SPANISH, async (_context, page) => {
      await page.goto(`${shared.server.url}/home`);
      await heading(page, es('home.title')).waitFor();
      expect(await pageLanguage(page)).toBe('es');
      expect(await page.locator('label.language-on').textContent()).toBe('Español');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: es('home.start') }).click();
      await heading(page, es('scan.title')).waitFor();
      expect(await page.getByLabel(es('scan.codeLabel')).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel(es('scan.codeLabel')).fill('DEMO1');
      await page.getByRole('button', { name: es('scan.play') }).click();

      // Cards 1 and 2 in Spanish: heading, lead, intensities; kit and option names as they are.
      for (const n of [1, 2]) {
        await heading(page, es('card.heading', { number: n })).waitFor();
        expect(await page.getByText(es('card.lead', { number: n })).count()).toBe(1);
        expect(await page.locator('label.chip').allTextContents()).toEqual(
          [0, 1, 2, 3, 4, 5].map((v) => `${v} ${es(`intensity.${v}` as 'intensity.0')}`),
        );
        if (n === 1) expect(await axeViolations(page)).toEqual([]);
        await chip(page, es, 3).click();
        await pick(page, DEMO_PASS_PICKS[n - 1]).click();
      }
      // Card 3 rated, not yet answered: English now.
      await heading(page, es('card.heading', { number: 3 })).waitFor();
      await chip(page, es, 4).click();
      await page.locator('label.language-option', { hasText: 'English' }).click();
      await heading(page, en('card.heading', { number: 3 })).waitFor();
      expect(await pageLanguage(page)).toBe('en');
      expect(await chip(page, en, 4).getAttribute('class')).toContain('chip-on');
      expect(await page.locator('ol.steps li').evaluateAll((li) => li.map((l) => l.className))).toEqual([
        'step done',
        'step done',
        'step current',
        'step',
        'step',
      ]);
      // The earlier answers are still there: back on card 1 its intensity and pick show, in English.
      await page.getByRole('button', { name: en('card.previous') }).click();
      await page.getByRole('button', { name: en('card.previous') }).click();
      await heading(page, en('card.heading', { number: 1 })).waitFor();
      expect(await chip(page, en, 3).getAttribute('class')).toContain('chip-on');
      expect(await pick(page, DEMO_PASS_PICKS[0]).getAttribute('aria-pressed')).toBe('true');
      // And back to Spanish, to the card left.
      await page.locator('label.language-option', { hasText: 'Español' }).click();
      await heading(page, es('card.heading', { number: 1 })).waitFor();
      await page.getByRole('button', { name: es('card.next') }).click();
      await page.getByRole('button', { name: es('card.next') }).click();
      await heading(page, es('card.heading', { number: 3 })).waitFor();
      expect(await chip(page, es, 4).getAttribute('class')).toContain('chip-on');
      await pick(page, DEMO_PASS_PICKS[2]).click();
      for (const n of [4, 5]) {
        await heading(page, es('card.heading', { number: n })).waitFor();
        await chip(page, es, 3).click();
        await pick(page, DEMO_PASS_PICKS[n - 1]).click();
      }
      // The location step in Spanish, axe clean; "Ahora no" ends the game.
      await heading(page, es('location.title')).waitFor();
      expect(await page.getByRole('button', { name: es('location.allow') }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await answerLocationStep(page);
      expect(new URL(page.url()).pathname).toBe('/pass');
      // The choice is remembered: a reload stays Spanish, and the server draws in it (cookie).
      await page.goto(`${shared.server.url}/home`);
      await heading(page, es('home.title')).waitFor();
      const cookie = (await page.context().cookies()).find((c) => c.name === 'scentryLang');
      expect(cookie?.value).toBe('es');
    }));

  it('plays the whole demo kit with the shared helper, in Spanish', () =>
    withContext(SPANISH, async (_context, page) => {
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await heading(page, es('card.heading', { number: 1 })).waitFor();
      // The demo's options by their Spanish names (API.md "Names in the player's language").
      expect(await page.locator('section.play .choice span:not(.choice-check)').allTextContents()).toEqual([
        'Rosa',
        'Limón',
        'Café',
        'Menta',
        'Humo',
      ]);
      await playDemo(page);
      expect(new URL(page.url()).pathname).toBe('/pass');
    }));
});

/** The browser's own text setting at 200 % (Chromium's default font size 32 px), checked as applied. */
async function browserText200(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  await cdp.detach();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
}

/** What runs past the screen's right edge (boxes, or text too long for its line), a few of them. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > vw + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${(e.textContent ?? '').trim().slice(0, 30)}`);
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      let clipped = false;
      for (let e = n.parentElement; e && !clipped; e = e.parentElement) {
        const style = getComputedStyle(e);
        clipped = style.overflowX !== 'visible' || style.clip !== 'auto';
      }
      if (clipped) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      if ([...range.getClientRects()].some((r) => r.width > 0 && r.right > vw + 1))
        out.push(`text "${(n.textContent ?? '').trim().slice(0, 30)}" in ${n.parentElement?.className}`);
    }
    return out.slice(0, 5);
  });

describe('Spanish on a 320 px phone', () => {
  it('at 200 % text: no screen of the play path scrolls sideways, every target is 44 px', () =>
    withContext({ ...SPANISH, viewport: { width: 320, height: 568 } }, async (_context, page) => {
      const wide: Record<string, string[]> = {};
      const check = async (name: string) => {
        await browserText200(page);
        await settled(page); // pictures and fonts drawn: boxes measured as seen
        const over = await overflow(page);
        if ((await scrollsSideways(page)) || over.length) wide[name] = over.length ? over : ['(scrolls sideways)'];
        const small = await smallTargets(page, 44);
        if (small.length) wide[`${name}: small targets`] = small.map((s) => s.what);
        await shoot(page, `es-200-${name.replace(/\W+/g, '-')}`);
      };
      const u = shared.server.url;
      // The player's frame not downloaded: "No connection", in Spanish.
      const frame = '**/assets/_player-*.js';
      await page.route(frame, (route) => route.abort('connectionreset'));
      await page.goto(`${u}/home`);
      await heading(page, es('noConnection.title')).waitFor();
      expect(await page.getByRole('button', { name: es('noConnection.retry') }).count()).toBe(1);
      await check('no-connection');
      await page.unroute(frame);
      await page.getByRole('button', { name: es('noConnection.retry') }).click();
      await heading(page, es('home.title')).waitFor();
      await check('home');
      await page.getByRole('button', { name: es('home.start') }).click();
      await heading(page, es('scan.title')).waitFor();
      await check('scanQRCode');
      await page.goto(`${u}/chart`);
      await heading(page, es('history.title')).waitFor();
      await check('chart');
      await page.goto(`${u}/no/such/page`);
      await heading(page, es('notFound.title')).waitFor();
      await check('not-found');
      await page.goto(`${u}/scent/DEMO1`);
      for (let n = 1; n <= 5; n++) {
        await heading(page, es('card.heading', { number: n })).waitFor();
        await check(`card-${n}`);
        await chip(page, es, 3).click();
        await pick(page, DEMO_PASS_PICKS[n - 1]).click();
      }
      await heading(page, es('location.title')).waitFor();
      await check('location');
      await answerLocationStep(page);
      const id = await page.evaluate(() => JSON.parse(localStorage.getItem('testResultData') ?? '{}').testResultId);
      await expect
        .poll(() => shared.server.sql('SELECT id FROM test_results WHERE id = ?', id).length, { timeout: 20_000 })
        .toBe(1);
      await page.goto(`${u}/verify/${id}`);
      await page.getByTestId('verified').waitFor();
      expect(await page.getByText(es('verify.named')).count()).toBe(1);
      await check('verify');
      expect(wide).toEqual({});
    }));

  // At 360 px, the narrowest width that shows the controls themselves (below it they fold behind
  // "Aa": player-frame.e2e.ts).
  it("at the app's own 150 % text size: the bar's language and text size controls wrap under the brand", () =>
    withContext({ ...SPANISH, viewport: { width: 360, height: 640 } }, async (context, page) => {
      await context.addInitScript(() => localStorage.setItem('scentryTextSize', '150'));
      for (const path of ['/home', '/scent/DEMO1']) {
        await page.goto(`${shared.server.url}${path}`);
        await page.locator('#root .player-bar fieldset.language').waitFor();
        expect(await scrollsSideways(page), path).toBe(false);
        const [brand, language, textSize] = await Promise.all(
          ['.brand', 'fieldset.language', 'fieldset.text-size'].map((s) =>
            page.locator(`#root .player-bar ${s}`).evaluate((e) => e.getBoundingClientRect().toJSON()),
          ),
        );
        // Each beside the brand or wrapped below it, never overlapping, never past the edge.
        for (const choices of [language, textSize]) {
          expect(choices.right, path).toBeLessThanOrEqual(360);
          expect(choices.top >= brand.bottom - 1 || choices.left >= brand.right - 1, path).toBe(true);
        }
        expect(textSize.top >= language.bottom - 1 || textSize.left >= language.right - 1, path).toBe(true);
        expect(await smallTargets(page, 44), path).toEqual([]);
        await shoot(page, `es-150-bar${path.replace(/\W+/g, '-')}`);
      }
    }));
});
