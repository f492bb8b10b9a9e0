import type { KitDoc } from '@scentry/shared-schema';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, pulledKit, signedInPage, wrongOption } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { auditScreen, scrollsSideways, shoot } from './support/ux';

/*
 * Kit insights (issue 24) read for the demo kit with plays seeded through the public
 * SaveTestResult, as a device without sync sends them. Forty plays of DEMO1 today:
 * - plays 1–10: card 3 wrong (its first distractor), the rest right → 4 of 5: Pass;
 * - plays 11–30: all right → Pass;
 * - plays 31–40: cards 1 and 2 wrong (their first distractors) → 3 of 5: Fail.
 * So: 40 plays, pass rate 75 %; card 1 named by 75 % (100 % of those who passed), its confusion
 * one option ×10; card 3 named by 75 % but by 66.7 % of those who passed (30 passing plays):
 * flagged; the chance of passing DEMO1 (threshold 4) by guessing 0.67 %.
 */
let server: TestServer;
let browser: Browser;
let kit: KitDoc;

const wrongOf = wrongOption;

beforeAll(async () => {
  // The server and the browser start together.
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on', RATE_LIMITS: 'off' }), launchBrowser()]);
  kit = await pulledKit(server.url);
  // The forty plays sent at once (their order tells nothing here: all are played today).
  const plays = Array.from({ length: 40 }, (_, n) => n + 1);
  await Promise.all(
    plays.map((i) => {
      const wrong = new Set(i <= 10 ? [3] : i > 30 ? [1, 2] : []);
      return apiPost(server.url, '/api/TestResult/SaveTestResult', {
        TestKitId: kit.kitId,
        FirstName: 'Ina',
        LastName: `Sight${i}`,
        TestResultDetails: kit.cards.map((c) => ({
          ScentCardsId: c.id,
          AnswerId: wrong.has(c.sortOrder) ? wrongOf(c).scentOptionId : c.correctScentOptionId,
          SmellIntensity: 3,
        })),
      });
    }),
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A device of this size with the Admin signed in (through the API: the sign-in is not the subject
 * here), on `path` (the dashboard unless told).
 */
const newPage = (viewport = { width: 1366, height: 800 }, path?: string) =>
  signedInPage(browser, server.url, { viewport, path });

const main = (page: Page) => page.locator('main');
const cardOf = (page: Page, sortOrder: number) =>
  page.locator('article.insights-card', {
    has: page.getByRole('heading', { name: new RegExp(`^Card ${sortOrder}:`) }),
  });

/** Today in Los Angeles as the month table names it ("November 2026"). */
const thisMonth = () => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date()).split('-');
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(y), Number(m) - 1, 1)),
  );
};

async function chooseDemo(page: Page) {
  await main(page).getByLabel('Play kit').selectOption({ label: 'DEMO1' });
  await page.getByTestId('kit-insights').waitFor();
}

describe('kit insights', () => {
  it('is reached from the reports’ tabs by keyboard and from the menu', async () => {
    const { context, page } = await newPage();
    await page.getByRole('button', { name: 'Reports' }).click();
    await page.locator('.dropdown-list').getByRole('link', { name: 'Kit Insights' }).click();
    await page.getByRole('heading', { name: 'Kit insights', level: 1 }).waitFor();
    await page.goto(`${server.url}/admin/Reports/passFailData`);
    await page.getByRole('heading', { name: 'Pass/Fail Data' }).waitFor();
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Kit Insights' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Kit insights', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/Reports/kitInsights');
    // Until a kit is chosen, the page says what to do; the days are the last 12 months.
    await page.getByText('Choose a play kit to see how its cards perform.').waitFor();
    expect(await page.getByTestId('insights-note').textContent()).toContain('not clinical norms');
    await context.close();
  });

  it('reads the seeded figures for DEMO1 at 1366×800', async () => {
    const { context, page } = await newPage(undefined, '/admin/Reports/kitInsights');
    await chooseDemo(page);
    await expect.poll(() => page.getByTestId('kit-plays').textContent()).toBe('40');
    expect(await page.getByTestId('kit-pass-rate').textContent()).toBe('75%');
    expect(await page.getByTestId('kit-guess-chance').textContent()).toBe('0.67 %');
    expect(await page.getByTestId('kit-flags').count()).toBe(0);

    const card1 = cardOf(page, 1);
    expect(await card1.getByTestId('card-plays').textContent()).toBe('40');
    expect(await card1.getByTestId('card-correct-rate').textContent()).toBe('75%');
    expect(await card1.getByTestId('card-passer-rate').textContent()).toBe('100%');
    expect(await card1.getByTestId('card-intensity').textContent()).toBe('3');
    const position = kit.cards[0].options.find((o) => o.scentOptionId === kit.cards[0].correctScentOptionId)?.sortOrder;
    expect(await card1.getByTestId('card-position').textContent()).toBe(`${position} of 5`);
    // The confusion table: the one distractor chosen, ten times, all of the wrong answers.
    expect(await card1.getByTestId('card-confusion').locator('tbody tr').first().textContent()).toBe(
      `${wrongOf(kit.cards[0]).name}10100%`,
    );
    // The month table: this month's plays and rate, readable as text.
    const month = card1.getByTestId('card-months').locator('tbody tr', { hasText: thisMonth() });
    expect(await month.locator('td').allTextContents()).toEqual(['40', '75%']);
    expect(await card1.getByTestId('card-months').locator('tbody tr').count()).toBe(12);
    expect(await card1.getByTestId('card-flags').count()).toBe(0);

    // Card 3: people who pass miss it: said in plain words, with what to do.
    const card3 = cardOf(page, 3);
    expect(await card3.getByTestId('card-correct-rate').textContent()).toBe('75%');
    expect(await card3.getByTestId('card-passer-rate').textContent()).toBe('66.7%');
    expect(await card3.getByTestId('card-flags').textContent()).toBe(
      'People who pass still miss this card: consider replacing this scent or its distractors.',
    );
    // Card 5: always right.
    expect(await cardOf(page, 5).getByTestId('card-confusion').textContent()).toContain(
      'Never: every answer was right.',
    );
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'kit-insights');
    await context.close();
  });

  it('stacks at 390×844, says when a period has no plays, and offers Try again after a failure', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 }, '/admin/Reports/kitInsights');
    await chooseDemo(page);
    await expect.poll(() => page.getByTestId('kit-plays').textContent()).toBe('40');
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'kit-insights');

    await main(page).getByLabel('From Date').fill('2020-01-01');
    await main(page).getByLabel('To Date').fill('2020-01-31');
    await main(page).getByRole('button', { name: 'Show' }).click();
    await page.getByTestId('insights-empty').waitFor();
    expect(await page.getByTestId('insights-empty').textContent()).toContain('No plays of DEMO1');
    expect(new URL(page.url()).searchParams.get('from')).toBe('2020-01-01');

    await page.route('**/api/Report/GetKitInsights', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'Failure',
          message: 'Something went wrong. Please try again!',
          error: null,
          data: null,
        }),
      }),
    );
    await main(page).getByLabel('From Date').fill('2020-02-01');
    await main(page).getByLabel('To Date').fill('2020-02-28');
    await main(page).getByRole('button', { name: 'Show' }).click();
    await main(page).getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });
    await page.unroute('**/api/Report/GetKitInsights');
    await main(page).getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('insights-empty').waitFor();
    await context.close();
  });

  it('is axe clean at 390×844, 768×1024 and 1366×800', async () => {
    // Each state shown once, audited at the three sizes (axe; no sideways scroll either).
    const sizes = [
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
      { width: 1366, height: 800 },
    ];
    const { context, page } = await newPage(sizes[0], '/admin/Reports/kitInsights');
    // The page settled: its words, and the kits to choose from.
    await page.getByText('Choose a play kit to see how its cards perform.').waitFor();
    await expect.poll(() => main(page).getByLabel('Play kit').locator('option').count()).toBeGreaterThan(1);
    await auditScreen(page, 'kit-insights-no-kit', { viewports: sizes, targets: false });
    await chooseDemo(page);
    await expect.poll(() => page.getByTestId('kit-plays').textContent()).toBe('40');
    await auditScreen(page, 'kit-insights-demo1', { viewports: sizes, targets: false });
    await context.close();
  });
});
