import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/journey';
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

describe('the first seconds, from a printed QR code on a slow network', () => {
  it('paints card 1 from the HTML before any script, keeps a tap on an intensity, and the app takes over', async () => {
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
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
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

    // Before the app: the options cannot be chosen (a tap on one is ignored) ...
    const rose = shell.getByRole('button', { name: 'Rose' });
    expect(await rose.isDisabled()).toBe(true);
    await rose.click({ force: true });
    expect(await page.evaluate(() => document.querySelector('#shell .choice-on'))).toBeNull();
    // ... and a tap on an intensity is kept, and shown as chosen.
    await shell.locator('label.chip', { hasText: 'Moderate' }).tap();
    expect(await shell.getByRole('radio', { name: /Moderate/ }).isChecked()).toBe(true);
    expect(await shell.locator('label.chip-on').textContent()).toContain('Moderate');
    expect(served.count).toBe(0);

    // The code arrives: the app takes the same card over, with the tapped intensity.
    release();
    await expect.poll(() => shell.count()).toBe(0);
    const card = page.locator('#root section.play');
    await card.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    expect(await card.getByRole('radio', { name: /Moderate/ }).isChecked()).toBe(true);
    expect(await card.locator('label.chip-on').textContent()).toContain('Moderate');
    // The kit came with the page: the app did not ask for it again.
    expect(pulls).toEqual([]);
    // The tap counted as the card's intensity: the options are open, and choosing one moves on.
    await card.getByRole('button', { name: 'Lemon' }).click();
    await page.getByRole('heading', { name: 'SCENT 2' }).waitFor();
    expect(problems).toEqual([]);
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
