import { translator } from '@scentry/shared-schema/i18n/translator';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/journey';
import { DEMO_PASS_PICKS, playDemo } from './support/player';
import { axeViolations, scrollsSideways, shoot, smallTargets, VIEWPORTS } from './support/ux';

/**
 * The player's frame around play: location asked on its own step after the last card, the "No
 * connection" screen when the app's code cannot be downloaded, 200 % text on a 320 px phone, and
 * the text size control.
 */
const shared = serverAndBrowser({ SEED_DEMO: 'on' });

const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };
const FAIL_PICKS = ['Rose', 'Banana', 'Lemon', 'Smoke', 'Orange'];

async function withContext(
  options: BrowserContextOptions,
  journey: (context: BrowserContext, page: Page) => Promise<void>,
): Promise<void> {
  const context = await shared.browser.newContext(options);
  try {
    await journey(context, await context.newPage());
  } finally {
    await context.close();
  }
}

const card = (page: Page, n: number) => page.getByRole('heading', { name: `SCENT ${n}`, exact: true });
const locationStep = (page: Page) => page.getByRole('heading', { name: 'Share your location?' });
const moderate = (page: Page) => page.locator('label.chip').filter({ hasText: /^3\s*Moderate$/ });

/** Every layout shift not caused by the player's own tap, summed (CLS's raw material), from the first paint. */
const WATCH_SHIFTS = () => {
  const w = window as unknown as { __shift: number };
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!e.hadRecentInput) w.__shift += e.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
};
const shifted = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

/** Plays the five cards, checking on each that no location question is on or above it; stops at the step or the end. */
async function playCardsCheckingNoQuestion(page: Page, picks: string[]) {
  for (let i = 1; i <= 5; i++) {
    await card(page, i).waitFor();
    expect(await locationStep(page).count(), `card ${i}`).toBe(0);
    expect(await page.getByText('Allow location').count(), `card ${i}`).toBe(0);
    await moderate(page).click();
    await page
      .locator('.choice')
      .filter({ hasText: picks[i - 1] })
      .click();
  }
}

/** The result this device saved, once the server has it. */
async function storedResult(page: Page) {
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem('testResultData') ?? '{}').testResultId);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const row = () =>
    shared.server.sql<{ latitude: number | null; longitude: number | null }>(
      'SELECT latitude, longitude FROM test_results WHERE id = ?',
      id,
    )[0];
  await expect.poll(row, { timeout: 20_000 }).toBeTruthy();
  return { id: id as string, ...row() };
}

describe('location, on a step of its own after the last card', () => {
  it('never on a card (nothing shifts while playing); after card 5, with its reason and the focus on its heading; "Not now" saves without a position and is never asked again', () =>
    withContext({ viewport: { width: 320, height: 568 } }, async (context, page) => {
      await context.addInitScript(WATCH_SHIFTS);
      await page.goto(`${shared.server.url}/home`);
      await page.getByRole('button', { name: 'Start Game' }).waitFor();
      await page.waitForTimeout(2500); // the old question arrived ~1.7 s after the first screen
      expect(await page.getByText('Share your location?').count()).toBe(0);

      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await card(page, 1).waitFor();
      await page.waitForTimeout(2500);
      await playCardsCheckingNoQuestion(page, DEMO_PASS_PICKS);
      await locationStep(page).waitFor();
      const cls = await shifted(page);
      expect(cls, 'layout shift while playing').toBeLessThanOrEqual(0.05);

      // A screen of its own: no card under it, still before the result.
      expect(new URL(page.url()).pathname).toBe('/scent/DEMO1');
      expect(await page.locator('.play, .choice, label.chip').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('location-title');
      expect(await page.locator('main').textContent()).toContain('results by region');
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const file = await shoot(page, `location-step-${viewport.name}`);
        expect(await axeViolations(page), file).toEqual([]);
        expect(await smallTargets(page, 44), file).toEqual([]);
        expect(await scrollsSideways(page), file).toBe(false);
      }
      await page.getByRole('button', { name: 'Not now' }).click();
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      expect((await storedResult(page)).latitude).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('scentryLocation'))).toBe('declined');

      // Asked once per device: the next play ends straight on its result.
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await playCardsCheckingNoQuestion(page, FAIL_PICKS);
      await page.waitForURL('**/fail', { waitUntil: 'commit' });
      expect(await locationStep(page).count()).toBe(0);
    }));

  it('"Allow" asks the browser on the step and the result carries the position', () =>
    withContext({ geolocation: SEATTLE }, async (context, page) => {
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await playCardsCheckingNoQuestion(page, DEMO_PASS_PICKS);
      await locationStep(page).waitFor();
      // The player says yes in the browser's own prompt.
      await context.grantPermissions(['geolocation']);
      await page.getByRole('button', { name: 'Allow location' }).click();
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      const result = await storedResult(page);
      expect(result.latitude).toBeCloseTo(SEATTLE.latitude, 3);
      expect(result.longitude).toBeCloseTo(SEATTLE.longitude, 3);
      expect(await page.evaluate(() => localStorage.getItem('scentryLocation'))).toBe('allowed');
      // Granted: later plays read it without a step.
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await playCardsCheckingNoQuestion(page, DEMO_PASS_PICKS);
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      expect((await storedResult(page)).latitude).toBeCloseTo(SEATTLE.latitude, 3);
    }));

  it('"Skip" while the position does not come saves the result without it', () =>
    withContext({}, async (context, page) => {
      // A position that never arrives (no fix indoors): Allow, then Skip.
      await context.addInitScript(() => {
        navigator.geolocation.getCurrentPosition = () => {};
      });
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await playCardsCheckingNoQuestion(page, DEMO_PASS_PICKS);
      await locationStep(page).waitFor();
      await page.getByRole('button', { name: 'Allow location' }).click();
      const skip = page.getByRole('button', { name: 'Skip' });
      await skip.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip');
      await skip.click();
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      expect((await storedResult(page)).latitude).toBeNull();
    }));

  it('a refusal in the browser prompt saves without a position, and counts as "Not now"', () =>
    withContext({}, async (_context, page) => {
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await playDemo(page, DEMO_PASS_PICKS, 'Allow location'); // no permission in this context: refused
      expect((await storedResult(page)).latitude).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('scentryLocation'))).toBe('declined');
    }));

  it('a browser without geolocation gets no step, and is told once when play ends', () =>
    withContext({}, async (context, page) => {
      await context.addInitScript(() => {
        delete (Navigator.prototype as unknown as Record<string, unknown>).geolocation;
      });
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await playCardsCheckingNoQuestion(page, DEMO_PASS_PICKS);
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      await page.getByText(translator('en')('location.unsupported')).waitFor();
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await playCardsCheckingNoQuestion(page, DEMO_PASS_PICKS);
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      await page.waitForTimeout(500);
      expect(await page.getByText(translator('en')('location.unsupported')).count()).toBe(0);
    }));
});

describe('offline in the first seconds of a first visit', () => {
  it('a card screen whose code cannot be downloaded says "No connection", and Try again loads it once back', () =>
    withContext({ serviceWorkers: 'block', viewport: { width: 320, height: 568 } }, async (_context, page) => {
      // The play screen's code is cut off (a first visit, the network gone after the page itself).
      const chunk = '**/assets/scent._id-*.js';
      await page.route(chunk, (route) => route.abort('internetdisconnected'));
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      const title = page.getByRole('heading', { name: 'No connection' });
      await title.waitFor();
      expect(await page.locator('body').textContent()).not.toMatch(/dynamically imported module|Failed to fetch/i);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('no-connection-title');
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const file = await shoot(page, `no-connection-${viewport.name}`);
        expect(await axeViolations(page), file).toEqual([]);
        expect(await smallTargets(page, 44), file).toEqual([]);
        expect(await scrollsSideways(page), file).toBe(false);
      }

      // Still cut off: it says so and stays.
      const retry = page.getByRole('button', { name: 'Try again' });
      await retry.click();
      await page.getByRole('status').filter({ hasText: 'Still no connection' }).waitFor();
      expect(await card(page, 1).count()).toBe(0);

      // Back online: the same tap brings card 1.
      await page.unroute(chunk);
      await retry.click();
      await card(page, 1).waitFor();
      await playDemo(page);
      expect(new URL(page.url()).pathname).toBe('/pass');
    }));

  it('the frame itself not downloaded: the same screen, on its own page', () =>
    withContext({ serviceWorkers: 'block' }, async (_context, page) => {
      const chunk = '**/assets/_player-*.js';
      await page.route(chunk, (route) => route.abort('connectionreset'));
      await page.goto(`${shared.server.url}/home`);
      await page.getByRole('heading', { name: 'No connection' }).waitFor();
      expect(await page.locator('main').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.unroute(chunk);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: 'Start Game' }).waitFor();
    }));
});

/** The browser's own text setting at 200 % (Chromium's default font size 32 px), checked as applied. */
async function browserText200(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  await cdp.detach();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
}

describe('200 % text on a 320 px phone', () => {
  it('every player screen works without sideways scrolling; the card’s choices wrap', () =>
    withContext({ viewport: { width: 320, height: 568 } }, async (_context, page) => {
      const wide: Record<string, string[]> = {};
      const check = async (name: string) => {
        await page.waitForLoadState('networkidle').catch(() => {});
        await browserText200(page); // (a full-page screenshot resets it: set again before each look)
        const over = await page.evaluate(() => {
          const vw = document.documentElement.clientWidth;
          const boxes = [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((e) => e.getBoundingClientRect().right > vw + 1)
            .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${(e.textContent ?? '').trim().slice(0, 30)}`);
          // Text running out of its box (a word too long for the line) counts too.
          const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(n);
            // Text clipped away on purpose (kept for screen readers only) is not seen.
            let clipped = false;
            for (let e = n.parentElement; e && !clipped; e = e.parentElement) {
              const style = getComputedStyle(e);
              clipped = style.overflowX !== 'visible' || style.clip !== 'auto';
            }
            if (clipped) continue;
            if ([...range.getClientRects()].some((r) => r.width > 0 && r.right > vw + 1))
              boxes.push(`text "${(n.textContent ?? '').trim().slice(0, 30)}" in ${n.parentElement?.className}`);
          }
          return boxes.slice(0, 5);
        });
        if ((await scrollsSideways(page)) || over.length) wide[name] = over.length ? over : ['(scrolls sideways)'];
        const small = await smallTargets(page, 44);
        if (small.length) wide[`${name}: small targets`] = small.map((s) => s.what);
      };
      const visit = async (path: string, ready: Parameters<Page['getByRole']>) => {
        await page.goto(`${shared.server.url}${path}`);
        await page
          .getByRole(...ready)
          .first()
          .waitFor();
        await check(path);
      };
      const u = shared.server.url;
      await visit('/home', ['button', { name: 'Start Game' }]);
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.getByRole('heading', { name: 'Scan your play kit' }).waitFor();
      await check('/scanQRCode');
      await visit('/addOrganizationPage', ['heading', { name: 'Your Profile:' }]);
      for (const doc of ['description', 'privacy', 'caution', 'terms', 'hipaa']) {
        await page.goto(`${u}/legal/${doc}`);
        await page.locator('#legal-title').waitFor();
        await check(`/legal/${doc}`);
      }
      await visit('/chart', ['heading', { name: 'My results' }]);

      await page.goto(`${u}/scent/DEMO1`);
      for (let i = 1; i <= 5; i++) {
        await card(page, i).waitFor();
        await browserText200(page);
        // The six strengths: all inside the screen, wrapped onto more rows.
        const chips = await page.locator('label.chip').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top };
          }),
        );
        expect(chips.length).toBe(6);
        expect(chips.every((c) => c.left >= 0 && c.right <= 320)).toBe(true);
        expect(new Set(chips.map((c) => Math.round(c.top))).size).toBeGreaterThan(2);
        await check(`/scent/DEMO1 card ${i}`);
        await moderate(page).click();
        await check(`/scent/DEMO1 card ${i}, rated`);
        await page
          .locator('.choice')
          .filter({ hasText: DEMO_PASS_PICKS[i - 1] })
          .click();
      }
      await locationStep(page).waitFor();
      await check('location step');
      await page.getByRole('button', { name: 'Not now' }).click();
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      await page.getByTestId('score').waitFor();
      await check('/pass');
      const { id } = await storedResult(page);
      await visit('/summary', ['heading', { name: 'Your summary' }]);
      await visit('/result', ['heading', { name: 'Passed' }]);
      await visit('/userMedicationQuestion', ['heading', { name: 'Medical and family history' }]);
      await visit('/additionalQuestion', ['heading', { name: 'Additional Questions' }]);
      await page.getByRole('button', { name: 'Yes' }).first().click();
      await check('/additionalQuestion, answered one');
      await page.goto(`${u}/verify/${id}`);
      await page.getByTestId('verified').waitFor();
      await check('/verify');
      await page.goto(`${u}/scent/DEMO1`);
      await playDemo(page, FAIL_PICKS);
      await page.getByTestId('score').waitFor();
      await check('/fail');
      expect(wide).toEqual({});
    }));
});

describe('the text size control', () => {
  it('changes the size by mouse or keyboard, is named with its state, is kept after a reload (applied before the first paint), and leaves the admin screens alone', () =>
    withContext({ viewport: { width: 390, height: 844 } }, async (context, page) => {
      // When the root's size is set, is the body there yet? (No: set before the first paint.)
      await context.addInitScript(() => {
        const w = window as unknown as { __sizedBeforeBody?: boolean };
        // (At this point the document has no <html> element yet: watch the document.)
        new MutationObserver(() => {
          w.__sizedBeforeBody ??= document.body === null;
        }).observe(document, { attributes: true, attributeFilter: ['style'], subtree: true });
      });
      await page.goto(`${shared.server.url}/home`);
      // The app's control (the page's shell has a disabled twin until the app takes over).
      const group = page.locator('#root').getByRole('group', { name: 'Text size' });
      const option = (n: number) => group.getByRole('radio', { name: `${n}%` });
      await group.waitFor();
      const root = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
      const text = () =>
        page.evaluate(() => Number.parseFloat(getComputedStyle(document.querySelector('main p') as Element).fontSize));
      expect(await option(100).isChecked()).toBe(true);
      expect(await root()).toBe('16px');
      const before = await text();

      await group.locator('label').filter({ hasText: '150%' }).click();
      expect(await option(150).isChecked()).toBe(true);
      expect(await root()).toBe('24px');
      expect(await text()).toBeCloseTo(before * 1.5, 0);
      await shoot(page, 'text-size-150');
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), viewport.name).toEqual([]);
        expect(await smallTargets(page, 44), viewport.name).toEqual([]);
        expect(await scrollsSideways(page), viewport.name).toBe(false);
      }

      // By keyboard: the arrow keys move between the sizes.
      await option(150).focus();
      await page.keyboard.press('ArrowLeft');
      expect(await option(125).isChecked()).toBe(true);
      expect(await root()).toBe('20px');

      // Kept on the device, and set before the page is drawn.
      await page.reload();
      await group.waitFor();
      expect(await option(125).isChecked()).toBe(true);
      expect(await root()).toBe('20px');
      expect(await page.evaluate(() => (window as unknown as { __sizedBeforeBody?: boolean }).__sizedBeforeBody)).toBe(
        true,
      );
      // The same on a card, and the card still fits.
      await page.goto(`${shared.server.url}/scent/DEMO1`);
      await card(page, 1).waitFor();
      expect(await root()).toBe('20px');
      expect(await scrollsSideways(page)).toBe(false);

      // The admin screens keep the browser's own size, loaded directly or reached in the app.
      await page.goto(`${shared.server.url}/admin/login`);
      await page.locator('form button[type=submit]').waitFor();
      expect(await root()).toBe('16px');
    }));
});
