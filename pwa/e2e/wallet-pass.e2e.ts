import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/journey';
import { playDemoFast } from './support/player';
import { unzip } from './support/zip';

const shared = serverAndBrowser({ SEED_DEMO: 'on' });

const storedResultId = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId: string }).testResultId,
  );

describe('the wallet pass', () => {
  it('played online, the pass downloads as a signed zip whose pass.json is the stored result with a QR code of its verify link', async () => {
    const { server, browser } = shared;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
    try {
      const page = await context.newPage();
      // Play is not this journey's: from the last card, the app scoring and storing it.
      await playDemoFast(page, server.url);
      await page.getByRole('link', { name: 'See my result summary' }).click();
      await page.getByRole('link', { name: 'See my result', exact: true }).click();
      await page.waitForURL('**/result');
      await page.getByRole('heading', { name: 'Passed' }).waitFor();
      const id = await storedResultId(page);
      // The phone made a write key with the result, and the server holds its hash.
      await expect
        .poll(() => server.sql<{ k: string | null }>('SELECT write_key_hash AS k FROM test_results WHERE id = ?', id))
        .toEqual([{ k: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

      // The wallet pass sits behind "More ways to keep it" (the PDF and e-mail come first).
      await page.getByText('More ways to keep it').click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Add to Wallet' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pkpass$/);
      const file = await download.path();
      const files = unzip(await readFile(file));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature']));
      const manifest = JSON.parse(files['manifest.json'].toString('utf8')) as Record<string, string>;
      expect(manifest['pass.json']).toBe(createHash('sha1').update(files['pass.json']).digest('hex'));

      const pass = JSON.parse(files['pass.json'].toString('utf8'));
      expect(pass.serialNumber).toBe(id);
      expect(pass.barcodes).toHaveLength(1);
      expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });
      expect(pass.barcodes[0].message).toMatch(new RegExp(`^https?://[^/]+/verify/${id}$`));
      expect(pass.generic.primaryFields[0].value).toBe('Pass');
      expect(pass.generic.secondaryFields).toEqual([expect.objectContaining({ key: 'score', value: '4/5' })]);

      // What a provider's camera would open: the server's record of this result.
      await page.goto(pass.barcodes[0].message);
      await page.getByTestId('verified').waitFor();
      expect(await page.getByTestId('verified').textContent()).toContain('4 of 5');
    } finally {
      await context.close();
    }
  });
});
