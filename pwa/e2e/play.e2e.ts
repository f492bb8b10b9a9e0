import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { ADMIN, startServer, type TestServer } from './support/server';
import { writeY4m } from './support/y4m';

const requireFromServer = createRequire(new URL('../../sync-server/package.json', import.meta.url));
const QRCode = requireFromServer('qrcode') as { toBuffer: (text: string, o: object) => Promise<Buffer> };

let server: TestServer;
let browser: Browser;
const tmp = mkdtempSync(path.join(tmpdir(), 'scentry-play-'));

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'on' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/User/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: ADMIN.email, Password: ADMIN.password }),
  });
  return (await res.json()).data.token;
}

/** Plays every card: rates intensity, then picks the named option (or the first one). */
async function playAll(page: Page, pick: (card: number) => string | null = () => null) {
  const picked: { card: number; option: string; intensity: number }[] = [];
  for (let i = 1; i <= 5; i++) {
    await page.getByRole('heading', { name: `SCENT ${i}` }).waitFor();
    const intensity = i % 6;
    const label = ['No smell', 'Very weak', 'Weak', 'Moderate', 'Strong', 'Very strong'][intensity];
    await page
      .locator('label.chip')
      .filter({ hasText: new RegExp(`^${intensity}\\s*${label}$`) })
      .click();
    expect(await page.getByRole('radio', { name: `${intensity} ${label}` }).isChecked()).toBe(true);
    const buttons = page.locator('.choice');
    const want = pick(i);
    const button = want ? buttons.filter({ hasText: want }) : buttons.first();
    const option = ((await button.textContent()) ?? '').trim();
    await button.click();
    picked.push({ card: i, option, intensity });
  }
  return picked;
}

const waiting = (page: Page) => page.getByTestId('waiting-count').first().textContent();

async function openKitOnline(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/scent/DEMO1`);
  await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
  // The kit and its ten pictures are on the device, and the service worker holds the app.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('scentry-images');
        return (await cache.keys()).length;
      }),
    )
    .toBe(10);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  return page;
}

function resultRows() {
  return server.sql<{ id: string; result_status: string; right_answer_count: number }>(
    'SELECT id, result_status, right_answer_count FROM test_results ORDER BY created_at',
  );
}

describe('play', () => {
  it('scans the kit QR code from the camera (as the admin downloads it) and the bare code, and starts play in the app', async () => {
    const token = await adminToken();
    const kits = await (
      await fetch(`${server.url}/api/TestKit/GetTestKit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ pageNumber: 1, rowsPerPage: 10 }),
      })
    ).json();
    const kitId = kits.data.list.find((k: { name: string }) => k.name === 'DEMO1').id;
    const kit = await (
      await fetch(`${server.url}/api/TestKit/GetTestKitById?Id=${kitId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const qrPng = Buffer.from(kit.data.qrCode.split(',')[1], 'base64');
    const bareQr = await QRCode.toBuffer('DEMO1', { margin: 4, width: 360 });

    for (const [name, png] of [
      ['kit-url', qrPng],
      ['bare-code', bareQr],
    ] as const) {
      const video = path.join(tmp, `${name}.y4m`);
      writeY4m(video, png);
      const camBrowser = await launchBrowser([
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ]);
      try {
        const page = await camBrowser.newPage();
        await page.goto(`${server.url}/home`);
        await page.getByRole('button', { name: 'Start Game' }).click();
        await page.waitForURL('**/scanQRCode');
        await page.getByRole('button', { name: 'Tap to scan' }).click();
        await page.waitForURL('**/scent/DEMO1', { timeout: 20_000 });
        await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
        // In the app, not a reload: the player data set by Start Game is still there.
        expect(await page.evaluate(() => localStorage.getItem('safePassData'))).toContain('Guest');
      } finally {
        await camBrowser.close();
      }
    }
  });

  it('explains a refused camera, and sends a visitor with no player from the scanner to the start', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/scanQRCode`);
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL('**/scanQRCode');
    // No camera permission was granted to this context: the browser refuses it.
    await page.getByRole('button', { name: 'Tap to scan' }).click();
    const modal = page.getByRole('dialog', { name: 'Camera Access Denied' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain('allow camera access');
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await context.close();
  });

  it('plays a kit offline after one online visit, then uploads the result exactly once', async () => {
    const before = resultRows().length;
    const context = await browser.newContext();
    const page = await openKitOnline(context);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    // The correct answers of the demo kit: Lemon, Coffee, Rose, Mint, Orange.
    const answers = ['Lemon', 'Coffee', 'Rose', 'Mint', 'Orange'];
    const picked = await playAll(page, (card) => answers[card - 1]);
    await page.waitForURL('**/pass');
    await page.getByText('Collect all cards for more chances to win!').waitFor();
    await expect.poll(() => waiting(page)).toBe('1');
    expect(resultRows().length).toBe(before);

    await context.setOffline(false);
    await expect.poll(() => waiting(page), { timeout: 20_000 }).toBe('0');
    const rows = resultRows();
    expect(rows.length).toBe(before + 1);
    const stored = rows[rows.length - 1];
    expect(stored).toMatchObject({ result_status: 'Pass', right_answer_count: 5 });
    const details = server.sql<{ answer_name: string; smell_intensity: number }>(
      'SELECT answer_name, smell_intensity FROM test_result_details WHERE test_result_id = ? ORDER BY card_sort_order',
      stored.id,
    );
    expect(details.map((d) => d.answer_name)).toEqual(picked.map((p) => p.option));
    expect(details.map((d) => d.smell_intensity)).toEqual(picked.map((p) => p.intensity));

    // The summary survives a reload: average intensity = (1+2+3+4+5) / 5.
    await page.goto(`${server.url}/summary`);
    await page.reload();
    expect(await page.getByTestId('average-intensity').textContent()).toContain('3.0');
    await context.close();
  });

  it('loses and doubles nothing when the server dies while results wait, or when a stored reply is lost', async () => {
    const context = await browser.newContext();
    const page = await openKitOnline(context);
    await context.setOffline(true);
    await page.reload();
    await playAll(page);
    await page.waitForURL(/\/(pass|fail)$/);
    await expect.poll(() => waiting(page)).toBe('1');
    const before = resultRows().length;

    // The server goes down; the phone comes back online: the upload fails and the result waits.
    const { port, dataDir } = server;
    await server.stop({ keepData: true });
    await context.setOffline(false);
    await page.waitForTimeout(1500);
    expect(await waiting(page)).toBe('1');

    // The server returns on the same data: the next try uploads it once.
    server = await startServer({ SEED_DEMO: 'on' }, dataDir, port);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => waiting(page), { timeout: 20_000 }).toBe('0');
    expect(resultRows().length).toBe(before + 1);

    // A result the server stores but whose reply never reaches the phone: the retry is a no-op.
    let dropped = 0;
    await page.route('**/api/sync/results/push', async (route) => {
      await route.fetch(); // the server commits…
      dropped++;
      await route.abort('connectionreset'); // …and the phone never hears back
    });
    await page.goto(`${server.url}/scent/DEMO1`);
    await playAll(page);
    await page.waitForURL(/\/(pass|fail)$/);
    await expect.poll(() => dropped).toBeGreaterThan(0);
    await expect.poll(() => waiting(page)).toBe('1');
    expect(resultRows().length).toBe(before + 2);
    await page.unroute('**/api/sync/results/push');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => waiting(page), { timeout: 20_000 }).toBe('0');
    expect(resultRows().length).toBe(before + 2);
    await context.close();
  });

  it('shows a result the server refuses as not uploaded, with the reason, and never sends it again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pushedIds: string[] = [];
    // The phone's copy is corrupted on the way (an intensity the rules do not allow).
    await page.route('**/api/sync/results/push', async (route) => {
      const rows = JSON.parse(route.request().postData() ?? '[]');
      for (const row of rows) {
        pushedIds.push(row.newDocumentState.id);
        row.newDocumentState.answers[0].smellIntensity = 9;
      }
      await route.continue({ postData: JSON.stringify(rows) });
    });
    const before = resultRows().length;
    await page.goto(`${server.url}/scent/DEMO1`);
    // Straight from a printed QR code: no stored player, the placeholder names the result.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('safePassData')))
      .toBe(JSON.stringify({ FirstName: 'Guest', LastName: 'Player' }));
    await playAll(page);
    await page.waitForURL(/\/(pass|fail)$/);
    await page.getByText('Not uploaded:').waitFor();
    await page.getByText('Smell intensity must be a whole number from 0 to 5').waitFor();
    expect(await waiting(page)).toBe('0');
    const sent = pushedIds.length;
    expect(sent).toBe(1);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.waitForTimeout(1000);
    expect(pushedIds.length).toBe(sent);
    expect(resultRows().length).toBe(before);
    await context.close();
  });

  it('tells an offline player that a kit never opened needs one connection, and an unknown code is invalid', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/home`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.getByLabel('Or enter the code printed on your kit').fill('NOSUCHKIT');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByText('Invalid Secret / QR code scanned, Please try again!').waitFor();
    await page.waitForURL('**/scanQRCode');
    await context.setOffline(true);
    await page.goto(`${server.url}/scent/DEMO1`);
    await page.getByText('has not been downloaded to this device yet').waitFor();
    await context.close();
  });
});
