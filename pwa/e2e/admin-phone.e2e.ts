import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, createOrganization, pulledKit, signedInPage } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { CatalogueApi } from './support/catalogue';
import { makePng } from './support/png';
import { createUser, startServer, type TestServer } from './support/server';
import { apiToken } from './support/sign-in';
import { auditScreen, scrollsSideways, settled, shoot, smallTargets, VIEWPORTS } from './support/ux';

/*
 * The admin on a phone: the menu folded into one button, every list's row actions reachable at
 * 320 and 390 px, a duplicate scent option name refused, a saved option shown in its list, a
 * validation message gone once the field is fixed; axe on the screens at the three sizes.
 */

let server: TestServer;
let browser: Browser;
let token: string;

const post = <T = unknown>(url: string, body: unknown) => apiPost<T>(server.url, url, body, token);

const ORG = 'Wombat Sinus Clinic';
const USER = { first: 'Petra', last: 'Phone' };

beforeAll(async () => {
  // The demo: kit DEMO1 and ten scent options (Lemon, Coffee, ...), so the options list has a page 2.
  // The server and the browser start together.
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  token = await apiToken(server.url);
  await createOrganization(server, token, {
    clientType: 'Medical provider',
    organizationName: ORG,
    organizationCode: 'WSC-01',
    organizationWebsite: 'wombat-clinic.example',
    organizationAddress: '1 Burrow Lane, Springfield',
    organizationEmail: 'front@wombat-clinic.example',
    organizationPhone: '555-0199',
    organizationIsActive: true,
    discloseUserDetails: true,
    userFirstName: 'Wanda',
    userLastName: 'Wombat',
    userEmail: 'wanda@wombat-clinic.example',
    password: 'Wombat-Pass-1',
    confirmPassword: 'Wombat-Pass-1',
    userIsActive: true,
  });
  await createUser(server, {
    email: 'petra@scentry.example',
    password: 'Petra-Pass-1',
    roleId: 1,
    firstName: USER.first,
    lastName: USER.last,
  });
  // One play result (all answers right), for the results list.
  const kit = await pulledKit(server.url);
  await post('/api/TestResult/SaveTestResult', {
    TestKitId: kit.kitId,
    FirstName: 'Rita',
    LastName: 'Result',
    TestResultDetails: kit.cards.map((c) => ({
      ScentCardsId: c.id,
      AnswerId: c.correctScentOptionId,
      SmellIntensity: 3,
    })),
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A device of this size with the Admin signed in (through the API: the sign-in is not the subject
 * here), on `path` (the dashboard unless told; null: a blank page).
 */
const phone = (width: number, height: number, path?: string | null) =>
  signedInPage(browser, server.url, { viewport: { width, height }, path });

/** Each admin list, and the row actions that must be reachable on it. */
const LISTS: { path: string; name: string; actions: (string | RegExp)[] }[] = [
  {
    path: '/admin/user',
    name: 'users',
    actions: [`Edit ${USER.first} ${USER.last}`, `Delete ${USER.first} ${USER.last}`],
  },
  {
    path: '/admin/client',
    name: 'client',
    actions: [`Edit ${ORG}`, `Reset the password of ${ORG}'s user`, `Delete ${ORG}`],
  },
  { path: '/admin/scentCardData', name: 'scent-options', actions: ['Edit Banana', 'Delete Banana'] },
  { path: '/admin/testKit', name: 'kits', actions: ['Edit DEMO1', 'Delete DEMO1'] },
  { path: '/admin/testresult', name: 'results', actions: [/^Details of Rita Result/] },
  { path: '/admin/audit', name: 'audit', actions: [] },
];

/** The action is on screen (inside the viewport once scrolled to) and takes a click. */
async function expectReachable(page: Page, action: Locator, label: string) {
  await action.scrollIntoViewIfNeeded();
  const box = await action.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, label).not.toBeNull();
  if (!box) return;
  expect(box.x, label).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, label).toBeLessThanOrEqual(width + 0.5);
  // A trial click: Playwright checks it is visible, enabled and not covered, without clicking.
  await action.click({ trial: true, timeout: 5000 });
}

/**
 * Until the window's scroll has stayed put for `frames` animation frames in a row: a later scroll
 * (the router restoring a position after the row shows) would have moved it by then.
 */
async function scrollStill(page: Page, frames = 20) {
  await page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          if (window.scrollY === last) still++;
          else [last, still] = [window.scrollY, 0];
          if (still >= frames) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

describe('the admin on a phone', () => {
  it('at 390 × 844 the menu is one button that opens, reaches every entry and closes with Escape', async () => {
    const { context, page } = await phone(390, 844);
    const bar = page.locator('header.admin-bar');
    const toggle = bar.getByRole('button', { name: 'Menu' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.getAttribute('aria-controls')).toBe('admin-menu');
    // Folded: no entry shows, nor takes the focus.
    expect(await bar.getByRole('link', { name: 'Play Results' }).isVisible()).toBe(false);
    expect(await scrollsSideways(page)).toBe(false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The focus moves into the menu, on its first entry.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Dashboard');
    for (const name of ['Dashboard', 'Play Kits', 'Play Results']) {
      expect(await bar.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await shoot(page, 'admin-menu-open');
    // Reports, inside the menu.
    await bar.getByRole('button', { name: 'Reports' }).click();
    for (const name of ['Pass/Fail Data', 'Data Location', 'Location Map']) {
      await expectReachable(page, bar.getByRole('link', { name }), name);
    }
    // Escape closes the dropdown only (focus back on it), then the menu (focus back on Menu).
    await page.keyboard.press('Escape');
    expect(await bar.getByRole('link', { name: 'Pass/Fail Data' }).count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toMatch(/^Reports/);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');

    // The user's dropdown is in it too.
    await toggle.click();
    await bar.getByRole('button', { name: /Admin|Account/ }).click();
    await expectReachable(page, bar.getByRole('button', { name: 'Change Password' }), 'Change Password');
    await expectReachable(page, bar.getByRole('button', { name: 'Logout' }), 'Logout');
    await page.keyboard.press('Escape');

    // Masters → Users: the page changes and the menu folds again.
    await bar.getByRole('button', { name: 'Masters' }).click();
    for (const name of ['Users', 'Client', 'Scent Options', 'Audit log']) {
      await expectReachable(page, bar.getByRole('link', { name }), name);
    }
    await bar.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/admin/user', { waitUntil: 'commit' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();

    // On a laptop the menu is the bar itself: no Menu button.
    const wide = await phone(1366, 800);
    await wide.page.locator('header').getByRole('link', { name: 'Play Results' }).waitFor();
    expect(await wide.page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await wide.context.close();
  });

  for (const size of [
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${size.width} px every list's row actions are reachable and the page never scrolls sideways`, async () => {
      const { context, page } = await phone(size.width, size.height, null);
      for (const list of LISTS) {
        await page.goto(`${server.url}${list.path}`);
        const table = page.locator('main table');
        await table.locator('tbody tr').first().waitFor();
        await expect.poll(() => table.getAttribute('aria-busy')).not.toBe('true');
        expect(await scrollsSideways(page), list.path).toBe(false);
        // A table wider than the screen scrolls inside a labelled region that takes the focus.
        const region = page.locator('main section.table-wrap');
        expect(await region.getAttribute('aria-label'), list.path).toBeTruthy();
        expect(await region.getAttribute('tabindex'), list.path).toBe('0');
        for (const name of list.actions) {
          const action = page
            .getByRole('link', { name, exact: true })
            .or(page.getByRole('button', { name, exact: true }))
            .first();
          expect(await action.count(), `${list.path}: ${name}`).toBe(1);
          await expectReachable(page, action, `${list.path}: ${name}`);
        }
        await shoot(page, `admin-list-${list.name}`);
      }
      // And the actions really work there: Edit opens the option's form.
      await page.goto(`${server.url}/admin/scentCardData`);
      const edit = page.getByRole('link', { name: 'Edit Banana' });
      await edit.scrollIntoViewIfNeeded();
      await edit.click();
      await page.waitForURL('**/admin/editScentCardData/*', { waitUntil: 'commit' });
      await page.getByRole('heading', { name: 'Manage scent option' }).waitFor();
      await context.close();
    });
  }

  it('refuses a duplicate name in another case, keeps what was typed, clears a fixed message, and shows the saved option in its list', async () => {
    const { context, page } = await phone(390, 844, null);
    // The page's clock, so the saved row's few seconds of highlight can be let pass at once.
    await context.clock.install();
    await page.goto(`${server.url}/admin/scentCardData`);
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/admin/createScentCardData', { waitUntil: 'commit' });
    const name = page.getByLabel('Scent option name');
    const submit = page.getByRole('button', { name: 'Submit' });

    // A validation message goes away as soon as the field is fixed.
    await submit.click();
    const nameError = page.locator('.field-error', { hasText: 'Please enter name' });
    await nameError.waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('l');
    await expect.poll(() => nameError.count()).toBe(0);
    expect(await name.getAttribute('aria-invalid')).toBeNull();

    // "lemon" while the demo has "Lemon": a Warning with the server's message; nothing typed is lost.
    await name.fill('lemon');
    await page.locator('input[type=file]').setInputFiles({
      name: 'lemon.png',
      mimeType: 'image/png',
      buffer: makePng([250, 220, 60]),
    });
    await page.getByRole('img', { name: 'Preview of lemon' }).waitFor();
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/ScentCardOption/CreateScentCardOption')),
      submit.click(),
    ]);
    expect(reply.status()).toBe(400);
    const message = 'A scent option with this name already exists';
    await page.locator('.toast', { hasText: message }).first().waitFor();
    expect(await page.locator('.toast-warning', { hasText: message }).count()).toBeGreaterThan(0);
    await page.locator('.field-error', { hasText: message }).waitFor();
    expect(page.url()).toMatch(/\/admin\/createScentCardData$/);
    expect(await name.inputValue()).toBe('lemon');
    expect(await page.getByRole('img', { name: 'Preview of lemon' }).count()).toBe(1);
    await shoot(page, 'admin-option-duplicate');

    // A new name: saved, back in the list, on the page where it is (page 2 of 11), highlighted.
    await name.fill('Bergamot');
    await expect.poll(() => page.locator('.field-error', { hasText: message }).count()).toBe(0);
    await submit.click();
    await page.waitForURL('**/admin/scentCardData**', { waitUntil: 'commit' });
    const saved = page.locator('tr[data-saved="true"]');
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Bergamot');
    expect(await saved.locator('.tag-saved').textContent()).toBe('Saved');
    await expect.poll(() => page.getByText('Page 2 of 2').count()).toBe(1);
    const box = await saved.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    await shoot(page, 'admin-option-saved');
    // For a few seconds only (ui/saved-row.ts: 6 s, let pass on the page's clock).
    await context.clock.fastForward(10_000);
    await expect.poll(() => saved.count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByRole('cell', { name: 'Bergamot', exact: true }).count()).toBe(1);
    await context.close();
  });

  it('at 320 × 568 the saved row is scrolled into view: a new scent option, an edited user', async () => {
    // Enough options that the new one is low on the last page, below the fold of a small phone.
    const api = new CatalogueApi(server.url, token);
    for (const [i, name] of ['Quince', 'Rhubarb', 'Saffron', 'Tarragon', 'Ume', 'Verbena', 'Wasabi'].entries()) {
      await api.createOption(name, [40 + i * 20, 120, 200 - i * 20]);
    }
    const { context, page } = await phone(320, 568, null);
    // A slow phone: the list lays out well after it first renders.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const inView = async (what: string) => {
      const saved = page.locator('tr[data-saved="true"]');
      await saved.waitFor();
      expect(await saved.locator('.tag-saved').textContent()).toBe('Saved');
      // Where the scroll has settled (a restored scroll position would come after the row shows).
      await expect
        .poll(
          async () => {
            const box = await saved.boundingBox();
            return Boolean(box && box.y >= 0 && box.y + box.height <= 568);
          },
          { timeout: 3000 },
        )
        .toBe(true);
      await scrollStill(page);
      const box = await saved.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 568, `${what}: ${JSON.stringify(box)}`).toBe(true);
      return saved;
    };

    await page.goto(`${server.url}/admin/scentCardData`);
    await page.locator('main table tbody tr').first().waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/admin/createScentCardData', { waitUntil: 'commit' });
    await page.getByLabel('Scent option name').fill('Yuzu');
    await page.locator('input[type=file]').setInputFiles({
      name: 'yuzu.png',
      mimeType: 'image/png',
      buffer: makePng([240, 210, 40]),
    });
    await page.getByRole('img', { name: 'Preview of Yuzu' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/admin/scentCardData**', { waitUntil: 'commit' });
    expect(await (await inView('new scent option')).textContent()).toContain('Yuzu');
    await shoot(page, 'admin-option-saved-small');

    await page.goto(`${server.url}/admin/user`);
    const edit = page.getByRole('link', { name: `Edit ${USER.first} ${USER.last}` });
    await edit.scrollIntoViewIfNeeded();
    await edit.click();
    await page.waitForURL('**/admin/manageuser/**', { waitUntil: 'commit' });
    await page.getByLabel('Phone (optional)').fill('555-0142');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/user**', { waitUntil: 'commit' });
    expect(await (await inView('edited user')).textContent()).toContain(USER.last);
    await shoot(page, 'admin-user-saved-small');
    await context.close();
  });

  it('every tap target of the admin lists, the option form, the card editor and the kit editor is at least 44 × 44 px on phones', async () => {
    const api = new CatalogueApi(server.url, token);
    const kitId = await api.createKit('TAPKIT');
    const ids: number[] = [];
    for (const [i, name] of ['Anise', 'Basil', 'Clove', 'Dill', 'Elder'].entries()) {
      ids.push(await api.createOption(`Tap ${name}`, [30 + i * 40, 90, 160]));
    }
    const cardId = await api.createCard(kitId, 'Tap card', 1, ids);
    // Each screen opened once, measured at both phone sizes.
    const sizes = [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ];
    const { context, page } = await phone(sizes[0].width, sizes[0].height, null);
    const small: Record<number, string[]> = { 390: [], 320: [] };
    const measure = async (where: string) => {
      for (const size of sizes) {
        await page.setViewportSize(size);
        await settled(page);
        for (const t of await smallTargets(page)) small[size.width].push(`${where}: ${t.what} ${t.width}×${t.height}`);
      }
    };
    const screens = [
      ...LISTS.map((l) => ({ path: l.path, ready: page.locator('main table tbody tr').first() })),
      { path: '/admin/createScentCardData', ready: page.getByRole('heading', { name: 'Manage scent option' }) },
      { path: `/admin/manageScentCard/${kitId}/${cardId}`, ready: page.locator('.og-tile').first() },
      { path: `/admin/managetestkit/${kitId}/0`, ready: page.getByRole('heading', { name: 'Play Kit: TAPKIT' }) },
    ];
    for (const screen of screens) {
      await page.goto(`${server.url}${screen.path}`);
      await screen.ready.first().waitFor();
      await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
      await measure(screen.path);
    }
    // The kit editor's second tab (its cards) too.
    await page.getByRole('tab', { name: 'Scent Option Info' }).click();
    await page.getByRole('link', { name: 'Add Scent Card' }).waitFor();
    await measure('kit cards');
    for (const size of sizes) expect(small[size.width], `at ${size.width} px`).toEqual([]);
    await context.close();
  });

  it('axe finds no violation on the dashboard, the lists and the scent option form, at the three sizes', async () => {
    // Each screen opened once, audited at the three sizes (axe; no sideways scroll either).
    const { context, page } = await phone(VIEWPORTS[1].width, VIEWPORTS[1].height, null);
    const screens = [
      { path: '/admin/dashboard', name: 'dashboard', ready: page.getByText('Total Test') },
      ...LISTS.map((l) => ({ path: l.path, name: l.name, ready: page.locator('main table tbody tr').first() })),
      {
        path: '/admin/createScentCardData',
        name: 'option-form',
        ready: page.getByRole('heading', { name: 'Manage scent option' }),
      },
    ];
    for (const screen of screens) {
      await page.goto(`${server.url}${screen.path}`);
      await screen.ready.first().waitFor();
      await auditScreen(page, `admin-${screen.name}`, { targets: false });
    }
    // The open menu too, on the phones.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Masters' }).click();
    await auditScreen(page, 'admin-menu', { viewports: VIEWPORTS.filter((v) => v.width < 900), targets: false });
    await context.close();
  });
});
