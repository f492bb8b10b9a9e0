import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { signedInState } from './support/admin-api';
import { CatalogueApi } from './support/catalogue';
import { withContext as journeyContext, serverAndBrowser } from './support/journey';
import { makePng } from './support/png';
import { apiToken } from './support/sign-in';

const shared = serverAndBrowser();

/**
 * Each journey has a browser context of its own (1280 × 720), closed even when it fails, with the
 * Admin signed in (through the API: the sign-in is not the subject here).
 */
async function withContext(journey: (context: BrowserContext) => Promise<void>, acceptDownloads = false) {
  const storageState = await signedInState(shared.server.url);
  await journeyContext(
    shared.browser,
    { viewport: { width: 1280, height: 720 }, acceptDownloads, storageState },
    journey,
  );
}

/** Drops a file on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFile(page: Page, bytes: Buffer, name: string, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const bin = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bin], name, { type }));
      return dt;
    },
    { b64: bytes.toString('base64'), name, type },
  );
  await page.getByTestId('dropzone').dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer });
}

/**
 * The list's cell of a scent option: its name, with the "Saved" tag while the row just saved is
 * highlighted (ui/saved-row.ts: 6 s), so the list is read as soon as it shows the row.
 */
const optionCell = (page: Page, name: string) => page.getByRole('cell', { name: new RegExp(`^${name}\\s*(Saved)?$`) });

const OPTIONS: [string, [number, number, number]][] = [
  ['Pine', [34, 139, 34]],
  ['Vanilla', [243, 229, 171]],
  ['Lavender', [181, 126, 220]],
  ['Cherry', [222, 49, 99]],
  ['Peach', [255, 203, 164]],
];

const RULE_OPTIONS: [string, [number, number, number]][] = [
  ['Birch', [160, 120, 80]],
  ['Plum', [142, 69, 133]],
  ['Fig', [110, 60, 90]],
  ['Mango', [255, 170, 50]],
  ['Sage', [150, 180, 140]],
];

describe('catalogue back office', () => {
  it("a scent option save with the network cut fails at once with the spec's error, keeping what was typed; a corrupted PNG is told clearly on its field", () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${shared.server.url}/admin/createScentCardData`);
      const name = page.getByLabel('Scent option name');
      const submit = page.getByRole('button', { name: 'Submit' });

      // A PNG signature over a broken body: the browser's quick check passes it, the server refuses
      // it, and the field says the same clear words as the toast (not the server's inner detail).
      const broken = makePng([90, 30, 30]);
      broken.fill(0x41, 40, 80);
      await name.fill('Cinder');
      await dropFile(page, broken, 'cinder.png', 'image/png');
      await page.getByRole('img', { name: 'Preview of Cinder' }).waitFor();
      await submit.click();
      await page.locator('.toast', { hasText: 'Only PNG images are allowed' }).first().waitFor();
      await expect.poll(() => page.locator('.field-error').allInnerTexts()).toEqual(['Only PNG images are allowed']);

      // The network cut: "something went wrong" with the reason, at once; nothing typed is lost and
      // Submit can be pressed again.
      await name.fill('Ember');
      await dropFile(page, makePng([200, 80, 20]), 'ember.png', 'image/png');
      await page.getByRole('img', { name: 'Preview of Ember' }).waitFor();
      await context.setOffline(true);
      const started = Date.now();
      await submit.click();
      const error = page.locator('.toast-error', { hasText: 'Something went wrong. Please try again!' });
      await error.first().waitFor({ timeout: 5000 });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await name.inputValue()).toBe('Ember');
      expect(await page.getByRole('img', { name: 'Preview of Ember' }).count()).toBe(1);
      await expect.poll(() => submit.isEnabled()).toBe(true);
      expect(await submit.textContent()).toBe('Submit');
      expect(page.url()).toMatch(/\/admin\/createScentCardData$/);
      expect(
        shared.server.sql<{ n: number }>(`SELECT count(*) AS n FROM scent_options WHERE title = 'Ember'`)[0].n,
      ).toBe(0);

      // Back online, the same form saves.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await submit.click();
      await page.waitForURL('**/admin/scentCardData**', { waitUntil: 'commit' });
      await optionCell(page, 'Ember').waitFor();
    }));

  it('builds a kit from uploaded scent options, a card made in the modal with a swap, and a QR code that decodes to the kit URL', () =>
    withContext(async (context) => {
      const page = await context.newPage();

      // Scent options by drag and drop; a file that is not a PNG is refused first.
      await page.goto(`${shared.server.url}/admin/createScentCardData`);
      await page.getByLabel('Scent option name').fill('Pine');
      await dropFile(page, Buffer.from('\xff\xd8\xff\xe0 not really a jpeg', 'latin1'), 'photo.png', 'image/png');
      await page.locator('.field-error', { hasText: 'Only PNG images are allowed' }).waitFor();
      for (const [name, rgb] of OPTIONS) {
        await page.goto(`${shared.server.url}/admin/createScentCardData`);
        await page.getByLabel('Scent option name').fill(name);
        // Its name for Spanish players, where staff give one (API.md "Names in the player's language").
        if (name === 'Pine') await page.getByLabel('Name in Spanish (optional)').fill('Pino');
        await dropFile(page, makePng(rgb), `${name.toLowerCase()}.png`, 'image/png');
        await page.getByRole('img', { name: `Preview of ${name}` }).waitFor();
        await page.getByRole('button', { name: 'Submit' }).click();
        await page.waitForURL('**/admin/scentCardData');
        await optionCell(page, name).waitFor();
      }
      const names = OPTIONS.map(([name]) => name);
      expect(
        shared.server.sql<{ n: number }>(
          `SELECT count(*) AS n FROM scent_options WHERE deleted_at IS NULL AND title IN (${names.map(() => '?').join(', ')})`,
          ...names,
        )[0].n,
      ).toBe(5);

      // A kit: saving a new one switches to edit mode and opens the second tab.
      await page.goto(`${shared.server.url}/admin/testKit`);
      await page.getByRole('link', { name: 'Add Play Kit' }).click();
      await page.getByLabel('Play kit name (its code)').fill('E2EKIT');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('heading', { name: 'Play Kit: E2EKIT' }).waitFor();
      await expect
        .poll(() => page.getByRole('tab', { name: 'Scent Option Info' }).getAttribute('aria-selected'))
        .toBe('true');

      // A card: five options through the Add Option modal.
      await page.getByRole('link', { name: 'Add Scent Card' }).click();
      await page.getByRole('heading', { name: 'Play Kit: E2EKIT / Create Scent Card' }).waitFor();
      await page.getByLabel('Scent Card Name').fill('Forest card');
      await page.getByLabel('Name in Spanish (optional)').fill('Tarjeta del bosque');
      await page.getByLabel('Sort Order', { exact: true }).selectOption('1');
      for (const [i, [name]] of OPTIONS.entries()) {
        await page.getByRole('button', { name: 'Add Option' }).click();
        const modal = page.getByRole('dialog', { name: 'Add Option' });
        await modal.getByLabel('Option Name', { exact: true }).selectOption({ label: name });
        await modal.getByLabel('Sort Order').selectOption(String(i + 1));
        await modal.getByRole('button', { name: 'Submit' }).click();
        await expect.poll(() => modal.count()).toBe(0);
      }
      // Swap: Pine (order 1) takes order 2, so Vanilla moves to 1.
      await page.getByRole('button', { name: 'Edit option Pine' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Option' });
      await edit.getByLabel('Sort Order').selectOption('2');
      await edit.getByRole('button', { name: 'Submit' }).click();
      const orderOf = async (name: string) =>
        (await page.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(2).textContent())?.trim();
      expect(await orderOf('Pine')).toBe('2');
      expect(await orderOf('Vanilla')).toBe('1');

      // The correct answer must be one of the card's options; pick Lavender.
      await page.getByLabel('Correct Answer', { exact: true }).selectOption({ label: 'Lavender' });
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('heading', { name: 'Play Kit: E2EKIT' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: 'Forest card' });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(3).textContent()).toBe('Lavender');
      expect(await row.getByRole('cell').nth(4).textContent()).toBe('5 / 5');
      const stored = shared.server.sql<{ title: string; sort_order: number }>(
        `SELECT o.title, co.sort_order FROM scent_card_options co JOIN scent_options o ON o.id = co.scent_option_id
       JOIN scent_cards c ON c.id = co.scent_card_id
       WHERE co.deleted_at IS NULL AND c.name = 'Forest card' ORDER BY co.sort_order`,
      );
      expect(stored.map((r) => r.title)).toEqual(['Vanilla', 'Pine', 'Lavender', 'Cherry', 'Peach']);
      expect(shared.server.sql("SELECT names FROM scent_options WHERE title = 'Pine'")).toEqual([
        { names: '{"es":"Pino"}' },
      ]);
      expect(shared.server.sql("SELECT names FROM scent_cards WHERE name = 'Forest card'")).toEqual([
        { names: '{"es":"Tarjeta del bosque"}' },
      ]);

      // The QR code, downloaded as the admin does, decodes back to the kit's URL.
      await page.getByRole('tab', { name: 'Play Kit Info' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download QR code' }).click(),
      ]);
      const png = PNG.sync.read(readFileSync(await download.path()));
      const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(code?.data).toBe(`${shared.server.url}/scent/E2EKIT`);
    }, true));

  it('refuses a card the rules forbid, with the spec messages', () =>
    withContext(async (context) => {
      // Its own kit and options: one card (order 1) already uses all five of them.
      const api = new CatalogueApi(shared.server.url, await apiToken(shared.server.url));
      const ids: number[] = [];
      for (const [name, rgb] of RULE_OPTIONS) ids.push(await api.createOption(name, rgb));
      const kitId = await api.createKit('RULESKIT');
      await api.createCard(kitId, 'Orchard card', 1, ids);

      const page = await context.newPage();
      await page.goto(`${shared.server.url}/admin/manageScentCard/${kitId}/0`);
      await page.getByLabel('Scent Card Name').fill('Short card');
      await page.getByLabel('Sort Order', { exact: true }).selectOption('2');
      const add = async (name: string, order: string) => {
        await page.getByRole('button', { name: 'Add Option' }).click();
        const modal = page.getByRole('dialog', { name: 'Add Option' });
        await modal.getByLabel('Option Name', { exact: true }).selectOption({ label: name });
        await modal.getByLabel('Sort Order').selectOption(order);
        await modal.getByRole('button', { name: 'Submit' }).click();
        return modal;
      };
      await add('Birch', '1');
      let modal = await add('Birch', '2');
      await page.getByText('Option Already set!').waitFor();
      await modal.getByRole('button', { name: 'Cancel' }).click();
      modal = await add('Plum', '1');
      await page.getByText('This order number is already set').waitFor();
      await modal.getByRole('button', { name: 'Cancel' }).click();
      // The correct answer is offered among the card's own options only: Sage cannot be chosen.
      const answers = await page.getByLabel('Correct Answer', { exact: true }).locator('option').allInnerTexts();
      expect(answers.map((t) => t.trim())).toEqual(['Select…', 'Birch']);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Scent card must contain one correct Option').first().waitFor();
      await page.getByText('A scent card must have exactly 5 options').first().waitFor();

      // Deleting asks first; an option a card uses is refused with the server's message.
      await page.goto(`${shared.server.url}/admin/scentCardData`);
      await page.getByRole('button', { name: 'Delete Birch' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' });
      await confirm.getByText('Are you sure you want to delete?').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => confirm.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Delete Birch' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('This scent option is used by a scent card and cannot be deleted').waitFor();
      expect(await page.getByRole('cell', { name: 'Birch', exact: true }).count()).toBe(1);
    }));
});
