import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { withContext } from './support/journey';
import { type Mailbox, startMailbox } from './support/mailbox';
import { playFromLastCard } from './support/player';
import { startServer, type TestServer } from './support/server';

/*
 * A Spanish device (issue 23): the result's PDF and image it makes are Spanish, and so is the
 * e-mail the server writes for it (subject, text and the attachment it draws), sent at once or
 * queued offline. The screens are driven by their structure and the kit's option names (which
 * are not translated), not by their English labels, so the journey holds whatever the screens'
 * own Spanish wording is.
 */

let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
const tmp = mkdtempSync(path.join(tmpdir(), 'scentry-spanish-report-'));
/** Where the PDF and the image are kept for a person to look at (optional). */
const keep = process.env.SPANISH_REPORT_OUT;

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

/** The demo kit's right answers with a wrong one on card 5: 4 of 5, a Pass (README). */
const PICKS = ['Lemon', 'Coffee', 'Rose', 'Mint', 'Coffee'];

/** A Spanish phone (390 × 844). */
const withSpanishPhone = (journey: (context: BrowserContext) => Promise<void>) =>
  withContext(browser, { locale: 'es-ES', acceptDownloads: true, timezoneId: 'UTC' }, async (context) => {
    // Location already answered on this device: the step after the last card is not shown.
    await context.addInitScript(() => localStorage.setItem('scentryLocation', 'declined'));
    await journey(context);
  });

async function download(page: Page, name: RegExp): Promise<string> {
  if (!/PDF/.test(name.source)) {
    const more = page.locator('details.result-more');
    if (!(await more.evaluate((d) => (d as HTMLDetailsElement).open))) await more.locator('summary').click();
  }
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const file = path.join(tmp, dl.suggestedFilename());
  await dl.saveAs(file);
  if (keep) {
    mkdirSync(keep, { recursive: true });
    copyFileSync(file, path.join(keep, path.basename(file)));
  }
  return file;
}

const pdfText = (file: string | Buffer) => {
  const out = spawnSync('pdftotext', ['-layout', typeof file === 'string' ? file : '-', '-'], {
    encoding: 'utf8',
    input: typeof file === 'string' ? undefined : file,
  });
  expect(out.status, out.stderr).toBe(0);
  return out.stdout;
};

interface ParsedMail {
  subject?: string;
  text?: string;
  attachments: { content: Buffer; filename?: string }[];
}
const { simpleParser } = createRequire(new URL('../../sync-server/package.json', import.meta.url))('mailparser') as {
  simpleParser: (raw: string) => Promise<ParsedMail>;
};

/** Opens the e-mail dialog, gives the address and sends. */
async function sendEmail(page: Page, address: string) {
  await page.getByRole('button', { name: /correo|e-?mail/i }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.locator('input[type="email"]').fill(address);
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'hidden' });
}

async function mailTo(address: string): Promise<ParsedMail> {
  await expect.poll(() => mailbox.mails.filter((m) => m.to.includes(address)).length, { timeout: 30_000 }).toBe(1);
  const raw = mailbox.mails.find((m) => m.to.includes(address))?.raw ?? '';
  return simpleParser(raw);
}

/** The Spanish report's words, the record's date in Spanish, and none of the English ones. */
function expectSpanishReport(text: string, pacificDay: string) {
  for (const s of [
    'Resultado de la prueba de olfato',
    'APROBADO',
    '4 de 5 aromas acertados',
    'Hora del Pacífico',
    pacificDay,
    'Tarjetas de aroma',
    'Su elección',
    'Verifique este informe',
    // The options by the Spanish names staff gave them (API.md "Names in the player's language").
    'Limón',
    'Participante invitado',
    // Not translated: the product labels, the kit's code.
    'OLFACTORY TEST KIT',
    'DEMO1',
  ])
    expect(text, s).toContain(s);
  for (const english of [
    'Smell screening result',
    'scents named correctly',
    'Pacific Time',
    'Your choice',
    'PASS',
    'Lemon',
    'Demo card',
    'Guest Player',
  ])
    expect(text, english).not.toContain(english);
}

describe('a Spanish report', () => {
  it('downloads a Spanish PDF and image, and the e-mails (at once and queued offline) are Spanish', () =>
    withSpanishPhone(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/scent/DEMO1`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      // Play is not this journey's: from the last card, the app scoring and storing it.
      await playFromLastCard(page, PICKS);
      await page.waitForURL(/\/pass$/);
      await page.goto(`${server.url}/result`);
      await page.getByTestId('score').waitFor();
      // The page's own words from the report's catalogue.
      await page.locator('.result-banner .eyebrow').filter({ hasText: 'Resultado de la prueba de olfato' }).waitFor();
      // The guest placeholder is the same word on screen as in the PDF.
      await page.locator('.report-details').getByText('Participante invitado').waitFor();

      const playedAt = await page.evaluate(() => JSON.parse(localStorage.getItem('testResultData') ?? '{}').playedAt);
      const pacificDay = new Intl.DateTimeFormat('es-US', {
        timeZone: 'America/Los_Angeles',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date(playedAt));
      expect(pacificDay).toMatch(/^\d{1,2} de [a-z]+ de \d{4}$/);

      const pdf = await download(page, /PDF/);
      expect(path.basename(pdf)).toMatch(/^Scentry-result-\d{2}-\d{2}-\d{4}\.pdf$/);
      expectSpanishReport(pdfText(pdf), pacificDay);
      // The document says its language (screen readers read it in Spanish).
      expect(readFileSync(pdf).toString('latin1')).toContain('/Lang (es)');

      const image = await download(page, /imag/i);
      const png = PNG.sync.read(readFileSync(image));
      expect(png.width).toBeGreaterThan(600);
      expect(png.height).toBeGreaterThan(png.width);

      // By e-mail: the server writes it in the player's language and draws the attachment so.
      await sendEmail(page, 'jugador@example.com');
      const mail = await mailTo('jugador@example.com');
      expect(mail.subject).toBe('Su resultado de la prueba de olfato de Scentry');
      expect(mail.text).toMatch(/^Hola:\n/);
      expect(mail.text).toContain(`realizada el ${pacificDay}, hora del Pacífico`);
      expect(mail.attachments).toHaveLength(1);
      expectSpanishReport(pdfText(mail.attachments[0].content), pacificDay);

      // Offline: the e-mail waits on the device with its language, and goes out Spanish when back.
      await context.setOffline(true);
      await sendEmail(page, 'sin-red@example.com');
      await expect.poll(() => page.getByTestId('emails-waiting').count()).toBe(1);
      expect(mailbox.mails.filter((m) => m.to.includes('sin-red@example.com'))).toHaveLength(0);
      const pushed: unknown[] = [];
      await page.route('**/api/sync/emails/push', async (route) => {
        pushed.push(route.request().postDataJSON());
        await route.continue();
      });
      await context.setOffline(false);
      // As result.e2e.ts: a phone fires 'online'; Chromium's emulation may not.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      const queued = await mailTo('sin-red@example.com');
      // The queued EmailDoc kept the language of the moment it was asked for.
      expect(pushed).toMatchObject([[{ newDocumentState: { email: 'sin-red@example.com', language: 'es' } }]]);
      expect(queued.subject).toBe('Su resultado de la prueba de olfato de Scentry');
      expectSpanishReport(pdfText(queued.attachments[0].content), pacificDay);
    }));
});
