import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { playDemoFast } from './support/player';
import { startServer, type TestServer } from './support/server';

/*
 * A player whose name is in other scripts downloads the report as a PDF and as an image: the
 * device fetches only the fonts of those scripts, once the report is made (never on the first
 * load), and the PDF's text gives the name back as written. The PNG is kept (REPORT_OUT_DIR) to
 * be looked at.
 */

let server: TestServer;
let browser: Browser;
const tmp = mkdtempSync(path.join(tmpdir(), 'scentry-scripts-'));
const out = process.env.REPORT_OUT_DIR ?? tmp;

beforeAll(async () => {
  mkdirSync(out, { recursive: true });
  server = await startServer({ SEED_DEMO: 'on' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

const FIRST = 'Ольга-Łucja 李雷';
const LAST = 'עברית देवनागरी محمد العربي';

async function download(page: Page, button: string, name: string): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const file = path.join(out, name);
  await dl.saveAs(file);
  return file;
}

describe('the report in every script', () => {
  it('prints a name in Cyrillic, Latin, Han, Hebrew, Arabic and Devanagari in the PDF and the image', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    try {
      const page = await context.newPage();
      const fonts: string[] = [];
      page.on('request', (r) => {
        const p = new URL(r.url()).pathname;
        if (/\.(ttf|wasm)$/.test(p)) fonts.push(path.basename(p));
      });
      // Play (from its last card: play is not this journey's).
      await playDemoFast(page, server.url);
      // No font of another script comes with play.
      expect(fonts).toEqual([]);
      // The name as the device keeps it (the medical form's own validation is not this journey's).
      await page.evaluate(
        ([first, last]) => {
          const player = JSON.parse(localStorage.getItem('safePassData') ?? '{}');
          localStorage.setItem('safePassData', JSON.stringify({ ...player, FirstName: first, LastName: last }));
        },
        [FIRST, LAST],
      );
      await page.getByRole('link', { name: 'See my result summary' }).click();
      await page.waitForURL('**/summary');
      await page.getByRole('link', { name: 'See my result', exact: true }).click();
      await page.waitForURL('**/result');
      await page.getByRole('heading', { name: 'Passed' }).waitFor();
      expect(fonts).toEqual([]);

      const pdf = await download(page, 'Download PDF', 'scripts.pdf');
      const text = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })
        .stdout.normalize('NFC')
        // poppler's bidi embedding marks around right-to-left words are not letters.
        .replace(/[\u202a-\u202e]/g, '');
      for (const part of [...FIRST.split(' '), ...LAST.split(' ')]) expect(text, part).toContain(part.normalize('NFC'));
      expect(text).not.toContain('U+');
      // Only the fonts of these scripts, and HarfBuzz for the shaped ones.
      const fetched = fonts.map((f) => f.replace(/-[\w-]{8}\.(ttf|wasm)$/, '.$1')).sort();
      expect(fetched).toEqual(
        ['arabic.ttf', 'devanagari.ttf', 'han-12.ttf', 'han-36.ttf', 'harfbuzz.wasm', 'hebrew.ttf', 'latin.ttf'].sort(),
      );

      await page.getByText('More ways to keep it').click();
      const image = await download(page, 'Download image', 'scripts.png');
      const png = PNG.sync.read(readFileSync(image));
      expect(png.width).toBeGreaterThan(600);
      // The image is drawn from the fonts already fetched: nothing more comes.
      expect(fonts.length).toBe(fetched.length);
    } finally {
      await context.close();
    }
  });
});
