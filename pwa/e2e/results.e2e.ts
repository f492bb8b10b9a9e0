import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { EXPORT_CSV_HEADER, type KitDoc, QUESTIONNAIRE_QUESTIONS, RESULTS_MSG } from '@scentry/shared-schema';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, createOrganization, pulledKit, pushPlay, signedInPage, typeAndPause } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { apiToken } from './support/sign-in';
import { SHOTS_DIR, settled, shoot } from './support/ux';

let server: TestServer;
let browser: Browser;

const CLIENT = { email: 'hidden-names@clinic.example', password: 'Clinic-Pass1' };

const post = <T = unknown>(url: string, body: unknown) => apiPost<T>(server.url, url, body);

interface Play {
  first: string;
  last: string;
  right: number;
  /** Seconds after the kit's version was made (a play before it would be re-timed by the server). */
  order: number;
  organizationId?: number;
  medical?: { age: number; gender: 'Male' | 'Female'; race: string; alzheimer?: boolean };
  questionnaire?: boolean;
}

/** Plays DEMO1 through the sync API (the first `right` cards right), then the forms a player fills after play. */
async function play(kit: KitDoc, p: Play): Promise<string> {
  const id = await pushPlay(server.url, kit, {
    firstName: p.first,
    lastName: p.last,
    right: p.right,
    order: p.order,
    organizationId: p.organizationId,
    intensity: (i) => (i % 5) + 1,
  });
  if (p.medical) {
    await post('/api/TestResult/SaveUserMedicalInformation', {
      TestResultId: id,
      FirstName: p.first,
      LastName: p.last,
      Age: p.medical.age,
      Gender: p.medical.gender,
      Race: p.medical.race,
      IsAlzheimerDisease: p.medical.alzheimer ?? false,
      IsParkinsonDisease: false,
      IsHeadInjuriesConcussion: false,
      IsSinoNasalDisease: false,
      IsOtherNeurologicalDisorder: false,
      IsAlzheimerDiseaseInFamily: false,
      IsParkinsonDiseaseInFamily: false,
      IsOtherNeurologicalDisorderInFamily: false,
    });
  }
  if (p.questionnaire) {
    await post('/api/TestResult/SaveQuestionnaireResult', {
      TestResultId: id,
      QuestionnaireListDetails: QUESTIONNAIRE_QUESTIONS.map((q, i) => ({
        Question: q,
        Answer: i === 0 ? 'Yes' : 'No',
      })),
    });
  }
  return id;
}

/** An organization that does not disclose its players' names, with its Client Admin. */
async function hiddenNamesOrganization(): Promise<number> {
  return createOrganization(server, await apiToken(server.url), {
    ClientType: 'Organization',
    OrganizationName: 'Quiet Echidna Club',
    OrganizationCode: 'QEC1',
    OrganizationWebsite: 'https://echidna.example',
    OrganizationAddress: '3 Burrow Rd',
    OrganizationEmail: 'desk@echidna.example',
    OrganizationPhone: '555 010 3000',
    DiscloseUserDetails: false,
    UserFirstName: 'Erin',
    UserLastName: 'Admin',
    UserEmail: CLIENT.email,
    Password: CLIENT.password,
    ConfirmPassword: CLIENT.password,
  });
}

beforeAll(async () => {
  // The server and the browser start together.
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  const kit = await pulledKit(server.url);
  const orgId = await hiddenNamesOrganization();
  await Promise.all([
    play(kit, {
      first: 'Ann',
      last: 'Quokka',
      right: 5,
      order: 1,
      medical: { age: 34, gender: 'Female', race: 'Asian', alzheimer: true },
      questionnaire: true,
    }),
    play(kit, {
      first: 'Bob',
      last: 'Wombat',
      right: 2,
      order: 2,
      medical: { age: 61, gender: 'Male', race: 'White' },
    }),
    play(kit, { first: 'Cleo', last: 'Numbat', right: 4, order: 3 }),
    play(kit, { first: 'Dan', last: 'Bilby', right: 1, order: 4, organizationId: orgId }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const rows = (page: Page) => page.locator('table tbody tr');
const column = (page: Page, n: number) => page.locator(`table tbody tr td:nth-child(${n})`).allTextContents();
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

async function downloads(page: Page, count: number, act: () => Promise<void>): Promise<Download[]> {
  const got: Download[] = [];
  const done = new Promise<void>((resolve) => {
    page.on('download', (d) => {
      got.push(d);
      if (got.length === count) resolve();
    });
  });
  await act();
  await done;
  return got;
}

const pdfText = (file: string) => {
  const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
};

/** Nothing runs off the screen sideways (the table scrolls inside its own box). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the Admin works through the play results', () => {
  it('filters, searches, sorts, opens a detail, downloads reports and exports CSV', async () => {
    // Signed in through the API (the sign-in is not the subject here), on the dashboard.
    const { context, page } = await signedInPage(browser, server.url, {
      viewport: { width: 1366, height: 800 },
      acceptDownloads: true,
      clock: true,
    });
    await page.getByRole('link', { name: 'Play Results' }).click();
    await page.getByRole('heading', { name: 'Play Results' }).waitFor();

    // Newest first: the Played column is the order, descending.
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await column(page, 4)).toEqual(['Bilby', 'Numbat', 'Wombat', 'Quokka']);
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Played');
    expect(await page.getByRole('columnheader', { name: 'Right Answer Count' }).count()).toBe(1);

    // Filter by status: in the URL at once.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Result', { exact: true }).selectOption('Fail');
    await expect.poll(() => search(page)).toEqual({ status: 'Fail' });
    await expect.poll(() => column(page, 4)).toEqual(['Bilby', 'Wombat']);
    expect(await page.locator('table tbody .tag').allTextContents()).toEqual(['Fail', 'Fail']);

    // A backwards date range is refused with the spec's words, and not applied.
    await page.getByLabel('From Date').fill('2026-03-10');
    await page.getByLabel('To Date').fill('2026-03-01');
    await page.getByText(RESULTS_MSG.toBeforeFrom).waitFor();
    expect(search(page)).toEqual({ status: 'Fail', from: '2026-03-10' });
    await page.getByLabel('To Date').fill('');
    await page.getByLabel('From Date').fill('');
    await expect.poll(() => search(page)).toEqual({ status: 'Fail' });

    // The search text goes into the URL once typing pauses (1 s).
    await typeAndPause(page.getByLabel('Search'), 'wombat');
    await expect.poll(() => search(page)).toEqual({ status: 'Fail', q: 'wombat' });
    await expect.poll(() => column(page, 3)).toEqual(['Bob']);

    // Reload keeps it all.
    await page.reload();
    await expect.poll(() => column(page, 3)).toEqual(['Bob']);
    expect(await page.getByLabel('Search').inputValue()).toBe('wombat');

    // Clear filters: every result again.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => search(page)).toEqual({});
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await page.getByLabel('Search').inputValue()).toBe('');

    // Sort by Last Name, then the other way.
    await page.getByRole('button', { name: 'Last Name' }).click();
    await expect.poll(() => search(page)).toEqual({ sort: 'lastName' });
    await expect.poll(() => column(page, 4)).toEqual(['Bilby', 'Numbat', 'Quokka', 'Wombat']);
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toContain('Last Name');
    await page.getByRole('button', { name: 'Last Name' }).click();
    await expect.poll(() => search(page)).toEqual({ sort: 'lastName', order: 'desc' });
    await expect.poll(() => column(page, 4)).toEqual(['Wombat', 'Quokka', 'Numbat', 'Bilby']);
    if (SHOTS_DIR) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1366, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await settled(page);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        await shoot(page, 'results-list');
      }
    }

    // A row's detail: its answers with pictures, the right answers and the questionnaire.
    await page.getByRole('button', { name: /^Details of Ann Quokka/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Play result' });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('.results-answer').count()).toBe(5);
    expect(await dialog.locator('.results-answer .tag').allTextContents()).toEqual(Array(5).fill('Right'));
    await expect.poll(() => dialog.locator('.results-answer img').count()).toBe(5);
    await expect.poll(() => dialog.locator('.results-questions li').count()).toBe(5);
    expect(await dialog.textContent()).toContain("Alzheimer's disease");
    expect(await dialog.locator('.results-questions li').first().textContent()).toContain('Yes');
    if (SHOTS_DIR) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1366, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await settled(page);
        await shoot(page, 'results-detail');
        await dialog.locator('.modal-footer').scrollIntoViewIfNeeded();
        await shoot(page, 'results-detail-end');
        await dialog.locator('.modal-header').scrollIntoViewIfNeeded();
      }
      await page.setViewportSize({ width: 1366, height: 800 });
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Another detail: no questionnaire.
    await page.getByRole('button', { name: /^Details of Cleo Numbat/ }).click();
    await dialog.getByText('No questionnaire').waitFor();
    // Its answers come with the detail's reply: waited for, as the first detail's are.
    await expect.poll(() => dialog.locator('.results-answer .tag').allTextContents()).toHaveLength(5);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Reports: nothing chosen is the spec's warning; two chosen make ONE PDF, a result a page.
    await page.getByRole('button', { name: 'Download reports' }).click();
    await toast(page, RESULTS_MSG.selectRow).waitFor();
    await page.getByRole('checkbox', { name: /^Select Ann Quokka/ }).check();
    await page.getByRole('checkbox', { name: /^Select Bob Wombat/ }).check();
    await page.getByText('2 selected').waitFor();
    const [pdf] = await downloads(page, 1, () => page.getByRole('button', { name: 'Download reports' }).click());
    expect(pdf.suggestedFilename()).toMatch(/^scentry-reports-\d{4}-\d\d-\d\d\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The player's report of each result (drawn by the report module), named and scored, in the
    // table's order (Last Name descending: Wombat, then Quokka), each on its own page.
    const pages = pdfText(await pdf.path()).split('\f');
    const bob = pages[0];
    const ann = pages[1];
    expect(ann).toContain('Ann Quokka');
    expect(ann).toMatch(/\bPASS\b/);
    expect(ann).toContain('5/5');
    expect(ann).toContain("Alzheimer's disease");
    expect(ann).not.toContain('Bob Wombat');
    expect(bob).toContain('Bob Wombat');
    expect(bob).toMatch(/\bFAIL\b/);
    expect(bob).toContain('2/5');
    await toast(page, '2 reports downloaded in one file').waitFor();

    // Export CSV: the filtered set, the header line exactly.
    const [csv] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.suggestedFilename()).toMatch(/^results-\d{8}T\d{6}Z\.csv$/);
    const lines = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // The spec's header, each name quoted as every text cell is (API.md: CSV).
    expect(lines[0]).toBe(
      EXPORT_CSV_HEADER.split(',')
        .map((name) => `"${name}"`)
        .join(','),
    );
    expect(lines).toHaveLength(5);

    // An export with nothing to export is the spec's warning.
    await typeAndPause(page.getByLabel('Search'), 'nobody-by-this-name');
    await expect.poll(() => search(page).q).toBe('nobody-by-this-name');
    await page.getByText('No result matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await toast(page, RESULTS_MSG.noExport).waitFor();
    await context.close();
  });

  it('a Client Admin sees their organization only, without names it does not disclose', async () => {
    const { context, page } = await signedInPage(browser, server.url, {
      viewport: { width: 390, height: 844 },
      user: CLIENT,
      path: '/admin/testresult',
    });
    await page.getByRole('heading', { name: 'Play Results' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'First Name' }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Last Name' }).count()).toBe(0);
    expect(await rows(page).first().textContent()).not.toContain('Bilby');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Gender').waitFor();
    expect(await page.getByLabel('Organization').count()).toBe(0);
    await page.getByRole('button', { name: /^Details of Name not disclosed/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Play result' });
    await expect.poll(() => dialog.locator('.results-answer').count()).toBe(5);
    expect(await dialog.textContent()).not.toContain('Bilby');
    await context.close();
  });
});
