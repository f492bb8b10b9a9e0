import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pulledKit, pushPlay, signedInState } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { auditScreen, shoot } from './support/ux';

/*
 * Issue 24's map: four results played in New York (three Pass, one Fail) are one group that says
 * 4 and shows its Fail (never a lone green dot); the map opens fitted to its results; a group is
 * reached by click and by keyboard; Leaflet's zoom buttons are 44 px on a touch screen; axe.
 */

let server: TestServer;
let browser: Browser;

const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };

/** One play of DEMO1 pushed as a device does: all right (Pass) or all wrong (Fail), in New York. */
const play = (kit: Awaited<ReturnType<typeof pulledKit>>, order: number, pass: boolean) =>
  pushPlay(server.url, kit, {
    firstName: 'City',
    lastName: `Player${order}`,
    right: pass ? 5 : 0,
    order,
    at: NEW_YORK,
  });

beforeAll(async () => {
  // MAP_TILE_URL unset: the packaged outlines.
  // The server and the browser start together.
  [server, browser] = await Promise.all([startServer({ SEED_DEMO: 'on' }), launchBrowser()]);
  const kit = await pulledKit(server.url);
  await Promise.all([play(kit, 1, true), play(kit, 2, true), play(kit, 3, false), play(kit, 4, true)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const frame = (page: Page) => page.locator('.report-map-frame');

/** The map's canvas pixels by colour: pass green, fail red. */
const colours = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('canvas.report-points') as HTMLCanvasElement;
    const data = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
      0,
      0,
      canvas.width,
      canvas.height,
    ).data;
    const near = (i: number, [r, g, b]: number[]) =>
      Math.abs(data[i] - r) < 24 &&
      Math.abs(data[i + 1] - g) < 24 &&
      Math.abs(data[i + 2] - b) < 24 &&
      data[i + 3] > 200;
    let pass = 0;
    let fail = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, [0x15, 0x80, 0x3d])) pass++;
      else if (near(i, [0xdc, 0x26, 0x26])) fail++;
    }
    return { pass, fail };
  });

async function openMap(
  viewport: { width: number; height: number },
  touch = false,
): Promise<{ context: BrowserContext; page: Page }> {
  // Signed in through the API: the sign-in is not the subject here.
  const context = await browser.newContext({
    viewport,
    hasTouch: touch,
    isMobile: touch,
    storageState: await signedInState(server.url),
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/Reports/locationData`);
  await page.getByRole('heading', { name: 'Location Map' }).waitFor();
  // Generous: on a busy machine the map's chunk, its outlines and the first fitted draw take a while.
  await expect.poll(() => frame(page).getAttribute('data-drawn'), { timeout: 30_000 }).toBe('4');
  return { context, page };
}

describe('the Location Map groups results and shows every Fail', () => {
  for (const viewport of [
    { width: 1366, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px: four in New York are one group of 4 with its 1 Fail, in view on load`, async () => {
      const { context, page } = await openMap(viewport);
      // One group, said in words (the keyboard's and screen reader's way in).
      const group = page.getByTestId('map-group');
      await expect.poll(() => group.count()).toBe(1);
      expect(await group.textContent()).toBe('4 results: 3 Pass, 1 Fail');
      // Drawn as a ring split by status with a red Fail badge: red and green both show.
      const seen = await colours(page);
      expect(seen.pass, JSON.stringify(seen)).toBeGreaterThan(60);
      expect(seen.fail, JSON.stringify(seen)).toBeGreaterThan(60);
      // Fitted to the results on load: New York is inside the view's box, and zoomed in from the
      // spec's default (zoom 3 over the central US).
      const [west, south, east, north] = ((await page.getByTestId('location-map').getAttribute('data-bounds')) ?? '')
        .split(',')
        .map(Number);
      expect(west).toBeLessThan(NEW_YORK.longitude);
      expect(east).toBeGreaterThan(NEW_YORK.longitude);
      expect(south).toBeLessThan(NEW_YORK.latitude);
      expect(north).toBeGreaterThan(NEW_YORK.latitude);
      expect(east - west).toBeLessThan(60);
      await shoot(page, 'map-cluster');

      // A click on the group (the map's centre: one place, fitted): all four at one place, so it
      // says them in a popup.
      const box = await page.getByTestId('location-map').boundingBox();
      if (!box) throw new Error('no map');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const popup = page.locator('.leaflet-popup-content');
      await popup.waitFor();
      expect(await popup.textContent()).toBe('4 results: 3 Pass, 1 Fail, played at the same place');
      await shoot(page, 'map-cluster-popup');
      await page.locator('.leaflet-popup-close-button').click();
      await expect.poll(() => popup.count()).toBe(0);

      // By keyboard: the group's button opens the same.
      await group.focus();
      await page.keyboard.press('Enter');
      await popup.waitFor();
      expect(await popup.textContent()).toContain('1 Fail');
      await context.close();
    });
  }

  it('zoom buttons are 44 × 44 px on a touch screen', async () => {
    const { context, page } = await openMap({ width: 390, height: 844 }, true);
    for (const name of ['Zoom in', 'Zoom out']) {
      const button = page.getByRole('button', { name });
      const box = await button.boundingBox();
      expect(box?.width, name).toBeGreaterThanOrEqual(44);
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    await shoot(page, 'map-touch');
    await context.close();
  });

  it('axe finds no violation on the map at 390, 768 and 1366 px', async () => {
    // Opened once, audited at each size (axe; no sideways scroll either).
    const { context, page } = await openMap({ width: 1366, height: 800 });
    await page.getByTestId('map-group').waitFor();
    await auditScreen(page, 'map', {
      viewports: [
        { width: 390, height: 844 },
        { width: 768, height: 1024 },
        { width: 1366, height: 800 },
      ],
      targets: false,
    });
    await context.close();
  });
});
