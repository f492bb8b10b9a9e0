import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, typeAndPause } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { CatalogueApi } from './support/catalogue';
import { startServer, type TestServer } from './support/server';
import { apiToken } from './support/sign-in';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const api = new CatalogueApi(server.url, await apiToken(server.url));
  // 25 scent options: with 10 a page, three pages; "Mint" matches 6 of them.
  for (let i = 1; i <= 25; i++) {
    const name = i % 4 === 0 ? `Mint ${i}` : `Scent ${String(i).padStart(2, '0')}`;
    await api.createOption(name, [i * 9, 120, 200 - i * 5]);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const rowNames = (page: Page) => page.locator('table tbody tr td:nth-child(3)').allTextContents();

describe('admin lists keep their state in the URL', () => {
  it('keeps page, size and search across reload and Back; a URL without a size takes the stored one', async () => {
    // Signed in through the API: the Admin's sign-in is not the subject here.
    const { context, page } = await signedInPage(browser, server.url, {
      viewport: { width: 390, height: 844 },
      path: '/admin/scentCardData',
      clock: true,
    });
    await expect.poll(() => rowNames(page)).toHaveLength(10);
    expect(await page.getByText('1–10 of 25').count()).toBe(1);

    // Next page: in the URL, so a reload stays there.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => search(page)).toEqual({ page: '2' });
    await expect.poll(() => page.getByText('11–20 of 25').count()).toBe(1);
    const pageTwo = await rowNames(page);
    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual(pageTwo);
    expect(await page.getByText('Page 2 of 3').count()).toBe(1);

    // Back returns to page 1.
    await page.goBack();
    await expect.poll(() => search(page)).toEqual({});
    await expect.poll(() => page.getByText('1–10 of 25').count()).toBe(1);

    // A size: in the URL and kept for next time (rowsPerPage), starting again at page 1.
    await page.getByLabel('Rows per page').selectOption('20');
    await expect.poll(() => search(page)).toEqual({ size: '20' });
    await expect.poll(() => rowNames(page)).toHaveLength(20);
    expect(await page.evaluate(() => localStorage.getItem('rowsPerPage'))).toBe('20');

    // The search text is written to the URL once typing pauses (1 s), replacing the entry.
    await typeAndPause(page.getByLabel('Search'), 'Mint');
    await expect.poll(() => search(page)).toEqual({ size: '20', q: 'Mint' });
    await expect.poll(() => rowNames(page)).toHaveLength(6);
    await page.reload();
    await expect.poll(() => rowNames(page)).toHaveLength(6);
    expect(await page.getByLabel('Search').inputValue()).toBe('Mint');

    // A URL without a size (a bookmark, the menu) uses the stored one: 20 rows.
    await page.goto(`${server.url}/admin/scentCardData`);
    await expect.poll(() => rowNames(page)).toHaveLength(20);
    expect(await page.getByText('1–20 of 25').count()).toBe(1);
    await context.close();
  });
});
