import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, signedInState } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { ADMIN, startServer, type TestServer } from './support/server';
import { apiToken, type Credentials } from './support/sign-in';
import { auditScreen, scrollsSideways, shoot } from './support/ux';

/*
 * The dashboard as staff use it (issue 24): a period chosen in the URL changes the four counts, the
 * trend and the latest Fails; Total Fail opens Play Results filtered by that period and Fail; the
 * trend's table says what the counts say; a Client Admin sees their organization only. Results are
 * written straight into the database at chosen times (a device's push would re-time old plays).
 */

let server: TestServer;
let browser: Browser;
let organizationId = 0;

const CLIENT: Credentials = { email: 'dash-admin@clinic.example', password: 'Clinic-Pass1' };
const ORGANIZATION = 'Dashboard Clinic';
const DAY = 86_400_000;

/** A result's LA day (YYYY-MM-DD), computed here with Intl, apart from the app's own code. */
const laDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(ms));

interface Seeded {
  at: number;
  status: 'Pass' | 'Fail';
  org: boolean;
  name: string;
}

const now = Date.now();
/** What is stored: times back from now, so "this month", "this year" and all time differ. */
const SEEDED: Seeded[] = [
  { at: now - 5 * 60_000, status: 'Fail', org: true, name: 'Nora Recent' },
  { at: now - 20 * 60_000, status: 'Pass', org: false, name: 'Pat Today' },
  { at: now - 3 * DAY, status: 'Fail', org: false, name: 'Faye Three' },
  { at: now - 40 * DAY, status: 'Fail', org: true, name: 'Olga Forty' },
  { at: now - 40 * DAY - 3_600_000, status: 'Pass', org: true, name: 'Otto Forty' },
  { at: now - 100 * DAY, status: 'Fail', org: false, name: 'Finn Hundred' },
  { at: now - 200 * DAY, status: 'Pass', org: false, name: 'Paul TwoHundred' },
  { at: now - 400 * DAY, status: 'Fail', org: false, name: 'Fred Old' },
  { at: now - 420 * DAY, status: 'Pass', org: true, name: 'Olive Old' },
];

function expectedCounts(from: string | null, to: string | null, orgOnly = false) {
  const inRange = SEEDED.filter(
    (s) => (!orgOnly || s.org) && (!from || laDay(s.at) >= from) && (!to || laDay(s.at) <= to),
  );
  return {
    total: inRange.length,
    pass: inRange.filter((s) => s.status === 'Pass').length,
    fail: inRange.filter((s) => s.status === 'Fail').length,
    rows: inRange,
  };
}

/**
 * A device of this size with `user` signed in (through the API: the sign-in is not the subject
 * here), on the dashboard (of all time unless `path` says otherwise).
 */
async function newPage(
  viewport: { width: number; height: number },
  user: Credentials = ADMIN,
  path = '/admin/dashboard',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    serviceWorkers: 'block',
    storageState: await signedInState(server.url, user),
  });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  return { context, page };
}

const groupRadio = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Group by' }).getByRole('radio', { name, exact: true });
const count = (page: Page, key: string) => page.getByTestId(key).textContent();
const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function expectCounts(page: Page, want: { total: number; pass: number; fail: number }) {
  await expect.poll(() => count(page, 'totalTestCount')).toBe(String(want.total));
  await expect.poll(() => count(page, 'passCount')).toBe(String(want.pass));
  await expect.poll(() => count(page, 'failCount')).toBe(String(want.fail));
}

/** The trend table's footer (All): plays, pass, fail, read from the DOM (it is there even while hidden). */
async function trendTotals(page: Page): Promise<number[]> {
  const cells = await page.getByTestId('trend-table').locator('tfoot td').allTextContents();
  return cells.map((c) => Number(c.replace(/,/g, '')));
}

/** axe (and no sideways scroll) at the page's size. */
async function expectAxeClean(page: Page, what: string) {
  const size = page.viewportSize() ?? { width: 1366, height: 800 };
  await auditScreen(page, what, { viewports: [size], targets: false });
}

beforeAll(async () => {
  // The server and the browser start together.
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  organizationId = await createOrganization(server, await apiToken(server.url), {
    ClientType: 'Medical provider',
    OrganizationName: ORGANIZATION,
    OrganizationCode: 'DASH1',
    OrganizationWebsite: 'https://dash.example',
    OrganizationAddress: '1 Chart Street',
    OrganizationEmail: 'desk@dash.example',
    OrganizationPhone: '555 010 5000',
    DiscloseUserDetails: true,
    UserFirstName: 'Dana',
    UserLastName: 'Admin',
    UserEmail: CLIENT.email,
    Password: CLIENT.password,
    ConfirmPassword: CLIENT.password,
  });
  const kitId = server.sql<{ id: number }>("SELECT id FROM test_kits WHERE name = 'DEMO1'")[0].id;
  for (const s of SEEDED) {
    const [first, last] = s.name.split(' ');
    server.exec(
      `INSERT INTO test_results (id, test_kit_id, kit_version, organization_id, first_name, last_name, played_at,
        result_status, right_answer_count, play_hash) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
      randomUUID(),
      kitId,
      s.org ? organizationId : null,
      first,
      last,
      new Date(s.at).toISOString(),
      s.status,
      s.status === 'Pass' ? 5 : 1,
      randomUUID(),
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the dashboard', () => {
  const today = laDay(now);
  const yearFrom = `${today.slice(0, 4)}-01-01`;

  it('an Admin chooses a period, the counts, trend and latest Fails follow; Total Fail opens those results (1366x800)', async () => {
    const { context, page } = await newPage({ width: 1366, height: 800 });
    const all = expectedCounts(null, null);
    await expectCounts(page, all);
    expect(await count(page, 'testKitCount')).toBe('1'); // DEMO1, the kit in the system
    expect(await page.getByTestId('testKitCount-link').getAttribute('href')).toBe('/admin/testKit');
    // All time: the trend starts at the first play and adds up to the counts.
    await expect.poll(() => trendTotals(page)).toEqual([all.total, all.pass, all.fail]);
    await expectAxeClean(page, 'dashboard, all time, 1366');

    await page.getByRole('radio', { name: 'This year' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'This year' }).isChecked()).toBe(true);
    await expect.poll(() => searchOf(page)).toEqual({ period: 'year' });
    const year = expectedCounts(yearFrom, today);
    await expectCounts(page, year);
    // The trend's table (by week over this year) matches the counts, one row per week.
    await expect.poll(() => trendTotals(page)).toEqual([year.total, year.pass, year.fail]);
    const weekRows = page.getByTestId('trend-table').locator('tbody tr');
    expect(await weekRows.count()).toBeGreaterThanOrEqual(1);
    expect(await groupRadio(page, 'Week').isChecked()).toBe(true);
    for (const period of await weekRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-period') ?? ''))) {
      expect(new Date(`${period}T00:00:00Z`).getUTCDay(), period).toBe(1); // every week starts on a Monday
    }
    // Grouping by month: same totals, one row per month of the year so far.
    await groupRadio(page, 'Month').click();
    await expect.poll(() => searchOf(page).group).toBe('month');
    await expect
      .poll(() => page.getByTestId('trend-table').locator('tbody tr').count())
      .toBe(Number(today.slice(5, 7)));
    expect(await trendTotals(page)).toEqual([year.total, year.pass, year.fail]);
    // The table shows on request.
    await page.getByRole('button', { name: 'Show table' }).click();
    await expect.poll(() => page.getByTestId('trend-table').isVisible()).toBe(true);

    // Latest Fails: the period's Fails, newest first, at most five.
    const fails = year.rows
      .filter((r) => r.status === 'Fail')
      .sort((a, b) => b.at - a.at)
      .slice(0, 5);
    await expect
      .poll(() => page.getByTestId('latest-fails').locator('.dashboard-fail-name').allTextContents())
      .toEqual(fails.map((f) => f.name));
    await shoot(page, 'dashboard-admin-year');
    await expectAxeClean(page, 'dashboard, this year, table shown, 1366');

    // A Fail's detail opens from the list.
    await page.getByRole('button', { name: new RegExp(`^Details of ${fails[0].name}`) }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await page.getByRole('dialog').textContent()).toContain(fails[0].name);
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Total Fail → Play Results of this year's days and Fail.
    await page.getByTestId('failCount-link').click();
    await page.waitForURL('**/admin/testresult**');
    expect(searchOf(page)).toEqual({ from: yearFrom, to: today, status: 'Fail' });
    await page.getByRole('heading', { name: 'Play Results' }).waitFor();
    const rows = page.locator('main table tbody tr');
    await expect.poll(() => rows.count()).toBe(year.fail);
    for (const text of await rows.allTextContents()) {
      expect(text).toContain('Fail');
      expect(text).not.toContain('Pass');
    }
    await context.close();
  });

  it('a Client Admin on a phone sees their organization, picks custom days and follows Total Fail (390x844)', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 }, CLIENT);
    const mine = expectedCounts(null, null, true);
    await expectCounts(page, mine);
    expect(await count(page, 'testKitCount')).toBe('1'); // DEMO1: the kit their results were played on
    expect(await page.getByTestId('testKitCount-link').getAttribute('href')).toBe('/admin/testresult');
    expect(await scrollsSideways(page)).toBe(false);

    // Custom: the last 60 days.
    const from = laDay(now - 60 * DAY);
    await page.getByRole('radio', { name: 'Custom' }).click();
    await page.getByLabel('From Date').fill(from);
    await page.getByLabel('To Date').fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => searchOf(page)).toEqual({ period: 'custom', from, to: today });
    const custom = expectedCounts(from, today, true);
    await expectCounts(page, custom);
    expect(await count(page, 'testKitCount')).toBe('1');
    await expect.poll(() => trendTotals(page)).toEqual([custom.total, custom.pass, custom.fail]);
    await expect
      .poll(() => page.getByTestId('latest-fails').locator('.dashboard-fail-name').allTextContents())
      .toEqual(
        custom.rows
          .filter((r) => r.status === 'Fail')
          .sort((a, b) => b.at - a.at)
          .map((r) => r.name),
      );
    expect(await scrollsSideways(page)).toBe(false);
    await shoot(page, 'dashboard-client-custom');
    await expectAxeClean(page, 'dashboard, custom, Client Admin, 390');

    await page.getByTestId('failCount-link').click();
    await page.waitForURL('**/admin/testresult**');
    expect(searchOf(page)).toEqual({ from, to: today, status: 'Fail' });
    await page.getByRole('heading', { name: 'Play Results' }).waitFor();
    await expect.poll(() => page.locator('main table tbody tr').count()).toBe(custom.fail);
    await context.close();
  });

  it('a period without plays says so; axe is clean at 390x844, 768x1024 and 1366x800', async () => {
    // Each state shown once, audited at the three sizes (axe; no sideways scroll either).
    const sizes = [
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
      { width: 1366, height: 800 },
    ];
    const { context, page } = await newPage(sizes[0]);
    await expectCounts(page, expectedCounts(null, null));
    await expect.poll(() => trendTotals(page)).toHaveLength(3);
    await auditScreen(page, 'dashboard-admin-all', { viewports: sizes, targets: false });
    // Custom days long before any play: zeros, an empty trend and no Fails.
    await page.goto(`${server.url}/admin/dashboard?period=custom&from=2001-01-01&to=2001-01-31`);
    await expectCounts(page, { total: 0, pass: 0, fail: 0 });
    await page.getByTestId('trend-empty').waitFor();
    await page.getByTestId('fails-empty').waitFor();
    await auditScreen(page, 'dashboard-empty-period', { viewports: sizes, targets: false });
    await context.close();
  });
});
