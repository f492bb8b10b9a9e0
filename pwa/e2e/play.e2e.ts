import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLAY_MSG } from '@scentry/shared-schema';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, WITH_SERVICE_WORKER } from './support/browser';
import { CatalogueApi } from './support/catalogue';
import { withContext as inContext } from './support/journey';
import { answerLocationStep, onOrigin, playFromLastCard } from './support/player';
import { startServer, storedAnswers, type TestServer } from './support/server';
import { apiToken } from './support/sign-in';
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

/** The demo kit's correct answers (README), and an answer to each card that is wrong. */
const RIGHT = ['Lemon', 'Coffee', 'Rose', 'Mint', 'Orange'];
const WRONG = ['Rose', 'Banana', 'Chocolate', 'Smoke', 'Coffee'];

/** Each journey has a browser context (storage, service worker) of its own, closed even when it fails. */
const withContext = (journey: (context: BrowserContext) => Promise<void>): Promise<void> =>
  inContext(browser, {}, journey);
/** The same with the service worker: a device that can play offline. */
const withOfflineDevice = (journey: (context: BrowserContext) => Promise<void>): Promise<void> =>
  inContext(browser, WITH_SERVICE_WORKER, journey);

/** A browser whose camera films the given QR code (Chromium's fake capture device). */
async function withCameraOn<T>(name: string, png: Buffer, journey: (page: Page) => Promise<T>): Promise<T> {
  const video = path.join(tmp, `${name}.y4m`);
  writeY4m(video, png);
  const camBrowser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  try {
    return await journey(await camBrowser.newPage());
  } finally {
    await camBrowser.close();
  }
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
  await answerLocationStep(page);
  return picked;
}

const waiting = (page: Page) => page.getByTestId('waiting-count').first().textContent();

async function openKitOnline(context: BrowserContext, at: TestServer = server): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${at.url}/scent/DEMO1`);
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

function resultRows(at: TestServer = server) {
  return at.sql<{ id: string; result_status: string; right_answer_count: number }>(
    'SELECT id, result_status, right_answer_count FROM test_results ORDER BY created_at',
  );
}

describe('play', () => {
  it('scans the kit QR code from the camera (as the admin downloads it) and the bare code, and starts play in the app', async () => {
    const kit = await new CatalogueApi(server.url, await apiToken(server.url)).kitByName('DEMO1');
    const qrPng = Buffer.from(kit.qrCode.split(',')[1], 'base64');
    const bareQr = await QRCode.toBuffer('DEMO1', { margin: 4, width: 360 });

    // The two codes at once, each filmed by a browser of its own.
    const runs = await Promise.allSettled(
      (
        [
          ['kit-url', qrPng],
          ['bare-code', bareQr],
        ] as const
      ).map(([name, png]) =>
        withCameraOn(name, png, async (page) => {
          await page.goto(`${server.url}/home`);
          await page.getByRole('button', { name: 'Start Game' }).click();
          await page.waitForURL('**/scanQRCode');
          await page.getByRole('button', { name: 'Tap to scan' }).click();
          await page.waitForURL('**/scent/DEMO1', { timeout: 20_000 });
          await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
          // In the app, not a reload: the player data set by Start Game is still there.
          expect(await page.evaluate(() => localStorage.getItem('safePassData'))).toContain('Guest');
        }),
      ),
    );
    for (const run of runs) if (run.status === 'rejected') throw run.reason;
  });

  it('tells a player that a QR code or typed text that can lead to no kit is invalid, and stays on the scanner', async () => {
    const notAKit = await QRCode.toBuffer('WIFI:S:Cafe;T:WPA;P:secret;;', { margin: 4, width: 360 });
    await withCameraOn('not-a-kit', notAKit, async (page) => {
      // A kit is looked up through the kit pull: text that can be no kit's code never gets that far.
      const kitLookups: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/sync/kits/pull') kitLookups.push(r.postData() ?? '');
      });
      // Every invalid-kit notification put on the page, counted: a new one is told from the one
      // before (still shown for its 3.5 s) without waiting for that one to go.
      await page.addInitScript((message) => {
        const w = window as unknown as { __invalidKit: number };
        w.__invalidKit = 0;
        new MutationObserver((records) => {
          for (const r of records)
            for (const n of r.addedNodes)
              if (n instanceof HTMLElement && n.matches('.toast') && n.textContent?.includes(message)) w.__invalidKit++;
        }).observe(document, { childList: true, subtree: true });
      }, PLAY_MSG.invalidKit);
      const invalidKitToasts = () => page.evaluate(() => (window as unknown as { __invalidKit: number }).__invalidKit);
      await page.goto(`${server.url}/home`);
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/scanQRCode');
      await page.getByRole('button', { name: 'Tap to scan' }).click();
      // The error notification with the spec's exact text, and the scanner is offered again.
      const toast = page.getByRole('alert').filter({ hasText: PLAY_MSG.invalidKit });
      await toast.waitFor({ timeout: 20_000 });
      expect((await toast.textContent())?.trim()).toBe(PLAY_MSG.invalidKit);
      expect(await invalidKitToasts()).toBe(1);
      await page.getByRole('button', { name: 'Tap to scan' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/scanQRCode');
      expect(kitLookups).toEqual([]);

      // Typed text that no kit code can be: told at once, the text kept for correcting.
      const input = page.getByLabel('Or enter the code printed on your kit');
      // (Spaces and dashes are read leniently, "DEMO-1" is DEMO1: a question mark is no separator.)
      await input.fill('DEMO?1');
      await page.getByRole('button', { name: 'Play' }).click();
      await expect.poll(invalidKitToasts).toBe(2);
      await toast.first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/scanQRCode');
      expect(await input.inputValue()).toBe('DEMO?1');
      expect(kitLookups).toEqual([]);

      // A code longer than any kit's (61 letters) is invalid at once too, not "Something went wrong".
      await input.fill('K'.repeat(61));
      await page.getByRole('button', { name: 'Play' }).click();
      await expect.poll(invalidKitToasts).toBe(3);
      await toast.first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/scanQRCode');
      expect(kitLookups).toEqual([]);

      // Opened as /scent/<61 letters> (the server refuses such a code with a 400): the invalid-kit
      // notification, and back to the scanner (a new page: the notifications before it are gone).
      await page.goto(`${server.url}/scent/${'K'.repeat(61)}`);
      await toast.waitFor({ timeout: 10_000 });
      expect(await invalidKitToasts()).toBe(1);
      await page.waitForURL('**/scanQRCode', { waitUntil: 'commit' });
      expect(await page.getByRole('alert').filter({ hasText: PLAY_MSG.somethingWrong }).count()).toBe(0);
    });
  });

  it('explains a missing camera, and sends a visitor with no player from the scanner to the start', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/scanQRCode`);
      await page.waitForURL('**/home');
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/scanQRCode');
      // This browser has no camera device at all (a refused one is in player-calm.e2e.ts).
      await page.getByRole('button', { name: 'Tap to scan' }).click();
      const modal = page.getByRole('dialog', { name: 'No camera found' });
      await modal.waitFor();
      expect(await modal.textContent()).toContain('no camera');
      await modal.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => modal.isVisible()).toBe(false);
    }));

  it('plays a kit offline after one online visit, then uploads the result exactly once', () =>
    withOfflineDevice(async (context) => {
      const before = resultRows().length;
      const page = await openKitOnline(context);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
      const picked = await playAll(page, (card) => RIGHT[card - 1]);
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
      const details = storedAnswers(server, stored.id);
      expect(details.map((d) => d.answer_name)).toEqual(picked.map((p) => p.option));
      expect(details.map((d) => d.smell_intensity)).toEqual(picked.map((p) => p.intensity));

      // The summary survives a reload: average intensity = (1+2+3+4+5) / 5.
      await page.goto(`${server.url}/summary`);
      await page.reload();
      expect(await page.getByTestId('average-intensity').textContent()).toContain('3.0');
    }));

  it('shows the stored result on /pass and /fail whichever is opened, and sends a player with none to the start', () =>
    withContext(async (context) => {
      const page = await context.newPage();
      const badge = page.locator('.outcome .badge');

      // A Fail: opening /pass (typed, bookmarked, reloaded) shows the Fail screen at /fail. (The
      // play is not the subject: cards 1-4 as the device keeps them, card 5 on screen.)
      await onOrigin(page, server.url);
      await playFromLastCard(page, WRONG);
      await page.waitForURL('**/fail');
      await page.getByRole('heading', { name: 'Thanks for playing' }).waitFor();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('testResultData') ?? '{}').resultStatus)).toBe(
        'Fail',
      );
      await page.goto(`${server.url}/pass`);
      await page.waitForURL('**/fail');
      await page.getByRole('heading', { name: 'Thanks for playing' }).waitFor();
      expect(await badge.textContent()).toBe('Fail');
      expect(await page.getByText('Well done!').count()).toBe(0);
      expect(await page.getByText('Pass', { exact: true }).count()).toBe(0);

      // A Pass: opening /fail shows the Pass screen at /pass.
      await playFromLastCard(page, RIGHT);
      await page.waitForURL('**/pass');
      await page.goto(`${server.url}/fail`);
      await page.waitForURL('**/pass');
      await page.getByRole('heading', { name: 'Well done!' }).waitFor();
      expect(await badge.textContent()).toBe('Pass');
      expect(await page.getByText('Thanks for playing').count()).toBe(0);

      // Start Game forgets the result: neither address has anything to show.
      await page.goto(`${server.url}/home`);
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/scanQRCode');
      for (const outcome of ['/pass', '/fail']) {
        await page.goto(`${server.url}${outcome}`);
        await page.waitForURL('**/home');
        await page.getByRole('button', { name: 'Start Game' }).waitFor();
      }
    }));

  /**
   * "Sync now" until nothing waits: the button is disabled while the device's own retry (with its
   * backoff) is under way, which on a busy machine can take a while; a tap then is only sooner.
   */
  async function syncUntilNothingWaits(page: Page): Promise<void> {
    const syncNow = page.getByRole('button', { name: 'Sync now' });
    await expect
      .poll(
        async () => {
          const left = await waiting(page);
          if (left !== '0' && (await syncNow.isEnabled().catch(() => false)))
            await syncNow.click({ timeout: 2_000 }).catch(() => undefined);
          return left;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('0');
  }

  it('loses and doubles nothing when the server dies while results wait, or when a stored reply is lost', async () => {
    // A server of its own: this journey stops it, and no other journey may notice.
    let own = await startServer({ SEED_DEMO: 'on' });
    const { port, dataDir } = own;
    const context = await browser.newContext(WITH_SERVICE_WORKER);
    try {
      const page = await openKitOnline(context, own);
      await context.setOffline(true);
      // Played offline from the device (the play is not the subject): cards 1-4 kept, card 5 on screen.
      await playFromLastCard(page);
      await page.waitForURL(/\/(pass|fail)$/);
      await expect.poll(() => waiting(page)).toBe('1');
      const before = resultRows(own).length;

      // The server goes down; the phone comes back online: the upload is tried, fails, and waits.
      await own.stop({ keepData: true });
      const failedUpload = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/sync/results/push'));
      await context.setOffline(false);
      await failedUpload;
      await expect.poll(() => page.getByRole('button', { name: 'Sync now' }).isEnabled()).toBe(true);
      expect(await waiting(page)).toBe('1');

      // The server returns on the same data: the next try uploads it once.
      own = await startServer({ SEED_DEMO: 'on' }, dataDir, port);
      await syncUntilNothingWaits(page);
      expect(resultRows(own).length).toBe(before + 1);

      // A result the server stores but whose reply never reaches the phone: the retry is a no-op.
      let dropped = 0;
      await page.route('**/api/sync/results/push', async (route) => {
        await route.fetch(); // the server commits…
        dropped++;
        await route.abort('connectionreset'); // …and the phone never hears back
      });
      await playFromLastCard(page);
      await page.waitForURL(/\/(pass|fail)$/);
      await expect.poll(() => dropped).toBeGreaterThan(0);
      await expect.poll(() => waiting(page)).toBe('1');
      expect(resultRows(own).length).toBe(before + 2);
      // (A retry may be in the handler still: it finishes as above before the route goes.)
      await page.unrouteAll({ behavior: 'wait' });
      await syncUntilNothingWaits(page);
      expect(resultRows(own).length).toBe(before + 2);
    } finally {
      await context.close();
      await own.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('shows a result the server refuses as not uploaded, with the reason, and never sends it again', () =>
    withContext(async (context) => {
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
      await playFromLastCard(page);
      await page.waitForURL(/\/(pass|fail)$/);
      await page.getByText('Not uploaded:').waitFor();
      await page.getByText('Smell intensity must be a whole number from 0 to 5').waitFor();
      expect(await waiting(page)).toBe('0');
      expect(pushedIds.length).toBe(1);

      // Another sync runs to its end (a sync pushes what waits, then refreshes the kits): nothing
      // was pushed on the way.
      const later = new Set<Request>();
      page.on('request', (r) => later.add(r));
      const pulled = page.waitForResponse(
        (r) => later.has(r.request()) && new URL(r.url()).pathname === '/api/sync/kits/pull',
      );
      await page.getByRole('button', { name: 'Sync now' }).click();
      expect((await pulled).ok()).toBe(true);
      expect(pushedIds.length).toBe(1);
      expect(resultRows().length).toBe(before);
    }));

  it('tells an offline player that a kit never opened needs one connection, and an unknown code is invalid', () =>
    withOfflineDevice(async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/home`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.getByLabel('Or enter the code printed on your kit').fill('NOSUCHKIT');
      await page.getByRole('button', { name: 'Play' }).click();
      await page.getByRole('alert').filter({ hasText: PLAY_MSG.invalidKit }).waitFor();
      await page.waitForURL('**/scanQRCode');
      await context.setOffline(true);
      await page.goto(`${server.url}/scent/DEMO1`);
      await page.getByText('has not been downloaded to this device yet').waitFor();
    }));
});
