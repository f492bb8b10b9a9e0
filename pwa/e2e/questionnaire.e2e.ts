import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QUESTIONNAIRE_MSG, QUESTIONNAIRE_QUESTIONS, REPORT_MSG } from '@scentry/shared-schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../shared-schema/src/i18n/en.json';
import { launchBrowser, WITH_SERVICE_WORKER } from './support/browser';
import { withContext as inContext } from './support/journey';
import { type Mailbox, startMailbox } from './support/mailbox';
import { goOfflineWithDemoKit, playDemoFast, playFromLastCard } from './support/player';
import { startServer, type TestServer } from './support/server';
import { lastSync, syncedSince } from './support/sync-runs';
import { auditScreen } from './support/ux';

let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
const tmp = mkdtempSync(path.join(tmpdir(), 'scentry-questionnaire-'));

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ SEED_DEMO: 'on', SMTP_URL: `smtp://127.0.0.1:${mailbox.port}` });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const PHONES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
];

/** A phone (390 × 844) that accepts downloads. */
const withContext = (journey: (context: BrowserContext) => Promise<void>) =>
  inContext(browser, { acceptDownloads: true }, journey);
/** The same with the service worker: a phone that can answer offline. */
const withOfflineDevice = (journey: (context: BrowserContext) => Promise<void>) =>
  inContext(browser, { acceptDownloads: true, ...WITH_SERVICE_WORKER }, journey);

/** From /pass through the summary to the result page, then to the questions, as a player would. */
async function openQuestions(page: Page) {
  await page.getByRole('link', { name: 'See my result summary' }).click();
  await page.waitForURL('**/summary');
  // Exact: until /summary's code has arrived, /pass (with "See my result summary") is still shown,
  // and its own "See my result" leads to the same page.
  await page.getByRole('link', { name: 'See my result', exact: true }).click();
  // The heading is the proof (a client-side navigation has no load event to wait for).
  await page.waitForURL('**/result', { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Passed' }).waitFor();
  await page.getByRole('button', { name: 'Answer the COVID-19 questions' }).click();
  await page.waitForURL('**/additionalQuestion');
  await page.getByRole('heading', { name: 'Additional Questions' }).waitFor();
}

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Question progress' });

/** Answers the question shown, after checking it is question `n` with the ring saying so. */
async function answer(page: Page, n: number, value: 'Yes' | 'No') {
  await expect.poll(() => progress(page).getAttribute('aria-valuenow')).toBe(String(n));
  expect(await progress(page).getAttribute('aria-valuetext')).toBe(`Question ${n} of 5`);
  expect(await page.getByTestId('question').textContent()).toContain(QUESTIONNAIRE_QUESTIONS[n - 1]);
  await page.getByRole('button', { name: value, exact: true }).click();
}

/**
 * At each phone size: the shared audit (axe, 44 px targets, nothing sideways; a screenshot with
 * SHOTS_DIR), and every button and link of the screen inside the page's width.
 */
async function checkFits(page: Page, name: string) {
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await auditScreen(page, name, { viewports: [size] });
    // Every button and link of the screen (the shared upload panel aside) is at least 44 px high
    // and fully inside the page's width.
    const boxes = await page
      .locator('main button:visible, main a.button:visible, main a.q-link:visible')
      .evaluateAll((els) =>
        els
          .filter((el) => !el.closest('.sync'))
          .map((el) => {
            const r = el.getBoundingClientRect();
            return { text: el.textContent?.trim(), h: r.height, left: r.left, right: r.right };
          }),
      );
    for (const b of boxes) {
      expect(b.h, `${name} ${b.text} at ${size.width}`).toBeGreaterThanOrEqual(44);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(size.width);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const pdfText = (file: string) => {
  const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
};

const storedResultId = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId: string }).testResultId,
  );

const storedRows = (id: string) =>
  server.sql<{ sort_order: number; question: string; answer: string }>(
    'SELECT sort_order, question, answer FROM questionnaire_answers WHERE test_result_id = ? ORDER BY sort_order',
    id,
  );

async function isCompletedOnServer(id: string): Promise<boolean> {
  const res = await fetch(`${server.url}/api/TestResult/FindTestResultId?id=${id}`);
  const body = (await res.json()) as { data: { isCompleted: boolean } };
  return body.data.isCompleted;
}

const waitingCount = async (page: Page) => Number((await page.getByTestId('waiting-count').textContent())?.trim());

/** The details page lists the five answers, in order. */
async function expectDetails(page: Page, answers: string[]) {
  await page.waitForURL('**/additionalQuestionDetails');
  const rows = page.getByTestId('answer-row');
  await expect.poll(() => rows.count()).toBe(5);
  for (const [i, q] of QUESTIONNAIRE_QUESTIONS.entries()) {
    const text = (await rows.nth(i).textContent()) ?? '';
    expect(text).toContain(q);
    expect(text).toMatch(new RegExp(`Answer: ${answers[i]}$`));
  }
}

describe('the COVID-19 questionnaire', () => {
  it('is answered one question at a time (with a step back), kept, offered as a PDF and by e-mail, and then completed', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await playDemoFast(page, server.url);
      await openQuestions(page);
      const id = await storedResultId(page);
      expect(await progress(page).getAttribute('aria-valuemax')).toBe('5');
      expect((await progress(page).textContent())?.replace(/\s+/g, ' ').trim()).toBe('1 of 5');
      await checkFits(page, 'additionalQuestion');

      await answer(page, 1, 'Yes');
      await answer(page, 2, 'No');
      await answer(page, 3, 'Yes');
      // Back to question 3: the earlier answer shows; change it.
      await expect.poll(() => progress(page).getAttribute('aria-valuenow')).toBe('4');
      await page.getByRole('button', { name: /Previous question/ }).click();
      await expect.poll(() => progress(page).getAttribute('aria-valuenow')).toBe('3');
      expect(await page.getByRole('button', { name: 'Yes', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await checkFits(page, 'additionalQuestion-back');
      await answer(page, 3, 'No');
      await answer(page, 4, 'No');
      expect(storedRows(id)).toHaveLength(0);
      await answer(page, 5, 'Yes');
      const expected = ['Yes', 'No', 'No', 'No', 'Yes'];

      await page.getByRole('status').filter({ hasText: QUESTIONNAIRE_MSG.saved }).waitFor({ timeout: 20_000 });
      await expectDetails(page, expected);
      await checkFits(page, 'additionalQuestionDetails');

      // The server has the five rows, once, and the test is completed.
      expect(storedRows(id)).toEqual(
        QUESTIONNAIRE_QUESTIONS.map((question, i) => ({ sort_order: i + 1, question, answer: expected[i] })),
      );
      expect(await isCompletedOnServer(id)).toBe(true);

      // The PDF, made on the device.
      const [dl] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(dl.suggestedFilename()).toMatch(/^Scentry-questionnaire-\d{2}-\d{2}-\d{4}\.pdf$/);
      const file = path.join(tmp, `${randomUUID()}.pdf`);
      await dl.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const lines = pdfText(file).split('\n');
      for (const [i, q] of QUESTIONNAIRE_QUESTIONS.entries()) {
        const line = lines.find((l) => l.includes(q));
        expect(line, q).toBeDefined();
        expect(line).toMatch(new RegExp(`\\s${expected[i]}\\s*$`));
      }
      expect(lines.join('\n')).toContain('Guest Player');
      expect(lines.join('\n')).toContain('DEMO1');

      // By e-mail: the spec's message, and one mail with the PDF.
      await page.getByRole('button', { name: 'Get Via Email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get Via Email' });
      await dialog.waitFor();
      await dialog.getByLabel('E-mail address').fill('questions@example.com');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('status').filter({ hasText: REPORT_MSG.questionnaireSent }).waitFor({ timeout: 20_000 });
      await expect.poll(() => mailbox.mails.filter((m) => m.to.includes('questions@example.com')).length).toBe(1);
      expect(mailbox.mails.find((m) => m.to.includes('questions@example.com'))?.raw).toMatch(/application\/pdf/);

      // Back to the result: the questionnaire is no longer offered.
      await page.getByRole('link', { name: 'Continue to your result' }).click();
      await page.waitForURL('**/result');
      await page.getByText('COVID-19 questions answered ✓').waitFor();
      // With a way back to the answers kept on this device.
      await page.getByRole('link', { name: 'See my answers' }).click();
      await page.waitForURL('**/additionalQuestionDetails');
      await page.goBack();
      await page.waitForURL('**/result');

      // Opening the questions again: already completed, with Continue (also when only the server knows it).
      await page.goto(`${server.url}/additionalQuestion`);
      await page.getByText(QUESTIONNAIRE_MSG.completed).waitFor();
      await page.evaluate(() => {
        const r = JSON.parse(localStorage.getItem('testResultData') ?? '{}');
        delete r.questionnaireCompleted;
        localStorage.setItem('testResultData', JSON.stringify(r));
      });
      const synced = await lastSync(page);
      await page.reload();
      await page.getByText(QUESTIONNAIRE_MSG.completed).waitFor();
      await checkFits(page, 'additionalQuestion-completed');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/result');
      expect(storedRows(id)).toHaveLength(5);
      // The sync run of the reloaded app has ended (it would send a queued e-mail): still one mail.
      await syncedSince(page, synced);
      expect(mailbox.mails.filter((m) => m.to.includes('questions@example.com'))).toHaveLength(1);
    }));

  it('on a touch screen, the answer under the finger on the next question is not tinted as chosen', () =>
    inContext(browser, { hasTouch: true, isMobile: true }, async (context) => {
      const page = await context.newPage();
      await playDemoFast(page, server.url);
      await page.goto(`${server.url}/additionalQuestion`);
      await page.getByRole('heading', { name: 'Additional Questions' }).waitFor();
      const background = (name: 'Yes' | 'No') =>
        page
          .getByRole('button', { name, exact: true })
          .evaluate((el) => [getComputedStyle(el).backgroundColor, el.getAttribute('aria-pressed')]);
      await expect.poll(() => progress(page).getAttribute('aria-valuenow')).toBe('1');
      await page.getByRole('button', { name: 'No', exact: true }).tap();
      await expect.poll(() => progress(page).getAttribute('aria-valuenow')).toBe('2');
      // Question 2's "No", where the finger was, looks like its "Yes" that nobody touched: neither
      // chosen (a hover left by the tap would tint it as if it were).
      const untouched = await background('Yes');
      expect(untouched[1]).toBe('false');
      expect(await background('No')).toEqual(untouched);
    }));

  it('is answered offline: kept on the device, uploaded once when back online', () =>
    withOfflineDevice(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/scent/DEMO1`);
      await goOfflineWithDemoKit(page, context);
      await playFromLastCard(page);
      await openQuestions(page);
      const id = await storedResultId(page);

      const expected = ['No', 'Yes', 'No', 'No', 'No'];
      for (const [i, value] of expected.entries()) await answer(page, i + 1, value as 'Yes' | 'No');
      await page.getByRole('status').filter({ hasText: en['questionnaire.queued'] }).waitFor({ timeout: 20_000 });
      await expectDetails(page, expected);
      // The result and the questionnaire wait on the device; the server has nothing yet.
      await expect.poll(() => waitingCount(page)).toBe(2);
      expect(storedRows(id)).toHaveLength(0);
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('testResultData') ?? '{}').questionnaireCompleted),
      ).toBe(true);
      // The PDF is made offline too.
      const [dl] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const file = path.join(tmp, `${randomUUID()}.pdf`);
      await dl.saveAs(file);
      expect(pdfText(file)).toContain(QUESTIONNAIRE_QUESTIONS[1]);

      // Back online, the first reply to the questionnaire upload is lost on the way back: the
      // device sends it again, and the server stores it once.
      let lost = 0;
      await page.route('**/api/sync/questionnaires/push', async (route) => {
        if (lost++ === 0) {
          await route.fetch();
          await route.abort('connectionreset');
        } else {
          await route.continue();
        }
      });
      await context.setOffline(false);
      // Chromium's offline emulation leaves navigator.onLine true in a page loaded while offline,
      // so it never fires 'online' there; a phone does, and that is what the app listens to.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => waitingCount(page), { timeout: 30_000 }).toBe(0);
      expect(lost).toBeGreaterThanOrEqual(2);
      expect(storedRows(id)).toEqual(
        QUESTIONNAIRE_QUESTIONS.map((question, i) => ({ sort_order: i + 1, question, answer: expected[i] })),
      );
      expect(await isCompletedOnServer(id)).toBe(true);
      // The result went up with the key the device made; the server holds only its hash.
      expect(
        server.sql<{ h: string | null }>('SELECT write_key_hash AS h FROM test_results WHERE id = ?', id)[0]?.h,
      ).toMatch(/^[0-9a-f]{64}$/);

      // Another sync later changes nothing.
      const synced = await lastSync(page);
      await page.reload();
      await expectDetails(page, expected);
      // Nothing waits, so the panel shows no Sync now: a returning network syncs instead.
      expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
      // The reloaded app's own sync run first, then the one the returning network asks for.
      await syncedSince(page, synced);
      const reloaded = await lastSync(page);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await syncedSince(page, reloaded);
      expect(storedRows(id)).toHaveLength(5);
      expect(server.sql('SELECT COUNT(*) AS n FROM questionnaire_answers WHERE test_result_id = ?', id)).toEqual([
        { n: 5 },
      ]);
    }));

  it('a questionnaire queued by a build before the write keys (its result has none) still goes out', () =>
    withOfflineDevice(async (context) => {
      let page = await context.newPage();
      await page.goto(`${server.url}/scent/DEMO1`);
      await goOfflineWithDemoKit(page, context);
      await playFromLastCard(page);
      await openQuestions(page);
      const id = await storedResultId(page);
      const expected = ['Yes', 'Yes', 'No', 'No', 'Yes'];
      for (const [i, value] of expected.entries()) await answer(page, i + 1, value as 'Yes' | 'No');
      await page.getByRole('status').filter({ hasText: en['questionnaire.queued'] }).waitFor({ timeout: 20_000 });

      // What an older build left on the device: the same result and queued form, without a key.
      // Edited from a page of the same origin without the app, the app's page closed first (not
      // left in the back-forward cache), so nothing of the app can write the result back (with its
      // key) while or after it is edited.
      const screen = page.url();
      await page.close();
      page = await context.newPage();
      await page.goto(`${server.url}/robots.txt`);
      const hadKey = await page.evaluate(
        (resultId) =>
          new Promise<boolean>((resolve, reject) => {
            // The results' table of schema version 2 (offline/db.ts: the device's numbers).
            const open = indexedDB.open('rxdb-dexie-scentry--2--results');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const store = open.result.transaction('docs', 'readwrite').objectStore('docs');
              const get = store.get(resultId);
              get.onsuccess = () => {
                const doc = get.result as Record<string, unknown>;
                const had = typeof doc.writeKey === 'string' && doc.writeKey.length >= 22;
                delete doc.writeKey;
                const put = store.put(doc);
                put.onsuccess = () => resolve(had);
                put.onerror = () => reject(put.error);
              };
            };
          }),
        id,
      );
      expect(hadKey).toBe(true);
      await page.close();
      page = await context.newPage();
      await page.goto(screen);
      await expect.poll(() => waitingCount(page)).toBe(2);

      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(() => waitingCount(page), { timeout: 30_000 }).toBe(0);
      // Stored keyless, as an older build's result is, and its questionnaire taken without a key.
      expect(server.sql('SELECT write_key_hash AS h FROM test_results WHERE id = ?', id)).toEqual([{ h: null }]);
      expect(storedRows(id).map((r) => r.answer)).toEqual(expected);
    }));
});
