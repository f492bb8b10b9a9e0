import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/journey';
import { answerCard, answerLocationStep, DEMO_PASS_PICKS } from './support/player';
import { storedAnswers } from './support/server';
import { settled } from './support/ux';

/*
 * The first seconds of a new visitor from a kit's printed QR code, on a network that holds the
 * app's code back: the page's HTML alone paints the shell and card 1 with its pictures; an
 * intensity tapped before the app has taken over is kept (the options cannot be taken until then);
 * once the code arrives the app takes the same card over without moving it (CLS measured with a
 * PerformanceObserver on layout shifts).
 */

const shared = serverAndBrowser({ SEED_DEMO: 'on' });

/** Holds back every script of the page until `release()`; counts the scripts served. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const served = { count: 0 };
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route: Route) => {
      await held;
      served.count++;
      await route.continue();
    },
  );
  return { release, served };
}

/** Records layout shifts (those without recent input) from the very start of the page. */
function watchShifts() {
  const w = window as unknown as { __shifts: number };
  w.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!e.hadRecentInput) w.__shifts += e.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The requests the page has on their way now (started, neither finished nor failed). */
function openRequests(page: Page): Set<Request> {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

const picturesLoaded = (page: Page, scope: string) =>
  page
    .locator(`${scope} img[src^="/uploads/"]`)
    .evaluateAll((imgs) => imgs.length === 5 && imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0));

/**
 * A phone's page in a new browser context without a service worker (a first visit), with the page's
 * errors and refused scripts (CSP) collected, and its console errors unless the network is to fail.
 */
async function phonePage({ consoleErrors = true } = {}) {
  const context = await shared.browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if ((consoleErrors && m.type() === 'error') || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  return { context, page, problems };
}

describe('the first seconds, from a printed QR code on a slow network', () => {
  it('paints card 1 from the HTML before any script, takes a rating and a pick on it, and the app takes both over', async () => {
    const { context, page, problems } = await phonePage();
    const pulls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/sync/kits/pull') pulls.push(r.url());
    });
    const { release, served } = await holdScripts(page);

    await page.goto(`${shared.server.url}/scent/DEMO1`, { waitUntil: 'commit' });
    // Card 1 from the HTML: heading, intensities, the five pictures (requested by the HTML) loaded.
    const shell = page.locator('#shell');
    await shell.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    await expect.poll(() => picturesLoaded(page, '#shell')).toBe(true);
    // Six intensities (the bar's text size control is not yet ready: disabled).
    expect(await shell.locator('.intensity').getByRole('radio').count()).toBe(6);
    expect(await shell.getByRole('group', { name: 'Text size' }).getByRole('radio', { disabled: true }).count()).toBe(
      3,
    );
    expect(await shell.locator('.choice span').allTextContents()).toEqual(['Rose', 'Lemon', 'Coffee', 'Mint', 'Smoke']);
    expect(await shell.getByRole('button', { name: /Back to the start/ }).count()).toBe(0);
    expect(await shell.getByRole('link', { name: 'Back to the start' }).count()).toBe(1);
    // It was painted: a contentful paint happened while no script had been served yet.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);
    expect(served.count).toBe(0);
    expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(0);

    // Before the app, card 1 is a working form (index.html's card script). The options wait for a
    // rating, as on the app's card: a tap on one before it is ignored ...
    const rose = shell.getByRole('button', { name: 'Rose' });
    expect(await rose.isDisabled()).toBe(true);
    await rose.click({ force: true });
    expect(await page.evaluate(() => document.querySelector('#shell .choice-on'))).toBeNull();
    // ... a rating is kept and shown as chosen, and opens the options; a pick is marked and confirmed.
    await shell.locator('label.chip', { hasText: 'Moderate' }).tap();
    expect(await shell.getByRole('radio', { name: /Moderate/ }).isChecked()).toBe(true);
    expect(await shell.locator('label.chip-on').textContent()).toContain('Moderate');
    await shell.getByRole('button', { name: 'Lemon' }).tap();
    expect(await shell.getByRole('button', { name: 'Lemon' }).getAttribute('aria-pressed')).toBe('true');
    expect(await shell.getByRole('status').textContent()).toBe('Lemon — got it');
    // The app has not come: once the game would go on, the card says why, and keeps the answers.
    await shell.getByRole('alert').filter({ hasText: 'No connection' }).waitFor();
    expect(await shell.getByRole('alert').textContent()).toContain('Your answers on this card are kept.');
    expect(await shell.getByRole('radio', { name: /Moderate/ }).isChecked()).toBe(true);
    expect(await shell.locator('.choice-on').textContent()).toContain('Lemon');
    expect(served.count).toBe(0);

    // The code arrives: the app takes both answers over and goes on to card 2, as if it had been
    // there from the start; card 1 is done.
    release();
    await expect.poll(() => shell.count()).toBe(0);
    const card = page.locator('#root section.play');
    await card.getByRole('heading', { name: 'SCENT 2' }).waitFor();
    expect(await card.locator('.steps li').first().getAttribute('class')).toContain('done');
    // The kit came with the page: the app did not ask for it again.
    expect(pulls).toEqual([]);
    // Back on card 1: the answers taken over, shown, not asked again.
    await card.getByRole('button', { name: 'Previous' }).click();
    await card.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    expect(await card.getByRole('radio', { name: /Moderate/ }).isChecked()).toBe(true);
    expect(await card.getByRole('button', { name: 'Lemon' }).getAttribute('aria-pressed')).toBe('true');
    await card.getByRole('button', { name: 'Next' }).click();
    // The rest of the game; the stored result has exactly the five answers shown, card 1's once.
    for (let n = 2; n <= 5; n++) {
      await card.getByRole('heading', { name: `SCENT ${n}` }).waitFor();
      await answerCard(page, DEMO_PASS_PICKS[n - 1]);
    }
    await answerLocationStep(page);
    const [result] = shared.server.sql<{ id: string }>('SELECT id FROM test_results ORDER BY rowid DESC LIMIT 1');
    await expect.poll(() => storedAnswers(shared.server, result.id).length).toBe(5);
    expect(storedAnswers(shared.server, result.id)).toEqual(
      DEMO_PASS_PICKS.map((answer_name) => ({ answer_name, smell_intensity: 3 })),
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('cut off after the HTML: the app takes card 1 over with the kit of the page, plays on with names and blank pictures, and queues the result', async () => {
    // The network fails on purpose: the console's failed requests are expected.
    const { context, page, problems } = await phonePage({ consoleErrors: false });
    const { release } = await holdScripts(page);
    await page.goto(`${shared.server.url}/scent/DEMO1`, { waitUntil: 'commit' });
    const shell = page.locator('#shell');
    await shell.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    await expect.poll(() => picturesLoaded(page, '#shell')).toBe(true);
    await shell.locator('label.chip', { hasText: 'Moderate' }).tap();
    await shell.getByRole('button', { name: 'Lemon' }).tap();
    // The network goes: every call to the API and every picture not yet fetched fails.
    const before = shared.server.sql<{ n: number }>('SELECT count(*) AS n FROM test_results')[0].n;
    await page.route(
      (url) => /^\/(api|uploads)\//.test(url.pathname),
      (route) => route.abort('internetdisconnected'),
    );
    release();
    const card = page.locator('#root section.play');
    await card.getByRole('heading', { name: 'SCENT 2' }).waitFor();
    // Card 2: its options by name; the four pictures never fetched are blank squares of their size.
    // Coffee's was on card 1: shown when the browser still holds it, else a blank square too.
    expect(await card.locator('.choice span:not(.choice-picture-missing)').allTextContents()).toEqual([
      'Banana',
      'Orange',
      'Cinnamon',
      'Coffee',
      'Strawberry',
    ]);
    // Every picture settled: shown, or replaced by its blank square once its request failed.
    await expect
      .poll(() =>
        card.locator('.choice').evaluateAll((choices) =>
          choices.every((c) => {
            const img = c.querySelector('img');
            return !img || (img.complete && img.naturalWidth > 0);
          }),
        ),
      )
      .toBe(true);
    const pictures = await card.locator('.choice').evaluateAll((choices) =>
      choices.map((c) => {
        const square = (c.querySelector('img') ?? c.querySelector('.choice-picture-missing')) as Element;
        return {
          name: c.querySelector('span:not(.choice-picture-missing)')?.textContent,
          blank: square.classList.contains('choice-picture-missing'),
          width: Math.round(square.getBoundingClientRect().width),
        };
      }),
    );
    expect(pictures.filter((p) => p.name !== 'Coffee')).toEqual(
      ['Banana', 'Orange', 'Cinnamon', 'Strawberry'].map((name) => ({ name, blank: true, width: 96 })),
    );
    expect(pictures.find((p) => p.name === 'Coffee')?.width).toBe(96);
    for (let n = 2; n <= 5; n++) {
      await card.getByRole('heading', { name: `SCENT ${n}` }).waitFor();
      await answerCard(page, DEMO_PASS_PICKS[n - 1]);
    }
    await answerLocationStep(page);
    // Kept on the device, waiting for the network; nothing reached the server.
    await page.getByRole('complementary', { name: 'Upload status' }).getByText('1 result waiting to upload').waitFor();
    expect(shared.server.sql<{ n: number }>('SELECT count(*) AS n FROM test_results')[0].n).toBe(before);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a drop once the app has started: card 1 the server drew stays playable, and says "No connection" only when the game would go on', async () => {
    const { context, page } = await phonePage({ consoleErrors: false });
    // The app's own code arrives; the play screen's does not (the network went in the first second).
    await page.route(/\/assets\/(_player|scent\._id)[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    const failed = page.waitForEvent('requestfailed', (r) => /scent\._id/.test(r.url()));
    await page.goto(`${shared.server.url}/scent/DEMO1`);
    await failed;
    await page.waitForFunction(() => performance.getEntriesByName('scentry:app-start').length > 0);
    // The app has run and failed to load the play screen (its error screen would take over within
    // a frame or two): the server's card is still the screen.
    await page.waitForTimeout(500);
    const shell = page.locator('#shell');
    await shell.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    expect(await page.getByRole('heading', { name: 'No connection' }).count()).toBe(0);
    await shell.locator('label.chip', { hasText: 'Moderate' }).tap();
    await shell.getByRole('button', { name: 'Lemon' }).tap();
    expect(await shell.getByRole('button', { name: 'Lemon' }).getAttribute('aria-pressed')).toBe('true');
    // Going on cannot work: the card says so and keeps the answers on screen.
    await shell.getByRole('alert').filter({ hasText: 'No connection' }).waitFor();
    expect(await shell.locator('label.chip-on').textContent()).toContain('Moderate');
    await context.close();
  });

  for (const viewport of [
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    it(`shows no layout shift on the card screen while the app takes over (CLS ≤ 0.05) at ${viewport.width} px`, async () => {
      // A new device: location is asked after the last card (DESIGN.md §7), so nothing is inserted
      // above card 1; the app's bar (with the text size control) must keep the drawn card in place.
      const context = await shared.browser.newContext({ serviceWorkers: 'block', viewport });
      await context.addInitScript(watchShifts);
      const page = await context.newPage();
      const { release, served } = await holdScripts(page);
      const open = openRequests(page);
      // What comes last: the rest of the catalogue, with the app's finishing code, a second after the
      // card is playable (a timer).
      const rest = page.waitForEvent('requestfinished', {
        predicate: (r) => /\/assets\/en-rest-[\w-]+\.js$/.test(new URL(r.url()).pathname),
        timeout: 30_000,
      });
      await page.goto(`${shared.server.url}/scent/DEMO1`, { waitUntil: 'commit' });
      await page.locator('#shell').getByRole('heading', { name: 'SCENT 1' }).waitFor();
      await expect.poll(() => picturesLoaded(page, '#shell')).toBe(true);
      const before = await page.locator('#shell #card-title').boundingBox();
      expect(served.count).toBe(0);
      release();
      await expect.poll(() => page.locator('#shell').count()).toBe(0);
      await expect.poll(() => picturesLoaded(page, '#root')).toBe(true);
      // The heading is where the HTML put it.
      expect(await page.locator('#root #card-title').boundingBox()).toEqual(before);
      // Anything arriving late (notices, fonts, the sync, the finishing code) would shift the card:
      // once the last of it is in, nothing else is on its way and the page is drawn, it has had its
      // chance to.
      await rest;
      await expect.poll(() => open.size, { timeout: 20_000 }).toBe(0);
      await settled(page);
      const cls = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
      expect(cls).toBeLessThanOrEqual(0.05);
      await context.close();
    });
  }

  it('paints the plain shell on other player screens before any script', async () => {
    const context = await shared.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const { release, served } = await holdScripts(page);
    await page.goto(`${shared.server.url}/home`, { waitUntil: 'commit' });
    await page.locator('#shell').getByText('Loading your scent kit…').waitFor();
    expect(await page.locator('#shell .brand').textContent()).toContain('Scentry');
    expect(served.count).toBe(0);
    release();
    await page.getByRole('button', { name: 'Start Game' }).waitFor();
    await expect.poll(() => page.locator('#shell').count()).toBe(0);
    await context.close();
  });
});
