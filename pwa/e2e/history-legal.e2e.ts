import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { withContext as inContext } from './support/journey';
import { DEMO_PASS_PICKS, playFromLastCard } from './support/player';
import { startServer, type TestServer } from './support/server';
import { auditScreen } from './support/ux';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'on' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The demo kit (README): 4 of 5 right, a Pass; 2 of 5 right, a Fail. */
const PASS_PICKS = DEMO_PASS_PICKS;
const FAIL_PICKS = ['Lemon', 'Coffee', 'Mint', 'Smoke', 'Chocolate'];

// The device's own clock (DESIGN.md §7): a phone (390 × 844) in Tokyo sees its history in Tokyo time.
const withContext = (journey: (context: BrowserContext) => Promise<void>) =>
  inContext(browser, { timezoneId: 'Asia/Tokyo' }, journey);

/**
 * A play of DEMO1 that ends on /pass or /fail: from its last card (play is not this journey's),
 * the app scoring and keeping it. The page must be on the app's origin.
 */
const playDemo = (page: Page, picks: string[]) => playFromLastCard(page, picks);

const keepSwitch = (page: Page) => page.getByRole('switch', { name: 'Keep my results on this phone' });

/**
 * At both phone sizes, on every run: nothing scrolls sideways, axe clean, 44 px targets (a
 * screenshot with SHOTS_DIR). uPlot follows its box's width (ResizeObserver): the audit waits for
 * the frames after each resize.
 */
const shot = (page: Page, name: string) =>
  auditScreen(page, name, {
    viewports: [
      { width: 320, height: 568 },
      { width: 390, height: 844 },
    ],
  });

const historyRows = (page: Page) => page.getByTestId('history-list').locator('li');

describe('the player’s own history (/chart)', () => {
  it('keeps nothing until the player opts in; then lists plays newest first and draws them', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/chart`);
      await page.getByTestId('history-empty').waitFor();
      expect(await keepSwitch(page).isChecked()).toBe(false);
      expect(await page.getByTestId('history-empty').textContent()).toContain('Keep my results on this phone');

      // A play before opting in is not kept.
      await playDemo(page, PASS_PICKS);
      await page.goto(`${server.url}/chart`);
      await page.getByTestId('history-empty').waitFor();

      await keepSwitch(page).check();
      expect(await page.evaluate(() => localStorage.getItem('scentryHistoryOn'))).toBe('true');
      expect(await page.getByTestId('history-empty').textContent()).toContain('Keeping is on');

      await playDemo(page, FAIL_PICKS);
      await page.waitForURL('**/fail');
      await playDemo(page, PASS_PICKS);
      await page.waitForURL('**/pass');

      await page.goto(`${server.url}/chart`);
      await expect.poll(() => historyRows(page).count()).toBe(2);
      const [newest, older] = await historyRows(page).allTextContents();
      expect(newest).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M GMT\+9/);
      expect(newest).toContain('DEMO1');
      expect(newest).toContain('4/5');
      expect(newest).toContain('Pass');
      expect(older).toContain('2/5');
      expect(older).toContain('Fail');
      // The chart: uPlot's canvas, drawn once its chunk loaded; hidden from screen readers (the list says it).
      await page.getByTestId('history-chart').locator('canvas').waitFor();
      expect(await page.locator('.history-chart [aria-hidden="true"]').count()).toBe(1);
      await shot(page, 'chart');

      // Turning it off asks, then deletes what was kept.
      await keepSwitch(page).click();
      const dialog = page.getByRole('dialog', { name: 'Stop keeping results?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await keepSwitch(page).isChecked()).toBe(true);
      expect(await historyRows(page).count()).toBe(2);
      await keepSwitch(page).click();
      await dialog.getByRole('button', { name: 'Delete my results' }).click();
      await page.getByTestId('history-empty').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('scentryHistory'))).toBeNull();
    }));

  it('a fresh browser shows nobody’s history', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/chart`);
      await page.getByTestId('history-empty').waitFor();
      expect(await keepSwitch(page).isChecked()).toBe(false);
      expect(await historyRows(page).count()).toBe(0);
      await shot(page, 'chart-empty');
    }));

  it('switching it on from the result page keeps the result on screen at once', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/robots.txt`);
      await playDemo(page, PASS_PICKS);
      await page.goto(`${server.url}/result`);
      await page.getByRole('heading', { name: 'Passed' }).waitFor();
      await keepSwitch(page).check();
      await shot(page, 'result');
      await page.getByRole('link', { name: 'See my results over time' }).click();
      await page.waitForURL('**/chart');
      await expect.poll(() => historyRows(page).count()).toBe(1);
      expect(await historyRows(page).first().textContent()).toContain('4/5');

      // The result page's legal row leads to the texts.
      await page.goto(`${server.url}/result`);
      await page.getByRole('heading', { name: 'Passed' }).waitFor();
      const legal = page.getByRole('navigation', { name: 'Legal' });
      await expect.poll(() => legal.getByRole('link').count()).toBe(5);
      await legal.getByRole('link', { name: 'Privacy notice' }).click();
      await page.waitForURL('**/legal/privacy');
      await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL('**/result');
    }));
});

describe('the legal texts and /Camera', () => {
  it('shows each text with a table of contents; the HIPAA authorization has six numbered parts', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/legal/hipaa`);
      await page.getByRole('heading', { level: 1, name: 'HIPAA authorization' }).waitFor();
      // The heading can paint before the text's parts (its own chunk): wait for them.
      const parts = page.getByTestId('legal-parts').locator(':scope > li');
      await expect.poll(() => parts.count(), { timeout: 15_000 }).toBe(6);
      const headings = await page.getByTestId('legal-parts').locator(':scope > li h2').allTextContents();
      expect(headings.map((h) => h.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6']);
      await shot(page, 'legal-hipaa');

      const toc = page.getByRole('navigation', { name: 'Legal texts' });
      expect(await toc.getByRole('link').count()).toBe(5);
      expect(await toc.locator('[aria-current="page"]').textContent()).toBe('HIPAA authorization');
      for (const [name, doc] of [
        ['About Scentry', 'description'],
        ['Privacy notice', 'privacy'],
        ['Cautions', 'caution'],
        ['Terms of use', 'terms'],
      ]) {
        await toc.getByRole('link', { name }).click();
        await page.waitForURL(`**/legal/${doc}`);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        expect((await page.locator('article.legal').textContent())?.toLowerCase()).not.toContain('lorem');
      }
      expect(await page.locator('article.legal').textContent()).toContain('provided as it is');
      await shot(page, 'legal-terms');

      await page.goto(`${server.url}/legal/cookies`);
      await page.waitForURL('**/home');
    }));

  it('/Camera opens the scanner, which sends a visitor without player data to the start', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/Camera`);
      await page.waitForURL('**/home');

      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/scanQRCode');
      await page.goto(`${server.url}/Camera`);
      await page.waitForURL('**/scanQRCode');
    }));
});
