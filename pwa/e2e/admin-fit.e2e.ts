import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, createOrganization, pulledKit, signedInPage } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { createUser, startServer, type TestServer } from './support/server';
import { apiToken, type Credentials } from './support/sign-in';
import { auditScreen, scrollsSideways, shoot } from './support/ux';

/*
 * Issue 24, "tables that fit": on a 1366 × 800 laptop every column header and every row action of
 * every admin list is on screen without sideways scrolling; on a 390 × 844 phone the rows are
 * stacked cards whose actions are on screen; a long e-mail is cut with an ellipsis and shows whole
 * on hover (title) and when its row has the keyboard focus; axe at three sizes.
 */

let server: TestServer;
let browser: Browser;
let token: string;
let kitId = 0;

const post = <T = unknown>(url: string, body: unknown) => apiPost<T>(server.url, url, body, token);

const ORG = 'Northern Territories Wombat Sinus and Smell Clinic';
const CLIENT: Credentials = {
  email: 'wilhelmina.featherstonehaugh-administrator@northern-wombat-clinic.example',
  password: 'Wombat-Pass-1',
};
const USER = {
  first: 'Maximiliana',
  last: 'Bartholomew-Featherstonehaugh',
  email: 'maximiliana.bartholomew-featherstonehaugh@very-long-clinic-domain.example',
};
const USER_NAME = `${USER.first} ${USER.last}`;
/** An event tablet with the longest name set-up allows (40), one result sent, two numbers missing. */
const TABLET_NAME = 'Northern Wombat Clinic front desk tablet';
const DEVICE_ID = '7d0e4a52-3c1b-4f6e-9a8d-2b5c6e7f8a91';
/**
 * The organization's webhook: the one address the server takes besides public https ones
 * (WEBHOOK_TEST_RECEIVER, tests only). Nothing listens there: the result's event may be tried and
 * fail (a Failing row, its reason in words: the wider row), or not yet; the list fits either way.
 */
const RECEIVER = 'http://127.0.0.1:9/hook';

beforeAll(async () => {
  // The server and the browser start together.
  [server, browser] = await Promise.all([
    startServer({ SEED_DEMO: 'on', WEBHOOK_TEST_RECEIVER: RECEIVER }),
    launchBrowser(),
  ]);
  token = await apiToken(server.url);
  const orgId = await createOrganization(server, token, {
    clientType: 'Medical provider',
    organizationName: ORG,
    organizationCode: 'NTW-01',
    organizationWebsite: 'northern-wombat-clinic.example',
    organizationAddress: '1 Burrow Lane, Springfield',
    organizationEmail: 'front@northern-wombat-clinic.example',
    organizationPhone: '555-0199',
    organizationIsActive: true,
    discloseUserDetails: true,
    userFirstName: 'Wilhelmina',
    userLastName: 'Featherstonehaugh',
    userEmail: CLIENT.email,
    password: CLIENT.password,
    confirmPassword: CLIENT.password,
    userIsActive: true,
  });
  await createUser(server, {
    email: USER.email,
    password: 'Maxi-Pass-1',
    roleId: 1,
    firstName: USER.first,
    lastName: USER.last,
  });
  // One result of the organization (a long kit-player name), for both the Admin's and the Client
  // Admin's results list.
  const kit = await pulledKit(server.url);
  kitId = kit.kitId;
  await post('/api/TestResult/SaveTestResult', {
    TestKitId: kit.kitId,
    OrganizationId: orgId,
    FirstName: 'Rita',
    LastName: 'Result',
    DeviceId: DEVICE_ID,
    Seq: 1,
    TestResultDetails: kit.cards.map((c) => ({
      ScentCardsId: c.id,
      AnswerId: c.correctScentOptionId,
      SmellIntensity: 3,
    })),
  });
  // The organization's webhook (the integrations screen's row).
  await post('/api/Webhook/SaveWebhook', {
    organizationId: orgId,
    url: RECEIVER,
    events: ['result.stored', 'questionnaire.stored', 'medical.stored'],
    isActive: true,
  });
  // The tablet's report: it made 4, one still waits on it; 2 and 3 never reached the server.
  await apiPost(server.url, '/api/sync/devices/report', {
    deviceId: DEVICE_ID,
    deviceKey: 'fit-check-device-key-0123456789',
    build: '0.1.0 (2026-11-28)',
    name: TABLET_NAME,
    lastSeq: 4,
    pendingSeqs: [4],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const LAPTOP = { width: 1366, height: 800 };
const TABLET = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };

/** A device signed in (through the API: the sign-in is not the subject here), on a blank page. */
const open = (viewport: { width: number; height: number }, user?: Credentials) =>
  signedInPage(browser, server.url, { viewport, user, path: null });

interface List {
  name: string;
  path: string;
  /** Accessible names of the row actions (links, buttons, switches, check boxes) to be on screen. */
  actions: (string | RegExp)[];
  /** After the page is open (a tab to choose). */
  prepare?: (page: Page) => Promise<void>;
  /** Stays a table on a phone (a few short numbers: it fits). */
  table?: true;
}

/** A webhook's row actions on the integrations screen. */
const webhookActions = [
  `Edit the webhook to ${RECEIVER}`,
  `Deliveries to ${RECEIVER}`,
  `Send test event to ${RECEIVER}`,
  `Rotate secret of ${RECEIVER}`,
  `Delete the webhook to ${RECEIVER}`,
];

const ADMIN_LISTS: List[] = [
  {
    name: 'users',
    path: '/admin/user',
    actions: [`Select ${USER_NAME}`, `Edit ${USER_NAME}`, `Reset password of ${USER_NAME}`, `Delete ${USER_NAME}`],
  },
  {
    name: 'client',
    path: '/admin/client',
    actions: [`Edit ${ORG}`, `Reset the password of ${ORG}'s user`, `${ORG} active`, `Delete ${ORG}`],
  },
  { name: 'scent-options', path: '/admin/scentCardData', actions: ['Edit Banana', 'Delete Banana'] },
  { name: 'kits', path: '/admin/testKit', actions: ['Edit DEMO1', 'Delete DEMO1'] },
  {
    name: 'kit-cards',
    path: '/admin/managetestkit/{kit}/0',
    prepare: async (page) => {
      await page.getByRole('tab', { name: 'Scent Option Info' }).click();
      await page
        .getByRole('link', { name: 'Add Scent Card' })
        .or(page.getByText('This kit has all 5'))
        .first()
        .waitFor();
    },
    actions: ['Edit Demo card 1', 'Delete Demo card 1'],
  },
  { name: 'results', path: '/admin/testresult', actions: [/^Select Rita Result/, /^Details of Rita Result/] },
  { name: 'audit', path: '/admin/audit', actions: [] },
  { name: 'data-location', path: '/admin/Reports/dataLocation', actions: [] },
  { name: 'pass-fail', path: '/admin/Reports/passFailData', actions: [], table: true },
  { name: 'devices', path: '/admin/devices', actions: [`Dismiss the missing records of ${TABLET_NAME}`] },
  // Every organization's webhooks (the Admin's widest list: an Organization column too).
  { name: 'integrations', path: '/admin/integrations', actions: webhookActions },
];

const CLIENT_LISTS: List[] = [
  { name: 'client-results', path: '/admin/testresult', actions: [/^Select Rita Result/, /^Details of Rita Result/] },
  // The devices that sent a result of the organization.
  { name: 'client-devices', path: '/admin/devices', actions: [`Dismiss the missing records of ${TABLET_NAME}`] },
  // The organization's own webhooks.
  { name: 'client-integrations', path: '/admin/integrations', actions: webhookActions },
];

const pathOf = (list: List) => list.path.replace('{kit}', String(kitId));

/** The list open, its rows loaded. */
async function openList(page: Page, list: List) {
  await page.goto(`${server.url}${pathOf(list)}`);
  await list.prepare?.(page);
  const table = page.locator('main table').last();
  await table.locator('tbody tr').first().waitFor();
  await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
  return table;
}

/** Inside the viewport from left to right, once scrolled into view (an action takes a trial click). */
async function expectInside(page: Page, target: Locator, label: string, click = true) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, label).not.toBeNull();
  if (!box) return;
  expect(box.x, label).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, label).toBeLessThanOrEqual(width + 0.5);
  if (click) await target.click({ trial: true, timeout: 5000 });
}

function action(page: Page, name: string | RegExp): Locator {
  const exact = typeof name === 'string';
  const main = page.getByRole('main');
  return main
    .getByRole('link', { name, exact })
    .or(main.getByRole('button', { name, exact }))
    .or(main.getByRole('switch', { name, exact }))
    .or(main.getByRole('checkbox', { name, exact }))
    .first();
}

async function checkList(page: Page, list: List, who: string) {
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  const where = `${who} ${list.name} at ${size.width}`;
  const table = await openList(page, list);
  expect(await scrollsSideways(page), where).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), where).toBe(true);
  // Nor inside the list's own region: a table wider than its box would hide columns behind a
  // sideways scroll with no cue (the bug of issue 24).
  const sideways = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main .table-wrap')].map((w) => ({
        wider: w.scrollWidth > w.clientWidth + 1,
        scrolled: w.scrollLeft,
      })),
    );
  expect(await sideways(), where).not.toContainEqual(expect.objectContaining({ wider: true }));
  // Each header, read in one go: shown, and inside the viewport from left to right once scrolled
  // into view.
  const headers = await table.locator('thead th').evaluateAll((ths) =>
    ths.map((th, i) => {
      const box = th.getBoundingClientRect();
      const visible = box.width > 0 && box.height > 0 && getComputedStyle(th).visibility !== 'hidden';
      if (visible) th.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const inView = th.getBoundingClientRect();
      return { i, label: th.textContent?.trim() || String(i), visible, left: inView.x, right: inView.right };
    }),
  );
  expect(headers.length, where).toBeGreaterThan(0);
  for (const th of headers) {
    // On the phone's cards a header of plain text is hidden (each cell says its label).
    if (size.width < 700 && !th.visible) continue;
    expect(th.visible, `${where}: header ${th.i}`).toBe(true);
    expect(th.left, `${where}: header ${th.label}`).toBeGreaterThanOrEqual(0);
    expect(th.right, `${where}: header ${th.label}`).toBeLessThanOrEqual(size.width + 0.5);
  }
  for (const name of list.actions) {
    const target = action(page, name);
    expect(await target.count(), `${where}: ${name}`).toBe(1);
    await expectInside(page, target, `${where}: ${name}`);
  }
  if (size.width < 700 && !list.table) {
    // Stacked cards: one card a row, its cells labelled.
    const row = table.locator('tbody tr').first();
    expect(await row.evaluate((tr) => getComputedStyle(tr).display), where).toBe('flex');
    const labelled = await row.locator('td[data-label]').count();
    if (list.actions.length === 0) expect(labelled, where).toBeGreaterThan(0);
  }
  // Reaching each of them scrolled nothing sideways.
  for (const w of await sideways()) expect(w.scrolled, where).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `fit-${list.name}`);
}

describe('every admin list fits', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`at ${viewport.width} × ${viewport.height}: headers and row actions on screen, no sideways scroll (Admin)`, async () => {
      const { context, page } = await open(viewport);
      for (const list of ADMIN_LISTS) await checkList(page, list, 'Admin');
      await context.close();
    });

    it(`at ${viewport.width} × ${viewport.height}: the Client Admin's lists (results, devices, integrations) fit too`, async () => {
      const { context, page } = await open(viewport, CLIENT);
      for (const list of CLIENT_LISTS) await checkList(page, list, 'Client Admin');
      await context.close();
    });
  }

  it('cuts a long e-mail with an ellipsis, and shows it whole on hover (title) and on keyboard focus', async () => {
    const { context, page } = await open(LAPTOP);
    await openList(page, ADMIN_LISTS[0]);
    const email = page.locator('main .cell-clip', { hasText: USER.email });
    expect(await email.getAttribute('title')).toBe(USER.email);
    const cut = () => email.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(await cut()).toBe(true);
    // The row's first action takes the focus from the keyboard: the row shows its texts whole.
    await page.getByRole('checkbox', { name: `Select ${USER_NAME}` }).focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Edit ${USER_NAME}`);
    await expect.poll(cut).toBe(false);
    expect(await email.isVisible()).toBe(true);
    await shoot(page, 'fit-users-focused');
    // Still no sideways scroll with the row open: the text wraps in its column, the row grows taller.
    expect(await scrollsSideways(page)).toBe(false);
    expect(await page.locator('main .table-wrap').evaluate((w) => w.scrollWidth <= w.clientWidth + 1)).toBe(true);
    await expectInside(page, page.getByRole('button', { name: `Delete ${USER_NAME}` }), 'Delete, row focused', false);
    // The Client list's e-mail: the same.
    await openList(page, ADMIN_LISTS[1]);
    const clientEmail = page.locator('main .cell-clip', { hasText: CLIENT.email });
    expect(await clientEmail.getAttribute('title')).toBe(CLIENT.email);
    expect(await clientEmail.evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(true);
    await context.close();
  });

  it('sorts, pages and selects on the phone’s cards as on the table', async () => {
    const { context, page } = await open(PHONE);
    await openList(page, ADMIN_LISTS[0]);
    // A card's label is shown, not read: the cell is named by its value (its column header says the rest).
    expect(await page.getByRole('cell', { name: USER.email, exact: true }).count()).toBe(1);
    // The sort toggles are in the bar above the cards.
    const sortByEmail = page.getByRole('main').getByRole('button', { name: 'Email' });
    await expectInside(page, sortByEmail, 'sort by email');
    await sortByEmail.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('email');
    expect(await page.locator('main th[aria-sort="ascending"]').textContent()).toContain('Email');
    // The page's check box, and a row's.
    const all = page.getByRole('checkbox', { name: 'Select every user on this page' });
    await expectInside(page, all, 'page check box');
    await page.getByRole('checkbox', { name: `Select ${USER_NAME}` }).check();
    expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    // (One page of users: Next is there, disabled.)
    await expectInside(
      page,
      page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }),
      'pager',
      false,
    );
    await context.close();
  });

  // Each list opened once, then audited at the three sizes (axe; no sideways scroll either).
  it('axe finds no violation on the lists at 390 × 844, 768 × 1024 and 1366 × 800', async () => {
    const { context, page } = await open(LAPTOP);
    for (const list of ADMIN_LISTS) {
      await openList(page, list);
      await auditScreen(page, `fit-axe-${list.name}`, { viewports: [PHONE, TABLET, LAPTOP], targets: false });
    }
    await context.close();
  });
});
