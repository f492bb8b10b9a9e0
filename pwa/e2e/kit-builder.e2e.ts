import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInState } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { CatalogueApi } from './support/catalogue';
import { withContext as journeyContext } from './support/journey';
import { startServer, type TestServer } from './support/server';
import { apiToken } from './support/sign-in';
import { auditScreen, scrollsSideways, settled, VIEWPORTS } from './support/ux';

let server: TestServer;
let browser: Browser;
let api: CatalogueApi;
const optionIds = new Map<string, number>();

/** 30 scent options of their own (none of the demo kit's names), each a picture of its own colour. */
const NAMES = [
  'Almond',
  'Anise',
  'Apricot',
  'Basil',
  'Bergamot',
  'Blackberry',
  'Cardamom',
  'Cedar',
  'Chamomile',
  'Clove',
  'Coconut',
  'Cucumber',
  'Eucalyptus',
  'Ginger',
  'Grapefruit',
  'Hazelnut',
  'Honey',
  'Jasmine',
  'Juniper',
  'Licorice',
  'Lime',
  'Melon',
  'Nutmeg',
  'Oregano',
  'Papaya',
  'Pepper',
  'Pineapple',
  'Raspberry',
  'Rosemary',
  'Thyme',
];

beforeAll(async () => {
  // The server and the browser start together.
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = new CatalogueApi(server.url, await apiToken(server.url));
  for (const [i, name] of NAMES.entries()) {
    optionIds.set(name, await api.createOption(name, [(i * 67) % 256, (i * 131 + 40) % 256, (i * 29 + 90) % 256]));
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A laptop with the Admin signed in (through the API: the sign-in is not the subject here). */
async function withContext(journey: (context: BrowserContext) => Promise<void>) {
  const storageState = await signedInState(server.url);
  await journeyContext(browser, { viewport: { width: 1366, height: 800 }, storageState }, journey);
}

/**
 * Every interaction the admin makes, counted: each click, fill, select, key press and drag is 1.
 * Waiting for the page and reading it are not interactions.
 */
class Interactions {
  count = 0;
  readonly log: string[] = [];
  private note(what: string) {
    this.count++;
    this.log.push(what);
  }
  async click(l: Locator, what: string) {
    this.note(`click ${what}`);
    await l.click();
  }
  async fill(l: Locator, text: string, what: string) {
    this.note(`fill ${what}`);
    await l.fill(text);
  }
  async select(l: Locator, label: string, what: string) {
    this.note(`select ${what}`);
    await l.selectOption({ label });
  }
  async press(l: Locator, key: string, what: string) {
    this.note(`key ${key} on ${what}`);
    await l.press(key);
  }
  async drag(from: Locator, to: Locator, what: string) {
    this.note(`drag ${what}`);
    await from.dragTo(to);
  }
}

const tile = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const star = (page: Page, name: string) => page.getByRole('button', { name: `Correct answer: ${name}`, exact: true });
const handle = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Move ${name}, position`) });

/** The card's options as the table shows them, top to bottom, with their order numbers. */
async function shownOrder(page: Page): Promise<string[]> {
  const rows = page.locator('.options-table tbody tr[data-key]');
  const out: string[] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    const name = ((await cells.nth(1).textContent()) ?? '').replace(/\s*Correct\s*$/, '').trim();
    out.push(`${((await cells.nth(2).textContent()) ?? '').trim()} ${name}`);
  }
  return out;
}
const numbered = (names: string[]) => names.map((n, i) => `${i + 1} ${n}`);

/** A finger drag from one element's centre to another's, as touch events (Chrome makes them pointer events). */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('nothing to drag');
  const cdp = await page.context().newCDPSession(page);
  const at = (box: { x: number; y: number; width: number; height: number }, dy = 0) => [
    { x: box.x + box.width / 2, y: box.y + box.height / 2 + dy },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a) });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(a, ((b.y - a.y) * i) / 5),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** axe and no sideways scroll at 320, 390 and 1366 px; back at 1366 after. */
const auditAtEverySize = (page: Page, name: string) => auditScreen(page, name, { targets: false });

describe('kit builder', () => {
  it('builds a five-card kit from existing scent options and activates it in fewer than 40 interactions', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      const act = new Interactions();
      const KIT = 'BUILDKIT';

      // The kit: its code and Create (spec §4: a new kit opens the Scent Option Info tab).
      await page.goto(`${server.url}/admin/testKit`);
      await act.click(page.getByRole('link', { name: 'Add Play Kit' }), 'Add Play Kit');
      await act.fill(page.getByLabel('Play kit name (its code)'), KIT, 'kit name');
      await act.click(page.getByRole('button', { name: 'Create' }), 'Create kit');
      await page.getByRole('heading', { name: `Play Kit: ${KIT}` }).waitFor();
      await act.click(page.getByRole('link', { name: 'Add Scent Card' }), 'Add Scent Card');

      const saveNext = page.getByRole('button', { name: 'Save and add the next card' });
      const startCard = async (n: number) => {
        await page.getByRole('heading', { name: `Play Kit: ${KIT} / Create Scent Card` }).waitFor();
        // Defaults: the next free sort order and a name after it.
        await expect.poll(() => page.getByLabel('Scent Card Name').inputValue()).toBe(`Card ${n}`);
        expect(await page.getByLabel('Sort Order', { exact: true }).inputValue()).toBe(String(n));
        expect(await page.locator('.options-table tbody tr[data-key]').count()).toBe(0);
      };

      // Card 1: the star picks the correct answer and adds it; the last one found by search.
      await startCard(1);
      await act.click(star(page, 'Almond'), 'star Almond');
      for (const n of ['Anise', 'Apricot', 'Basil']) await act.click(tile(page, n), n);
      await act.fill(page.getByLabel('Search scent options'), 'jas', 'search');
      await expect.poll(() => page.locator('.og-tile').count()).toBe(1);
      await act.click(tile(page, 'Jasmine'), 'Jasmine');
      expect(await shownOrder(page)).toEqual(numbered(['Almond', 'Anise', 'Apricot', 'Basil', 'Jasmine']));
      expect(await page.getByLabel('Correct Answer', { exact: true }).inputValue()).toBe(
        String(optionIds.get('Almond')),
      );
      await act.click(saveNext, 'Save and add the next card');

      // Card 2: reordered by keyboard (the handle is clicked, then Arrow Down).
      await startCard(2);
      await act.click(star(page, 'Bergamot'), 'star Bergamot');
      for (const n of ['Blackberry', 'Cardamom', 'Cedar', 'Chamomile']) await act.click(tile(page, n), n);
      await act.click(handle(page, 'Bergamot'), 'handle Bergamot');
      await act.press(handle(page, 'Bergamot'), 'ArrowDown', 'handle Bergamot');
      await expect
        .poll(() => shownOrder(page))
        .toEqual(numbered(['Blackberry', 'Bergamot', 'Cardamom', 'Cedar', 'Chamomile']));
      // Focus stays on the moved handle, and the move is announced.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
        'Move Bergamot, position 2 of 5',
      );
      await page.locator('[aria-live="polite"]', { hasText: 'Bergamot moved to position 2 of 5.' }).waitFor();
      await act.click(saveNext, 'Save and add the next card');

      // Card 3: the correct answer starred last, so it is option 5.
      await startCard(3);
      for (const n of ['Clove', 'Coconut', 'Cucumber', 'Eucalyptus']) await act.click(tile(page, n), n);
      await act.click(star(page, 'Ginger'), 'star Ginger');
      expect(await shownOrder(page)).toEqual(numbered(['Clove', 'Coconut', 'Cucumber', 'Eucalyptus', 'Ginger']));
      await act.click(saveNext, 'Save and add the next card');

      // Card 4: reordered by dragging the first option's handle onto the last row.
      await startCard(4);
      for (const n of ['Grapefruit', 'Hazelnut']) await act.click(tile(page, n), n);
      await act.click(star(page, 'Honey'), 'star Honey');
      for (const n of ['Juniper', 'Licorice']) await act.click(tile(page, n), n);
      await act.drag(handle(page, 'Grapefruit'), handle(page, 'Licorice'), 'Grapefruit to the end');
      await expect
        .poll(() => shownOrder(page))
        .toEqual(numbered(['Hazelnut', 'Honey', 'Juniper', 'Licorice', 'Grapefruit']));
      await act.click(saveNext, 'Save and add the next card');

      // Card 5, the last: no "next card" any more; Create returns to the kit.
      await startCard(5);
      expect(await saveNext.count()).toBe(0);
      await act.click(tile(page, 'Lime'), 'Lime');
      await act.click(star(page, 'Melon'), 'star Melon');
      for (const n of ['Nutmeg', 'Oregano', 'Papaya']) await act.click(tile(page, n), n);
      await act.click(page.getByRole('button', { name: 'Create' }), 'Create card 5');

      // The kit is complete: it offers to activate itself.
      await page.getByRole('heading', { name: `Play Kit: ${KIT}` }).waitFor();
      const prompt = page.locator('.kit-ready');
      await prompt.getByRole('heading', { name: 'Ready to play' }).waitFor();
      await auditAtEverySize(page, 'kit-activate-prompt');
      await act.click(prompt.getByRole('button', { name: 'Activate kit' }), 'Activate kit');
      await page.getByText(`${KIT} is active: players can play it at`).waitFor();
      expect(await prompt.count()).toBe(0);

      expect(act.count, act.log.join('\n')).toBeLessThan(40);
      console.log(`kit builder: ${act.count} interactions\n  ${act.log.join('\n  ')}`);

      // On the server: active, playable, the cards and their options in the built order.
      const kit = await api.kitByName(KIT);
      expect(kit).toMatchObject({ isActive: true, playable: true });
      const cards = server.sql<{ sort_order: number; name: string; correct: string }>(
        `SELECT c.sort_order, c.name, o.title AS correct FROM scent_cards c JOIN scent_options o ON o.id = c.correct_scent_option_id
         WHERE c.test_kit_id = ? AND c.deleted_at IS NULL ORDER BY c.sort_order`,
        kit.id,
      );
      expect(cards).toEqual([
        { sort_order: 1, name: 'Card 1', correct: 'Almond' },
        { sort_order: 2, name: 'Card 2', correct: 'Bergamot' },
        { sort_order: 3, name: 'Card 3', correct: 'Ginger' },
        { sort_order: 4, name: 'Card 4', correct: 'Honey' },
        { sort_order: 5, name: 'Card 5', correct: 'Melon' },
      ]);
      const res = await fetch(`${server.url}/api/SentCard/GetSentCardDetails?testKitName=${KIT.toLowerCase()}`);
      expect(res.status).toBe(200);
      const rows = (await res.json()).data as {
        scentCardSortOrder: number;
        scentCardOptionsSortOrder: number;
        scentCardOptionsName: string;
      }[];
      const ofCard = (n: number) =>
        rows
          .filter((r) => r.scentCardSortOrder === n)
          .sort((a, b) => a.scentCardOptionsSortOrder - b.scentCardOptionsSortOrder)
          .map((r) => r.scentCardOptionsName);
      expect(ofCard(2)).toEqual(['Blackberry', 'Bergamot', 'Cardamom', 'Cedar', 'Chamomile']);
      expect(ofCard(4)).toEqual(['Hazelnut', 'Honey', 'Juniper', 'Licorice', 'Grapefruit']);
      expect(rows).toHaveLength(25);

      // A player opens the kit's QR address and sees its first card.
      const player = await context.newPage();
      await player.goto(`${server.url}/scent/${KIT}`);
      await player.getByRole('heading', { name: 'SCENT 1' }).waitFor();
      await expect
        .poll(async () => (await player.locator('.choice').allInnerTexts()).map((t) => t.trim()))
        .toEqual(['Almond', 'Anise', 'Apricot', 'Basil', 'Jasmine']);
    }));

  it('grid: refuses a sixth option, offers only the card’s options as the answer, clears a removed answer; axe and sizes', () =>
    withContext(async (context) => {
      const kitId = await api.createKit('GRIDKIT');
      await api.createCard(
        kitId,
        'First',
        1,
        ['Pepper', 'Pineapple', 'Raspberry', 'Rosemary', 'Thyme'].map((n) => optionIds.get(n) as number),
      );
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/manageScentCard/${kitId}/0`);
      await page.getByRole('heading', { name: 'Play Kit: GRIDKIT / Create Scent Card' }).waitFor();
      // Card 1 exists: the new card defaults to order 2 and "Card 2"; 1 is marked taken.
      expect(await page.getByLabel('Scent Card Name').inputValue()).toBe('Card 2');
      expect(await page.getByLabel('Sort Order', { exact: true }).inputValue()).toBe('2');
      expect(await page.getByRole('option', { name: '1 (taken)' }).count()).toBe(1);

      const answer = page.getByLabel('Correct Answer', { exact: true });
      const offered = async () =>
        (await answer.locator('option').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== 'Select…');
      expect(await offered()).toEqual(['Choose the options first']);

      const five = ['Thyme', 'Almond', 'Cedar', 'Lime', 'Honey'];
      for (const n of five) await tile(page, n).click();
      for (const n of five) expect(await tile(page, n).getAttribute('aria-pressed')).toBe('true');
      await page.getByText('5 of 5 chosen: the card is full.').waitFor();
      // A sixth is refused, said, and not added.
      await tile(page, 'Basil').click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
      await page
        .getByRole('alert')
        .filter({ hasText: 'A scent card holds 5 options: take one off before adding Basil.' })
        .waitFor();
      expect(await tile(page, 'Basil').getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator('.options-table tbody tr[data-key]').count()).toBe(5);
      expect(await page.getByRole('button', { name: 'Add Option' }).isDisabled()).toBe(true);

      // Touch drags too (pointer events, not HTML drag and drop): Thyme's handle to the last row; then the five again in their first order.
      await touchDrag(page, handle(page, 'Thyme'), handle(page, 'Honey'));
      await expect.poll(() => shownOrder(page)).toEqual(numbered(['Almond', 'Cedar', 'Lime', 'Honey', 'Thyme']));
      for (const n of ['Almond', 'Cedar', 'Lime', 'Honey', 'Thyme']) await tile(page, n).click();
      for (const n of five) await tile(page, n).click();

      // The correct answer is offered among these five only, in the card's order.
      expect(await offered()).toEqual(five);
      await answer.selectOption({ label: 'Cedar' });
      expect(await page.locator('.options-table tr', { hasText: 'Cedar' }).getByText('Correct').count()).toBe(1);
      // Taking the correct option off clears the answer.
      await tile(page, 'Cedar').click();
      expect(await answer.inputValue()).toBe('');
      expect(await offered()).toEqual(['Thyme', 'Almond', 'Lime', 'Honey']);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Scent card must contain one correct Option').first().waitFor();
      await page.getByText('A scent card must have exactly 5 options').first().waitFor();
      // Five again: the refused save's options message goes at once.
      await tile(page, 'Cedar').click();
      await expect.poll(() => page.getByText('A scent card must have exactly 5 options').count()).toBe(0);

      // Search narrows the grid; nothing matching says so.
      await page.getByLabel('Search scent options').fill('zzz');
      await page.getByText('No scent option matches “zzz”.').waitFor();
      await page.getByLabel('Search scent options').fill('an');
      await expect.poll(() => page.locator('.og-tile').count()).toBeGreaterThan(1);
      await page.getByLabel('Search scent options').fill('');

      // With the Correct tag shown, the options table fits its box at every size (no Delete button
      // cut at its edge, no sideways page scroll), and its box is a labelled region taking the focus.
      await answer.selectOption({ label: 'Cedar' });
      await page.locator('.options-table .tag', { hasText: 'Correct' }).waitFor();
      const region = page.getByRole('region', { name: 'Options of this scent card' });
      expect(await region.getAttribute('tabindex')).toBe('0');
      for (const v of VIEWPORTS) {
        await page.setViewportSize({ width: v.width, height: v.height });
        await settled(page);
        expect(await scrollsSideways(page), `card editor scrolls sideways at ${v.width}px`).toBe(false);
        const fit = await region.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const buttons = [...el.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
          return {
            overflow: el.scrollWidth - el.clientWidth,
            cut: buttons.filter((b) => b.right > box.right + 0.5 || b.left < box.left - 0.5).length,
          };
        });
        expect(fit, `options table at ${v.width}px`).toEqual({ overflow: 0, cut: 0 });
      }
      await auditAtEverySize(page, 'card-editor-grid');
    }));

  it('Enter in the card name does Create (a dropped save says why); a refused activation reloads the kit; deleting asks the spec’s question', () =>
    withContext(async (context) => {
      const page = await context.newPage();

      // Enter: the form's main action.
      const enterKit = await api.createKit('ENTERKIT');
      await page.goto(`${server.url}/admin/manageScentCard/${enterKit}/0`);
      await page.getByRole('heading', { name: 'Play Kit: ENTERKIT / Create Scent Card' }).waitFor();
      await page.getByRole('button', { name: 'Save and add the next card' }).waitFor();
      await star(page, 'Almond').click();
      for (const n of ['Anise', 'Apricot', 'Basil', 'Bergamot']) await tile(page, n).click();
      await page.getByLabel('Scent Card Name').fill('Entered');
      // A save the network drops says so, with the browser's reason (spec §8); nothing is lost.
      const SAVE_CARD = '**/api/SentCard/CreateSentCardDetails';
      await page.route(SAVE_CARD, (route) => route.abort('failed'));
      await page.getByLabel('Scent Card Name').press('Enter');
      await page
        .locator('.toast-error', { hasText: 'Something went wrong. Please try again! (Failed to fetch)' })
        .waitFor();
      await page.unroute(SAVE_CARD);
      await page.getByLabel('Scent Card Name').press('Enter');
      await page.getByRole('heading', { name: 'Play Kit: ENTERKIT', exact: true }).waitFor();
      await page.getByRole('row').filter({ hasText: 'Entered' }).waitFor();

      // A complete kit offers activation; a card deleted meanwhile (another tab) makes it refused.
      const kitId = await api.createKit('STALEKIT');
      const cardIds: number[] = [];
      for (let c = 0; c < 5; c++) {
        const names = NAMES.slice(c * 5, c * 5 + 5);
        cardIds.push(
          await api.createCard(
            kitId,
            `Stale ${c + 1}`,
            c + 1,
            names.map((n) => optionIds.get(n) as number),
          ),
        );
      }
      await page.goto(`${server.url}/admin/managetestkit/${kitId}/0`);
      const prompt = page.locator('.kit-ready');
      await prompt.getByRole('heading', { name: 'Ready to play' }).waitFor();
      await page.getByRole('tab', { name: 'Scent Option Info' }).click();
      await page.getByText('This kit has all 5 scent cards.').waitFor();
      const cardRows = page.getByRole('region', { name: 'Scent cards of STALEKIT' }).locator('tbody tr');
      expect(await cardRows.count()).toBe(5);
      const gone = await fetch(`${server.url}/api/SentCard/DeleteScentCard?Id=${cardIds[4]}`, {
        headers: { authorization: `Bearer ${await apiToken(server.url)}` },
      });
      expect(gone.status).toBe(200);
      await prompt.getByRole('button', { name: 'Activate kit' }).click();
      await page.locator('.toast-warning').first().waitFor();
      // Reloaded: no prompt, four cards, room for a fifth.
      await expect.poll(() => prompt.count()).toBe(0);
      await expect.poll(() => cardRows.count()).toBe(4);
      await page.getByRole('link', { name: 'Add Scent Card' }).waitFor();
      expect(await page.getByRole('row').filter({ hasText: 'Stale 5' }).count()).toBe(0);

      // Deleting a kit asks the spec's question, then says what happens (spec §8, issue 39).
      await page.goto(`${server.url}/admin/testKit`);
      await page.getByRole('button', { name: 'Delete ENTERKIT' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' });
      expect((await confirm.locator('p').first().innerText()).trim()).toBe(
        'Are you sure you want to delete? Play kit ENTERKIT is deleted, or made inactive if it has results, and its printed QR codes stop working.',
      );
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Delete ENTERKIT' }).count()).toBe(0);
    }));

  it('a kit whose right answers all sit in one position warns; Shuffle saves a new order, every answer still right', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      // The API's cards: each card's right answer is its option 1.
      const kitId = await api.createKit('SAMEPLACE');
      const cardIds: number[] = [];
      for (let c = 0; c < 5; c++) {
        const names = NAMES.slice(c * 5 + 1, c * 5 + 6);
        cardIds.push(
          await api.createCard(
            kitId,
            `Same ${c + 1}`,
            c + 1,
            names.map((n) => optionIds.get(n) as number),
          ),
        );
      }
      const token = await apiToken(server.url);
      const card = async (id: number) => {
        const res = await fetch(`${server.url}/api/SentCard/GetScentCardDetailById?Id=${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await res.json()).data as {
          scentCardOptionResultId: number;
          scentCardOptions: { scentCardOptionDetailId: number; sortOrder: number }[];
        };
      };
      const right = async () =>
        Promise.all(
          cardIds.map(async (id) => {
            const c = await card(id);
            const option = c.scentCardOptions.find((o) => o.scentCardOptionDetailId === c.scentCardOptionResultId);
            return { answer: c.scentCardOptionResultId, position: option?.sortOrder };
          }),
        );
      const before = await right();
      expect(before.map((r) => r.position)).toEqual([1, 1, 1, 1, 1]);

      await page.goto(`${server.url}/admin/managetestkit/${kitId}/0`);
      const warning = page.getByRole('region', { name: 'Right answers in one position' });
      await warning.waitFor();
      expect(await warning.textContent()).toContain("Every card's right answer is option 1");
      expect(await warning.evaluate((el) => el.closest('[aria-live]') !== null)).toBe(true);
      await warning.getByRole('button', { name: 'Shuffle the options' }).click();
      await page.locator('.toast-success').filter({ hasText: 'Options shuffled' }).waitFor();
      await warning.waitFor({ state: 'detached' });

      // Saved: the same right answers, in more than one position.
      const after = await right();
      expect(after.map((r) => r.answer)).toEqual(before.map((r) => r.answer));
      expect(new Set(after.map((r) => r.position)).size).toBeGreaterThan(1);

      // Reloaded, once the five cards' details have come, no warning.
      let details = 0;
      page.on('response', (r) => {
        if (r.url().includes('GetScentCardDetailById')) details++;
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Play Kit: SAMEPLACE', exact: true }).waitFor();
      await expect.poll(() => details).toBeGreaterThanOrEqual(5);
      await settled(page);
      expect(await warning.count()).toBe(0);
    }));
});
