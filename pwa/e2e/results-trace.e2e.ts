import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { EXPORT_CSV_EXTENDED_COLUMNS, EXPORT_CSV_HEADER, type KitDoc } from '@scentry/shared-schema';
import type { Browser, BrowserContextOptions, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pulledKit, pushPlay, signedInState, typeAndPause } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { auditScreen, shoot } from './support/ux';

/*
 * Traceable results (issue #24): a player brings their report; the staff type the id it prints
 * into the search and find the row; the detail shows the whole id and the verify link; three
 * chosen rows give ONE PDF, a result a page; "Export (all columns)" gives the Extended CSV. At a
 * laptop's and a phone's size, axe clean on the list and the detail at three sizes.
 */

let server: TestServer;
let browser: Browser;
const NAMES = ['Ida Potoroo', 'Jon Quoll', 'Kai Dunnart', 'Liv Bandicoot'];

/** Plays DEMO1 through the sync API, as a device uploads a play (names given at play). */
const play = (kit: KitDoc, name: string, right: number, order: number) => {
  const [firstName, lastName] = name.split(' ');
  return pushPlay(server.url, kit, {
    firstName,
    lastName,
    right,
    order,
    at: { latitude: 37.774929, longitude: -122.419416 },
    intensity: (i) => (i % 5) + 1,
  });
};

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  const kit = await pulledKit(server.url);
  await Promise.all(NAMES.map((name, i) => play(kit, name, i % 2 ? 2 : 5, i + 1)));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.locator('table tbody tr');
const idCells = (page: Page) => page.locator('table tbody td.results-id').allTextContents();
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });
// The router writes a text that reads as a number in quotes (`q="28805"`).
const search = (page: Page) => new URL(page.url()).searchParams.get('q')?.replace(/^"(.*)"$/, '$1');

async function download(page: Page, act: () => Promise<void>): Promise<Download> {
  const got = page.waitForEvent('download');
  await act();
  return got;
}
const run = (tool: string, args: string[]) => {
  const out = spawnSync(tool, args, { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
};
const pdfPages = (file: string) => run('pdftotext', ['-layout', file, '-']).split('\f').slice(0, -1);
const pageCount = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))?.[1]);

/**
 * A device with the Admin signed in (through the API: the sign-in is not the subject here); its
 * clock installed, so a search's typing pause can pass at once (typeAndPause).
 */
async function signedInPage(options: BrowserContextOptions) {
  const context = await browser.newContext({ ...options, storageState: await signedInState(server.url) });
  await context.clock.install();
  return { context, page: await context.newPage() };
}

async function openResults(page: Page) {
  await page.goto(`${server.url}/admin/testresult`);
  await page.getByRole('heading', { name: 'Play Results' }).waitFor();
  await expect.poll(() => rows(page).count()).toBe(NAMES.length);
}

/** The report of a result, downloaded from its detail as the player got it; the id it prints. */
async function printedId(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: new RegExp(`^Details of ${name}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Play result' });
  await dialog.waitFor();
  const pdf = await download(page, () => dialog.getByRole('button', { name: 'Download report' }).click());
  expect(pdf.suggestedFilename()).toMatch(/^Scentry-result-.*-[0-9a-f]{8}\.pdf$/);
  const text = pdfPages(await pdf.path()).join('\n');
  const id = /Result id\s+([0-9a-f]{8})\b/.exec(text)?.[1];
  expect(id, text).toBeTruthy();
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  return id as string;
}

describe('a result traced from its report', () => {
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`finds the row by the id the report prints, at ${viewport.width}x${viewport.height}`, async () => {
      const { context, page } = await signedInPage({ viewport, acceptDownloads: true });
      await openResults(page);
      // Every row shows its short id in the Id column, in monospace.
      const shown = await idCells(page);
      expect(shown).toHaveLength(NAMES.length);
      for (const id of shown) expect(id).toMatch(/^[0-9a-f]{8}$/);
      // A table with its Id header on the laptop; under 700 px each row is a card whose cell is labelled Id.
      if (viewport.width >= 700)
        expect(await page.getByRole('columnheader', { name: 'Id', exact: true }).count()).toBe(1);
      else expect(await page.locator('table tbody td.results-id').first().getAttribute('data-label')).toBe('Id');
      const font = await page
        .locator('table tbody td.results-id code')
        .first()
        .evaluate((e) => getComputedStyle(e).fontFamily);
      expect(font).toMatch(/mono|Menlo|Consolas/i);

      const id = await printedId(page, 'Kai Dunnart');
      await typeAndPause(page.getByLabel('Search'), id);
      await expect.poll(() => search(page)).toBe(id);
      await expect.poll(() => rows(page).count()).toBe(1);
      expect(await idCells(page)).toEqual([id]);
      expect(await rows(page).first().textContent()).toContain('Dunnart');

      // The detail: the whole id and the verify link the report's QR code holds.
      await page.getByRole('button', { name: /^Details of Kai Dunnart/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Play result' });
      const fullId = (await dialog.locator('.results-full-id').textContent()) ?? '';
      expect(fullId).toMatch(new RegExp(`^${id}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`));
      const link = dialog.getByRole('link', { name: /\/verify\// });
      expect(await link.getAttribute('href')).toBe(`${server.url}/verify/${fullId}`);
      await shoot(page, 'results-trace-detail');
      await page.keyboard.press('Escape');

      // The whole id with hyphens, as in the verify link, in upper case: the same row.
      await typeAndPause(page.getByLabel('Search'), fullId.toUpperCase());
      await expect.poll(() => search(page)).toBe(fullId.toUpperCase());
      await expect.poll(() => idCells(page)).toEqual([id]);
      // Five characters are not an id: nothing.
      await typeAndPause(page.getByLabel('Search'), id.slice(0, 5));
      await expect.poll(() => search(page)).toBe(id.slice(0, 5));
      await page.getByText('No result matches these filters.').waitFor();
      expect(await idCells(page)).toEqual([]);
      await shoot(page, 'results-trace-search');
      await context.close();
    });
  }

  it('downloads three chosen rows as one PDF, a result a page, and exports all columns', async () => {
    const { context, page } = await signedInPage({ viewport: { width: 1366, height: 800 }, acceptDownloads: true });
    await openResults(page);
    const chosen = ['Liv Bandicoot', 'Kai Dunnart', 'Jon Quoll'];
    for (const name of chosen) await page.getByRole('checkbox', { name: new RegExp(`^Select ${name}`) }).check();
    await page.getByText('3 selected').waitFor();
    const ids = await idCells(page); // newest first: Liv, Kai, Jon, Ida
    const pdf = await download(page, () => page.getByRole('button', { name: 'Download reports' }).click());
    expect(pdf.suggestedFilename()).toMatch(/^scentry-reports-\d{4}-\d\d-\d\d\.pdf$/);
    const file = await pdf.path();
    const pages = pdfPages(file);
    expect(pageCount(file)).toBe(pages.length);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Each result's report starts on a new page, in the table's order; no page holds two results.
    const starts = chosen.map((name) => pages.findIndex((p) => p.includes(name)));
    expect(starts[0]).toBe(0);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const [i, name] of chosen.entries()) {
      const page1 = pages[starts[i]];
      expect(page1).toContain(ids[i]);
      for (const other of chosen.filter((n) => n !== name)) expect(page1).not.toContain(other);
    }
    await toast(page, '3 reports downloaded in one file').waitFor();

    // "Export (all columns)": the Extended CSV, the spec's columns first.
    const csv = await download(page, () => page.getByRole('button', { name: 'Export (all columns)' }).click());
    const lines = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      `${EXPORT_CSV_HEADER},${EXPORT_CSV_EXTENDED_COLUMNS}`
        .split(',')
        .map((n) => `"${n}"`)
        .join(','),
    );
    expect(lines).toHaveLength(NAMES.length + 1);
    await context.close();
  });

  it('is axe clean on the list and the detail at 390x844, 768x1024 and 1366x800', async () => {
    // Each state shown once, audited at the three sizes (axe; no sideways scroll either).
    const sizes = [
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
      { width: 1366, height: 800 },
    ];
    const { context, page } = await signedInPage({ viewport: sizes[2] });
    await openResults(page);
    await auditScreen(page, 'results-trace-list', { viewports: sizes, targets: false });
    await page.getByRole('button', { name: /^Details of Ida Potoroo/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Play result' });
    await expect.poll(() => dialog.locator('.results-answer').count()).toBe(5);
    await auditScreen(page, 'results-trace-axe-detail', { viewports: sizes, targets: false });
    await context.close();
  });
});
