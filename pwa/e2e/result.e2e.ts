import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_MSG } from '@scentry/shared-schema';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, WITH_SERVICE_WORKER } from './support/browser';
import { withContext as inContext } from './support/journey';
import { type Mailbox, startMailbox } from './support/mailbox';
import { goOfflineWithDemoKit, playDemoFast, playFromLastCard } from './support/player';
import { startServer, type TestServer } from './support/server';
import { lastSync, syncedSince } from './support/sync-runs';

let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
const tmp = mkdtempSync(path.join(tmpdir(), 'scentry-result-'));

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

// Phone size (the default): the result page and its buttons must work on a small screen.
const withContext = (journey: (context: BrowserContext) => Promise<void>) =>
  inContext(browser, { acceptDownloads: true, timezoneId: 'UTC' }, journey);
/** The same with the service worker: a phone that keeps working with the network off. */
const withOfflineDevice = (journey: (context: BrowserContext) => Promise<void>) =>
  inContext(browser, { acceptDownloads: true, timezoneId: 'UTC', ...WITH_SERVICE_WORKER }, journey);

/** From /pass through the summary to the result page, as a player would. */
async function openResult(page: Page) {
  await page.getByRole('link', { name: 'See my result summary' }).click();
  await page.waitForURL('**/summary');
  await page.getByRole('link', { name: 'See my result', exact: true }).click();
  await page.waitForURL('**/result');
  await page.getByRole('heading', { name: 'Passed' }).waitFor();
}

/** The image and the wallet pass sit behind "More ways to keep it" (the PDF and e-mail come first). */
async function showMoreWays(page: Page) {
  const more = page.locator('details.result-more');
  if (!(await more.evaluate((d) => (d as HTMLDetailsElement).open))) await more.locator('summary').click();
}

async function download(page: Page, button: string): Promise<{ file: string; name: string }> {
  if (button !== 'Download PDF') await showMoreWays(page);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const file = path.join(tmp, `${randomUUID()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return { file, name: dl.suggestedFilename() };
}

const pdfText = (file: string) => {
  const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
};

// The server's test dependency reads the raw mail as a mail client would.
interface ParsedMail {
  subject?: string;
  text?: string;
  headers: Map<string, unknown>;
  attachments: { content: Buffer }[];
}
const { simpleParser } = createRequire(new URL('../../sync-server/package.json', import.meta.url))('mailparser') as {
  simpleParser: (raw: string) => Promise<ParsedMail>;
};

const storedResultId = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId: string }).testResultId,
  );

const emailsWaiting = (page: Page) => page.getByTestId('emails-waiting').count();

async function sendEmail(page: Page, address: string) {
  await page.getByRole('button', { name: 'Get Via Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Via Email' });
  await dialog.waitFor();
  await dialog.getByLabel('E-mail address').fill(address);
  await dialog.getByRole('button', { name: 'OK' }).click();
  return dialog;
}

describe('the result report', () => {
  it('shows the result, makes its PDF, image and wallet pass, e-mails it once, and a provider can verify it', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await playDemoFast(page, server.url);
      await openResult(page);
      const id = await storedResultId(page);

      await expect.poll(() => page.getByTestId('score').textContent()).toBe('4 of 5 scents named correctly');
      // The page: the player's own clock with its zone (this browser runs on UTC); the PDF keeps
      // the record's Pacific Time and says so.
      const completed = (await page.getByTestId('completed').textContent()) ?? '';
      expect(completed).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
      const playedAt = await page.evaluate(() => JSON.parse(localStorage.getItem('testResultData') ?? '{}').playedAt);
      const pacificDay = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Los_Angeles',
        month: '2-digit',
        day: '2-digit',
        year: 'numeric',
      }).format(new Date(playedAt));
      expect(await page.locator('.report-cards li').count()).toBe(5);
      expect(await page.locator('.report-cards').textContent()).toContain('✗ Wrong');
      // Nothing runs off a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // No health details yet: one "Add your details" line, not five empty rows.
      await page.getByTestId('add-details').waitFor();
      expect(await page.getByText('not given').count()).toBe(0);
      // A reload keeps it (it is read from the stored result).
      await page.reload();
      await page.getByRole('heading', { name: 'Passed' }).waitFor();

      const pdf = await download(page, 'Download PDF');
      expect(pdf.name).toMatch(/^Scentry-result-\d{2}-\d{2}-\d{4}\.pdf$/);
      expect(readFileSync(pdf.file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf.file);
      expect(text).toContain('Guest Player');
      expect(text).toContain(pacificDay);
      expect(text).toContain('Pacific Time');
      expect(text).toMatch(/PASS/);
      for (const choice of ['Lemon', 'Coffee', 'Rose', 'Mint']) expect(text).toContain(choice);
      // The short link may wrap onto a second line.
      expect(text.replace(/\s+/g, '')).toContain(`/verify/${id}`);

      const image = await download(page, 'Download image');
      expect(image.name).toMatch(/\.png$/);
      const png = PNG.sync.read(readFileSync(image.file));
      expect(png.width).toBeGreaterThan(600);
      expect(png.height).toBeGreaterThan(png.width);

      const pass = await download(page, 'Add to Wallet');
      expect(pass.name).toMatch(/\.pkpass$/);
      expect(readFileSync(pass.file).subarray(0, 2).toString()).toBe('PK');

      // A bad address: the spec's message, the modal stays open.
      const dialog = await sendEmail(page, 'not-an-address');
      await dialog.getByText(REPORT_MSG.invalidEmail).waitFor();
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByLabel('E-mail address').fill('player@example.com');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('status').filter({ hasText: REPORT_MSG.resultSent }).waitFor({ timeout: 20_000 });
      await expect.poll(() => mailbox.mails.filter((m) => m.to.includes('player@example.com')).length).toBe(1);
      const mail = mailbox.mails.find((m) => m.to.includes('player@example.com'));
      expect(mail?.raw).toMatch(/application\/pdf/);

      // The questionnaire is offered until the server says the test is completed; then the
      // page says it was answered (the spec's warning is for an attempt to start it again).
      await page.getByRole('button', { name: 'Answer the COVID-19 questions' }).click();
      await page.waitForURL('**/additionalQuestion');
      await page.goBack();
      await page.getByRole('heading', { name: 'Passed' }).waitFor();
      server.exec('UPDATE test_results SET questionnaire_completed = 1 WHERE id = ?', id);
      await page.reload();
      await page.getByText('COVID-19 questions answered ✓').waitFor();
      expect(await page.getByRole('button', { name: 'Answer the COVID-19 questions' }).count()).toBe(0);

      // The provider's check: the server's record, nothing about the player.
      await page.goto(`${server.url}/verify/${id}`);
      const verified = page.getByTestId('verified');
      await verified.waitFor();
      expect(await verified.textContent()).toContain('4 of 5');
      expect(await verified.textContent()).toContain('DEMO1');
      expect(await page.locator('main').textContent()).not.toContain('Guest');
      await page.goto(`${server.url}/verify/${randomUUID()}`);
      await page.getByTestId('verify-missing').waitFor();
      expect((await page.getByTestId('verify-missing').textContent())?.trim()).toBe(REPORT_MSG.resultNotSynced);
    }));

  it("works with the network off until the end: PDF and image on the device, the e-mail goes out once when back online, with the server's text and PDF", () =>
    withOfflineDevice(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/scent/DEMO1`);
      await goOfflineWithDemoKit(page, context);
      await playFromLastCard(page);
      await openResult(page);

      const pdf = await download(page, 'Download PDF');
      expect(pdfText(pdf.file)).toContain('Guest Player');
      const image = await download(page, 'Download image');
      expect(PNG.sync.read(readFileSync(image.file)).width).toBeGreaterThan(600);
      // A pass must be signed by the server: the page says it needs a connection (the phone
      // may claim to be online with no working network, so the try itself tells it).
      const downloads: string[] = [];
      page.on('download', (d) => downloads.push(d.suggestedFilename()));
      await showMoreWays(page);
      const wallet = page.getByRole('button', { name: 'Add to Wallet' });
      if (!(await wallet.isDisabled())) await wallet.click();
      await page.getByTestId('wallet-offline').waitFor();
      expect((await page.getByTestId('wallet-offline').textContent())?.trim()).toBe(REPORT_MSG.passNeedsConnection);
      expect(downloads).toEqual([]);

      const before = mailbox.mails.length;
      await sendEmail(page, 'offline.player@example.com');
      await page.getByRole('status').filter({ hasText: REPORT_MSG.emailQueued }).waitFor({ timeout: 20_000 });
      await expect.poll(() => emailsWaiting(page)).toBe(1);
      expect(mailbox.mails.length).toBe(before);

      // Back online, the first reply to the e-mail upload is lost on the way back: the device
      // sends it again, and the server sends it once.
      let lost = 0;
      const pushed: unknown[] = [];
      await page.route('**/api/sync/emails/push', async (route) => {
        pushed.push(route.request().postDataJSON());
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
      await expect.poll(() => emailsWaiting(page), { timeout: 30_000 }).toBe(0);
      expect(lost).toBeGreaterThanOrEqual(2);
      // The device sends no PDF: the server makes it.
      expect(JSON.stringify(pushed)).not.toContain('pdfBase64');
      await expect.poll(() => mailbox.mails.length - before).toBe(1);
      expect(mailbox.mails.at(-1)?.to).toEqual(['offline.player@example.com']);
      // The server's text (naming no one) and the server's PDF, made from the stored record.
      const mail = await simpleParser(mailbox.mails.at(-1)?.raw ?? '');
      expect(mail.subject).toBe('Your Scentry smell screening result');
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.text).toContain('not a diagnosis');
      expect(mail.text).not.toContain('Guest');
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail.attachments).toHaveLength(1);
      const attached = path.join(tmp, `${randomUUID()}-emailed.pdf`);
      writeFileSync(attached, mail.attachments[0].content);
      const id = await storedResultId(page);
      const stored = server.sql<{ right: number }>(
        'SELECT right_answer_count AS right FROM test_results WHERE id = ?',
        id,
      );
      const emailed = pdfText(attached);
      expect(emailed).toContain('Guest Player');
      expect(emailed).toContain('DEMO1');
      expect(emailed).toContain(`${stored[0]?.right} of 5 scents named correctly`);
      expect(emailed).toContain(id.slice(0, 8));
      // Another sync later changes nothing: the reloaded app's sync run ends, still one mail.
      const synced = await lastSync(page);
      await page.reload();
      await page.getByRole('heading', { name: 'Passed' }).waitFor();
      await syncedSince(page, synced);
      expect(mailbox.mails.length - before).toBe(1);
    }));
});
