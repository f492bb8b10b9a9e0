import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, WITH_SERVICE_WORKER } from './support/browser';
import { withContext as inContext } from './support/journey';
import { DEMO_PASS_PICKS, onOrigin, playDemo, playFromLastCard } from './support/player';
import { startServer, type TestServer } from './support/server';
import { auditScreen, shoot, VIEWPORTS } from './support/ux';

let server: TestServer;
/** This machine's Chromium as it is: no camera at all. */
let browser: Browser;
/** A Chromium with a (fake) camera, whose permission the page can be refused. */
let cameraBrowser: Browser;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'on' });
  browser = await launchBrowser();
  cameraBrowser = await launchBrowser(['--use-fake-device-for-media-stream']);
});

afterAll(async () => {
  await browser?.close();
  await cameraBrowser?.close();
  await server?.stop();
});

/** A new device (./support/journey.ts), in this machine's Chromium unless `on` says otherwise. */
const withContext = (
  options: BrowserContextOptions,
  journey: (context: BrowserContext) => Promise<void>,
  on: Browser = browser,
) => inContext(on, options, journey);

/** Only the last card right: 1 of 5, a Fail. */
const FAIL_PICKS = ['Rose', 'Banana', 'Lemon', 'Smoke', 'Orange'];

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function startGame(page: Page) {
  await page.goto(`${server.url}/home`);
  await page.getByRole('button', { name: 'Start Game' }).click();
  await page.waitForURL('**/scanQRCode', { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Scan your play kit' }).waitFor();
}

const codeField = (page: Page) => page.getByLabel('Or enter the code printed on your kit');

/**
 * The camera message's way out: "Enter the code instead" closes it and puts the focus in the code
 * field, on screen; "demo-1" typed there plays DEMO1.
 */
async function codeInstead(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: 'Enter the code instead' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('kit-code');
  const box = await codeField(page).boundingBox();
  const view = page.viewportSize();
  expect(box && view && box.y >= 0 && box.y + box.height <= view.height).toBe(true);
  expect(await codeField(page).getAttribute('placeholder')).not.toContain('DEMO1');
  await page.keyboard.type('demo-1');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForURL('**/scent/DEMO1', { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
}

describe('the scanner says the real camera problem and leads to the code field', () => {
  it('no camera on the device: its own message', () =>
    // Camera allowed, but this machine has none (no fake device): NotFoundError.
    withContext({ permissions: ['camera'], viewport: { width: 390, height: 844 } }, async (context) => {
      const page = await context.newPage();
      await startGame(page);
      await page.getByRole('button', { name: 'Tap to scan' }).click();
      const dialog = page.getByRole('dialog', { name: 'No camera found' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('camera-problem').textContent()).toContain('no camera');
      await codeInstead(page, dialog);
    }));

  it('permission refused: Camera Access Denied, asking to allow it and refresh', () =>
    // A camera is there, but this context was given no permission for it: NotAllowedError.
    withContext(
      { viewport: { width: 390, height: 844 } },
      async (context) => {
        const page = await context.newPage();
        await startGame(page);
        const dialog = page.getByRole('dialog', { name: 'Camera Access Denied' });
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.getByRole('button', { name: 'Tap to scan' }).click();
          await dialog.waitFor();
          await auditScreen(page, 'scan-camera-denied', { viewports: [viewport] });
          // Its two actions: equal buttons, stacked full width on a phone or side by side on one row.
          const actions = await dialog.locator('.camera-actions .button').evaluateAll((els) =>
            els.map((e) => {
              const r = e.getBoundingClientRect();
              return { top: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) };
            }),
          );
          const rowWidth = await dialog.locator('.camera-actions').evaluate((e) => e.getBoundingClientRect().width);
          expect(actions.length).toBe(2);
          expect(Math.abs(actions[0].width - actions[1].width), JSON.stringify(actions)).toBeLessThanOrEqual(1);
          expect(actions[0].height, JSON.stringify(actions)).toBe(actions[1].height);
          if (actions[0].top !== actions[1].top) {
            expect(actions[0].width, `${viewport.name}: stacked but not full width`).toBeGreaterThanOrEqual(
              rowWidth - 1,
            );
          }
          if (viewport.width < 400) expect(actions[0].top, viewport.name).not.toBe(actions[1].top);
          await dialog.getByRole('button', { name: 'OK' }).click();
          await expect.poll(() => dialog.isVisible()).toBe(false);
        }
        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByRole('button', { name: 'Tap to scan' }).click();
        await dialog.waitFor();
        const text = await dialog.getByTestId('camera-problem').textContent();
        expect(text).toContain('allow camera access');
        expect(text).toContain('refresh');
        await codeInstead(page, dialog);
      },
      cameraBrowser,
    ));

  it('camera in use by another app: Camera Access Denied, asking to close other apps', () =>
    withContext({ permissions: ['camera'], viewport: { width: 320, height: 568 } }, async (context) => {
      // Chromium cannot hold its camera busy from outside: its answer when it is (NotReadableError) is given here.
      await context.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('Could not start video source', 'NotReadableError'));
      });
      const page = await context.newPage();
      await startGame(page);
      await page.getByRole('button', { name: 'Tap to scan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Camera Access Denied' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('camera-problem').textContent()).toContain('close other apps');
      await codeInstead(page, dialog);
    }));
});

describe('calm player screens', () => {
  it('never moves nor covers an answer with the "ready to work offline" notice: held on the card, shown after it', async () => {
    // The two sizes at once, each on a device of its own: most of the time is the app's own (the
    // service worker's install, the notice's 4 s), not the machine's. Both run to their end.
    const sizes = [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ];
    const runs = await Promise.allSettled(
      sizes.map((viewport) =>
        withContext({ viewport, ...WITH_SERVICE_WORKER }, async (context) => {
          // When the notice is put on the page and taken off, and on which screen (from the first paint).
          await context.addInitScript(() => {
            const w = window as unknown as { __notice: { shownAt?: number; shownOn?: string; goneAt?: number } };
            w.__notice = {};
            new MutationObserver(() => {
              const on = !!document.querySelector('.update-banner');
              if (on && w.__notice.shownAt === undefined) {
                w.__notice.shownAt = performance.now();
                w.__notice.shownOn = location.pathname;
              }
              if (!on && w.__notice.shownAt !== undefined) w.__notice.goneAt ??= performance.now();
            }).observe(document, { childList: true, subtree: true });
          });
          const page = await context.newPage();
          await page.goto(`${server.url}/scent/DEMO1`);
          await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
          const firstOption = page.locator('.choice').first();
          await firstOption.waitFor();
          type Box = { top?: number; left?: number; notice: boolean; hits: boolean };
          const before: Box = await page.evaluate(() => {
            const r = document.querySelector('.choice')?.getBoundingClientRect();
            return { top: r?.top, left: r?.left, notice: false, hits: false };
          });
          // The first option and the notice, looked at on every frame from now on while card 1 is shown.
          await page.evaluate(() => {
            const w = window as unknown as { __seen: Box[]; __framesLeft?: number };
            w.__seen = [];
            const look = () => {
              const r = document.querySelector('.choice')?.getBoundingClientRect();
              const n = document.querySelector('.update-banner')?.getBoundingClientRect();
              const hits = !!r && !!n && r.left < n.right && n.left < r.right && r.top < n.bottom && n.top < r.bottom;
              w.__seen.push({ top: r?.top, left: r?.left, notice: !!n, hits });
              if (w.__framesLeft === undefined || w.__framesLeft-- > 0) requestAnimationFrame(look);
            };
            requestAnimationFrame(look);
          });
          // The service worker installs while card 1 is shown. Its "installed" event is what brings the
          // notice (vite-plugin-pwa's onOfflineReady), and comes before the worker is ready (activated):
          // once ready, the notice has arrived; 30 frames more see it drawn, were it not held.
          await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
          await page.evaluate(() => {
            (window as unknown as { __framesLeft: number }).__framesLeft = 30;
          });
          await page.waitForFunction(() => (window as unknown as { __framesLeft: number }).__framesLeft < 0);
          const seen = await page.evaluate(() => (window as unknown as { __seen: Box[] }).__seen);
          const tag = `${viewport.width}x${viewport.height}`;
          expect(seen.length, tag).toBeGreaterThan(20);
          for (const b of seen) {
            expect({ top: b.top, left: b.left }, `${tag}: first option moved`).toEqual({
              top: before.top,
              left: before.left,
            });
            expect(b.hits, `${tag}: notice over the first option`).toBe(false);
            expect(b.notice, `${tag}: a notice on the play screen`).toBe(false);
          }
          // Off the play screen, the held notice is shown, and closes by itself ~4 s after. At 390 px the
          // play is finished (the notice on Pass); at 320 px the game is left by the header's way back,
          // before any answer (the notice on the start).
          if (viewport.width === 390) await playDemo(page, DEMO_PASS_PICKS);
          else {
            await page.getByRole('link', { name: 'Back to the start' }).click();
            await page.waitForURL('**/home', { waitUntil: 'commit' });
          }
          const banner = page.locator('.update-banner');
          await banner.waitFor({ timeout: 10_000 });
          expect(await banner.textContent()).toContain('ready to work offline');
          await shoot(page, `${viewport.width === 390 ? 'pass' : 'home'}-with-offline-notice-${viewport.width}`);
          await banner.waitFor({ state: 'detached', timeout: 10_000 });
          const notice = await page.evaluate(
            () => (window as unknown as { __notice: { shownAt: number; shownOn: string; goneAt: number } }).__notice,
          );
          expect(notice.shownOn, `${tag}: shown on`).toMatch(/^\/(pass|home)$/);
          expect(
            notice.goneAt - notice.shownAt,
            `${tag}: closed sooner than 2.5 s after it was shown`,
          ).toBeGreaterThanOrEqual(2500);
        }),
      ),
    );
    for (const run of runs) if (run.status === 'rejected') throw run.reason;
  });

  it('shows a quiet "All uploaded" line when nothing waits, and Pass/Fail say how many were right', () =>
    withContext({ viewport: { width: 390, height: 844 } }, async (context) => {
      const page = await context.newPage();
      // The play is not this journey's subject: cards 1-4 as the device keeps them, card 5 on screen.
      await onOrigin(page, server.url);
      await playFromLastCard(page, DEMO_PASS_PICKS);
      await page.waitForURL('**/pass', { waitUntil: 'commit' });
      expect(await page.getByTestId('score').textContent()).toBe('4 of 5 scents named correctly');
      await expect.poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 20_000 }).toBe('0');
      const status = page.getByRole('complementary', { name: 'Upload status' });
      await expect.poll(() => status.textContent()).toContain('All uploaded');
      expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);

      // A result that cannot upload (the network drops it) waits: then the panel says so and offers Sync now.
      await page.route('**/api/sync/results/push', (route) => route.abort('connectionreset'));
      await playFromLastCard(page, FAIL_PICKS);
      await page.waitForURL('**/fail', { waitUntil: 'commit' });
      expect(await page.getByTestId('score').textContent()).toBe('1 of 5 scents named correctly');
      await expect.poll(() => page.getByTestId('waiting-count').textContent()).toBe('1');
      const syncNow = page.getByRole('button', { name: 'Sync now' });
      await expect.poll(() => syncNow.isEnabled()).toBe(true);
      await page.unroute('**/api/sync/results/push');
      await syncNow.click();
      await expect.poll(() => page.getByTestId('waiting-count').textContent(), { timeout: 20_000 }).toBe('0');
      await expect.poll(() => syncNow.count()).toBe(0);
    }));
});

/**
 * The app's /home drawn, Start Game on it. The hint is decided when the player frame first renders
 * (its state starts from the browser and the device's storage) and drawn in the frame above the
 * screen, so it is on the page no later than Start Game (the page's HTML shell has no Start Game):
 * once Start Game shows, a hint not there will not come.
 */
async function startGameShown(page: Page) {
  await page.locator('#root').getByRole('button', { name: 'Start Game' }).waitFor();
}

describe('the add-to-home-screen hint', () => {
  it('shows once to Safari on an iPhone, never on a card', () =>
    withContext({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 } }, async (context) => {
      const page = await context.newPage();
      const hint = page.getByRole('complementary', { name: 'Keep Scentry on your iPhone' });
      // Arriving from the printed QR code: not over the card.
      await page.goto(`${server.url}/scent/DEMO1`);
      await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
      expect(await hint.count()).toBe(0);
      // The next screen outside play shows it, with the reason and the two taps.
      await page.goto(`${server.url}/home`);
      await hint.waitFor();
      expect(await hint.textContent()).toContain("Safari may clear this site's data after days without use");
      expect(await hint.textContent()).toContain('Add to Home Screen');
      await auditScreen(page, 'home-install-hint');
      // It stays through the visit until dismissed…
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.waitForURL('**/scanQRCode', { waitUntil: 'commit' });
      await hint.waitFor();
      await hint.getByRole('button', { name: 'Got it' }).click();
      await expect.poll(() => hint.count()).toBe(0);
      // …and never comes back.
      await page.goto(`${server.url}/home`);
      await startGameShown(page);
      expect(await hint.count()).toBe(0);
    }));

  it('is shown once even when not dismissed', () =>
    withContext({ userAgent: IPHONE_SAFARI }, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/home`);
      await page.getByRole('complementary', { name: /Keep Scentry on your/ }).waitFor();
      await page.reload();
      await startGameShown(page);
      expect(await page.getByRole('complementary', { name: /Keep Scentry on your/ }).count()).toBe(0);
    }));

  it('never shows on desktop Chrome', () =>
    withContext({ userAgent: DESKTOP_CHROME }, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/home`);
      await startGameShown(page);
      expect(await page.getByRole('complementary', { name: /Keep Scentry on your/ }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('scentryInstallHintShown'))).toBeNull();
    }));
});

describe('the player screens audit', () => {
  for (const viewport of VIEWPORTS) {
    it(`has no axe violations, no target under 44 px and no sideways scrolling at ${viewport.width}x${viewport.height}`, () =>
      withContext({ viewport }, async (context) => {
        const page = await context.newPage();
        const audit = (screen: string) => auditScreen(page, screen, { viewports: [viewport] });

        await page.goto(`${server.url}/home`);
        await page.getByRole('button', { name: 'Start Game' }).waitFor();
        await audit('home');

        await page.getByRole('button', { name: 'Start Game' }).click();
        await page.waitForURL('**/scanQRCode', { waitUntil: 'commit' });
        await page.getByRole('heading', { name: 'Scan your play kit' }).waitFor();
        await audit('scan');
        // Its camera message (this browser has no camera; the refused one is audited above).
        await page.getByRole('button', { name: 'Tap to scan' }).click();
        const dialog = page.getByRole('dialog', { name: 'No camera found' });
        await dialog.waitFor();
        await audit('scan-no-camera');
        await dialog.getByRole('button', { name: 'OK' }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);

        await page.goto(`${server.url}/addOrganizationPage`);
        await page.getByRole('heading', { name: 'Your Profile:' }).waitFor();
        await audit('profile');

        await page.goto(`${server.url}/scent/DEMO1`);
        await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
        await page
          .locator('label.chip')
          .filter({ hasText: /^3\s*Moderate$/ })
          .click();
        await audit('scent-card-1');
        // The play screens' own journeys play every card; here the screens after it are the subject.
        await playFromLastCard(page); // four of five right: a Pass
        await page.waitForURL('**/pass', { waitUntil: 'commit' });
        await page.getByTestId('score').waitFor();
        await audit('pass');

        await page.getByRole('link', { name: 'See my result summary' }).click();
        await page.waitForURL('**/summary', { waitUntil: 'commit' });
        await page.getByRole('heading', { name: 'Your summary' }).waitFor();
        await audit('summary');

        await page.getByRole('link', { name: 'See my result', exact: true }).click();
        await page.waitForURL('**/result', { waitUntil: 'commit' });
        await page.getByRole('heading', { name: 'Passed' }).waitFor();
        await audit('result');

        await page.goto(`${server.url}/userMedicationQuestion`);
        await page.getByRole('heading', { name: 'Medical and family history' }).waitFor();
        await audit('medical');

        await page.goto(`${server.url}/additionalQuestion`);
        await page.getByRole('heading', { name: 'Additional Questions' }).waitFor();
        await audit('questionnaire');

        await page.goto(`${server.url}/legal/privacy`);
        await page.locator('#legal-title').waitFor();
        await audit('legal-privacy');

        await playFromLastCard(page, FAIL_PICKS);
        await page.waitForURL('**/fail', { waitUntil: 'commit' });
        await page.getByTestId('score').waitFor();
        await audit('fail');
      }));
  }
});
