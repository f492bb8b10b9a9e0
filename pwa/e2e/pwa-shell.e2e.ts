import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { WITH_SERVICE_WORKER } from './support/browser';
import { serverAndBrowser } from './support/journey';

const shared = serverAndBrowser({ SEED_DEMO: 'on' });

// Strings that exist only in admin screens: if a player's page loads one, admin code leaked in.
// (Endpoint paths are no marker: the contract's route table, a few hundred bytes of paths, is
// shared by every screen that calls the API.)
const ADMIN_MARKERS = ['Total Test Kit', 'Change Password', 'Masters', 'Scent Card Page'];

describe('installable PWA shell', () => {
  it('serves a player page without admin code, installs a service worker, and works offline after', async () => {
    const context = await shared.browser.newContext(WITH_SERVICE_WORKER);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', async (res) => {
      // A body can be gone when the page moves on (a redirect): that script was not run either.
      if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
    });
    await page.goto(`${shared.server.url}/home`);
    await page.getByRole('button', { name: 'Start Game' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const marker of ADMIN_MARKERS) {
      expect(
        scripts.some((s) => s.includes(marker)),
        `player page loaded admin code (${marker})`,
      ).toBe(false);
    }

    // Installable: a manifest with the icons, and a service worker that takes control.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBeTruthy();
    const manifest = await (await fetch(new URL(manifestHref as string, shared.server.url))).json();
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, shared.server.url));
      expect(res.headers.get('content-type')).toContain('image/png');
    }
    // A stable identity, and screenshots for the richer install prompt: a narrow and a wide one,
    // each a real PNG of the size it declares.
    expect(manifest.id).toBe('/home');
    expect(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots as { src: string; sizes: string; type: string; label: string }[]) {
      expect(shot.type).toBe('image/png');
      expect(shot.label.length).toBeGreaterThan(0);
      const res = await fetch(new URL(shot.src, shared.server.url));
      expect(res.status, shot.src).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/png');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length, `${shot.src} is small`).toBeLessThan(200_000);
      const png = PNG.sync.read(body);
      expect(`${png.width}x${png.height}`, shot.src).toBe(shot.sizes);
    }
    // Active means the precache is complete; the next navigation is served by the worker.
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => Boolean(r.active)))).toBe(true);

    // Start Game sets the placeholder player and goes to the scanner.
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.waitForURL('**/scanQRCode');
    const player = await page.evaluate(() => JSON.parse(localStorage.getItem('safePassData') ?? 'null'));
    expect(player).toEqual({ FirstName: 'Guest', LastName: 'Player', isAddOrganizationChecked: false });

    // Offline: the precached shell still opens, deep links included.
    await context.setOffline(true);
    await page.goto(`${shared.server.url}/home`);
    await page.getByRole('button', { name: 'Start Game' }).waitFor();
    await page.goto(`${shared.server.url}/admin/login`);
    await page.getByLabel('User Name').waitFor();
    await context.close();
  });

  it('opens a kit straight from its printed QR code without loading admin code', async () => {
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', async (res) => {
      // A body can be gone when the page moves on (a redirect): that script was not run either.
      if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
    });
    await page.goto(`${shared.server.url}/scent/DEMO1`);
    await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    await page.waitForLoadState('networkidle');
    for (const marker of ADMIN_MARKERS) {
      expect(
        scripts.some((s) => s.includes(marker)),
        `play page loaded admin code (${marker})`,
      ).toBe(false);
    }
    await context.close();
  });

  it('answers deep links with the app, unknown API paths with the envelope, and sends security headers', async () => {
    const deep = await fetch(`${shared.server.url}/scent/DEMO1`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const api = await fetch(`${shared.server.url}/api/does/not/exist`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 'Failure', data: null });
    const home = await fetch(`${shared.server.url}/home`);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    const missingAsset = await fetch(`${shared.server.url}/assets/nope.js`);
    expect(missingAsset.status).toBe(404);
  });
});
