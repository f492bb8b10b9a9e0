import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDICAL_MSG, MSG } from '@scentry/shared-schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { withContext as inContext } from './support/journey';
import { playDemoFast } from './support/player';
import { startServer, type TestServer } from './support/server';
import { auditScreen } from './support/ux';

/**
 * The minutes after play (issue 22): /fail says what it means and leads to the result; /result's
 * main actions come first; the medical form never splits the record; names of every script.
 */

let server: TestServer;
let browser: Browser;
const tmp = mkdtempSync(path.join(tmpdir(), 'scentry-after-'));

/** One of five right: a Fail. */
const FAIL_PICKS = ['Rose', 'Banana', 'Lemon', 'Smoke', 'Orange'];

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'on' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** A phone (390 × 844) that accepts downloads. */
const withContext = (journey: (context: BrowserContext) => Promise<void>, options: { timezoneId?: string } = {}) =>
  inContext(browser, { acceptDownloads: true, ...options }, journey);

/** axe, 44 px targets and no sideways scroll at 320, 390 and 1366 px (a screenshot of each with SHOTS_DIR). */
const auditSizes = (page: Page, name: string) => auditScreen(page, name);

const storedResultId = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId: string }).testResultId,
  );

const resultRow = async (page: Page, label: string) =>
  (
    (await page
      .locator('.report-details div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd')
      .textContent()) ?? ''
  ).trim();

/** Plays DEMO1 online (from its last card: play is not this journey's); resolves on /pass or /fail. */
const play = (page: Page, picks?: string[]) => playDemoFast(page, server.url, picks);

/** "See my result", the main action of /pass and /fail. */
async function seeMyResult(page: Page) {
  await page.getByRole('link', { name: 'See my result', exact: true }).click();
  await page.waitForURL('**/result');
  await page.locator('#result-title').waitFor();
}

/** Fills and submits the three steps of the medical form (all answers No). */
async function fillMedicalForm(page: Page, form: { first: string; last: string; age: string }) {
  await page.getByLabel('First name').fill(form.first);
  await page.getByLabel('Last name').fill(form.last);
  await page.getByLabel('Age').fill(form.age);
  await page.getByRole('group', { name: 'Gender' }).getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Race/Ethnicity').selectOption('Asian');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('medical-step').filter({ hasText: 'Step 2' }).waitFor();
  for (const radio of await page.getByRole('radio', { name: 'No' }).all()) await radio.check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('medical-step').filter({ hasText: 'Step 3' }).waitFor();
  for (const radio of await page.getByRole('radio', { name: 'No' }).all()) await radio.check();
  await page.getByRole('button', { name: 'Submit' }).click();
}

const medicalRow = (id: string) =>
  server.sql<{ first_name: string; last_name: string; age: number | null }>(
    'SELECT first_name, last_name, age FROM test_results WHERE id = ?',
    id,
  )[0];

describe('after play', () => {
  it('/fail gives its score and meaning, "See my result" first and Play Again second; /result puts its main actions at the top and shows times on the player\'s clock', () =>
    withContext(
      async (context) => {
        const page = await context.newPage();
        await play(page, FAIL_PICKS);
        await page.waitForURL('**/fail');
        expect(await page.getByTestId('score').textContent()).toBe('1 of 5 scents named correctly');
        const meaning = (await page.getByTestId('meaning').textContent()) ?? '';
        expect(meaning).toContain('not a diagnosis');
        expect(meaning).toContain('blocked nose');
        expect(meaning).toMatch(/doctor|ear, nose and throat/);
        // The main action comes before Play Again, and is the larger.
        const main = page.getByRole('link', { name: 'See my result', exact: true });
        const again = page.getByRole('link', { name: 'Play Again' });
        const [mainBox, againBox] = [await main.boundingBox(), await again.boundingBox()];
        expect(mainBox && againBox && mainBox.y < againBox.y).toBe(true);
        expect(await main.getAttribute('class')).toContain('button-large');
        expect(await again.getAttribute('class')).toContain('button-ghost');
        await auditSizes(page, 'after-fail');

        await seeMyResult(page);
        expect(await page.locator('#result-title').textContent()).toBe('Failed');
        // PDF and e-mail first, above the details; the image and the wallet behind a disclosure.
        const pdf = await page.getByRole('button', { name: 'Download PDF' }).boundingBox();
        const name = await page.locator('.report-details').first().boundingBox();
        expect(pdf && name && pdf.y < name.y).toBe(true);
        expect(await page.getByRole('button', { name: 'Get Via Email' }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Download image' }).isVisible()).toBe(false);
        // No details yet: one line, not five empty rows.
        await page.getByTestId('add-details').waitFor();
        expect(await page.getByText('not given').count()).toBe(0);
        // The player's own clock (Berlin here), with its zone; the report keeps Pacific Time.
        expect(await page.getByTestId('completed').textContent()).toMatch(/GMT\+[12]$/);
        await auditSizes(page, 'after-result-fail');
        await page.getByText('More ways to keep it').click();
        await page.getByRole('button', { name: 'Download image' }).waitFor();
        await auditSizes(page, 'after-result-more');
      },
      { timezoneId: 'Europe/Berlin' },
    ));

  it('a player named 李雷 Ольга-Łucja: the form takes the names (digits refused), sends them, and /result shows "Details sent ✓" read-only', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await play(page);
      await seeMyResult(page);
      const id = await storedResultId(page);
      await expect.poll(() => server.sql('SELECT id FROM test_results WHERE id = ?', id).length).toBe(1);

      await page.getByRole('link', { name: 'Add your details' }).click();
      await page.waitForURL('**/userMedicationQuestion');
      // Digits are not a name: the spec's message.
      await page.getByLabel('First name').fill('Li2');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(MSG.specialCharacters).waitFor();
      await fillMedicalForm(page, { first: '李雷', last: 'Ольга-Łucja', age: '34' });

      await page.getByRole('status').filter({ hasText: MEDICAL_MSG.saved }).waitFor({ timeout: 20_000 });
      await page.waitForURL('**/result');
      await page.getByTestId('medical-sent').waitFor();
      expect(await page.getByTestId('medical-sent').getByRole('heading').textContent()).toBe('Details sent ✓');
      expect(await resultRow(page, 'Name')).toBe('李雷 Ольга-Łucja');
      expect(await resultRow(page, 'Age')).toBe('34');
      expect(medicalRow(id)).toEqual({ first_name: '李雷', last_name: 'Ольга-Łucja', age: 34 });
      // Read-only: no way back to the form, and its address leads to the result.
      expect(await page.getByRole('link', { name: 'Add your details' }).count()).toBe(0);
      await page.goto(`${server.url}/userMedicationQuestion`);
      await page.waitForURL('**/result');
      await page.getByTestId('medical-sent').waitFor();
      await auditSizes(page, 'after-medical-sent');
    }));

  it('a refused resend (another holder of the key sent other details first) leaves the device showing the stored record, in the page and its PDF', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      // The write key travels with the result's upload: another holder of it is played by the test.
      let writeKey: string | null = null;
      page.on('request', (req) => {
        if (!req.url().includes('/api/sync/results/push')) return;
        const rows = JSON.parse(req.postData() ?? '[]') as { newDocumentState: { writeKey?: string } }[];
        writeKey ??= rows[0]?.newDocumentState.writeKey ?? null;
      });
      await play(page);
      await seeMyResult(page);
      const id = await storedResultId(page);
      await expect.poll(() => server.sql('SELECT id FROM test_results WHERE id = ?', id).length).toBe(1);
      expect(writeKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);

      const first = await fetch(`${server.url}/api/TestResult/SaveUserMedicalInformation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          TestResultId: id,
          WriteKey: writeKey,
          FirstName: 'Mei',
          LastName: 'Chen',
          Age: 55,
          Gender: 'Female',
          Race: 'Asian',
          IsAlzheimerDisease: false,
          IsParkinsonDisease: false,
          IsHeadInjuriesConcussion: true,
          IsSinoNasalDisease: false,
          IsOtherNeurologicalDisorder: false,
          IsAlzheimerDiseaseInFamily: false,
          IsParkinsonDiseaseInFamily: false,
          IsOtherNeurologicalDisorderInFamily: false,
        }),
      });
      expect((await first.json()).status).toBe('Success');

      // The device, which knows nothing of it, sends its own.
      await page.getByRole('link', { name: 'Add your details' }).click();
      await fillMedicalForm(page, { first: 'Ann', last: 'Lee', age: '42' });
      await page.getByRole('status').filter({ hasText: 'cannot be changed here' }).waitFor({ timeout: 20_000 });
      await page.waitForURL('**/result');
      await page.getByTestId('medical-sent').waitFor();
      const notice = (await page.getByTestId('medical-already-sent').textContent()) ?? '';
      expect(notice).toContain('cannot be changed here');
      expect(notice).toMatch(/ask the clinic or provider/);
      // The stored record, not the refused one: the page, a reload, and the PDF.
      expect(await resultRow(page, 'Name')).toBe('Mei Chen');
      expect(await resultRow(page, 'Age')).toBe('55');
      expect(await resultRow(page, 'Reported disorders')).toBe('Head injury or concussion');
      await page.reload();
      await page.getByTestId('medical-already-sent').waitFor();
      expect(await resultRow(page, 'Name')).toBe('Mei Chen');
      expect(medicalRow(id)).toEqual({ first_name: 'Mei', last_name: 'Chen', age: 55 });
      const [dl] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const file = path.join(tmp, dl.suggestedFilename());
      await dl.saveAs(file);
      const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
      expect(text).toContain('Mei Chen');
      expect(text).not.toContain('Ann Lee');
      expect(text).toContain('Pacific Time');
      await auditSizes(page, 'after-medical-already-sent');
    }));
});
