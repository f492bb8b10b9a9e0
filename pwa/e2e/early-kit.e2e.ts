import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/journey';

/*
 * A new visitor opening a kit's printed QR code: the server draws card 1 into the page and sends
 * the kit's pull reply with it; index.html's boot script hands that reply to the app, and its
 * loader asks for the app's code and the play screen's once the page has painted, under the
 * server's CSP (inline, allowed by its hash), so the app asks for nothing again. (Without a drawn card, e.g. past the throttle, the
 * boot script asks for the kit itself: features/play/early-kit.test.ts.)
 */

const shared = serverAndBrowser({ SEED_DEMO: 'on' });

describe('the first card of a printed QR code', () => {
  it('has the kit with the page, and card 1 with its pictures from the HTML', async () => {
    const context = await shared.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const pulls: Request[] = [];
    const pictures: { url: string; at: number }[] = [];
    const scripts: { url: string; at: number }[] = [];
    const start = Date.now();
    page.on('request', (r) => {
      const url = new URL(r.url());
      // A first kit request (boot script or play screen: no checkpoint); the sync loop's later pull
      // of the stored kit carries its checkpoint and is not one.
      if (url.pathname === '/api/sync/kits/pull' && JSON.parse(r.postData() ?? '{}').checkpoint === null) pulls.push(r);
      if (url.pathname.startsWith('/uploads/')) pictures.push({ url: url.pathname, at: Date.now() - start });
      if (url.pathname.includes('scent._id')) scripts.push({ url: url.pathname, at: Date.now() - start });
    });
    // Who asked for the pictures: the document's HTML itself (the parser), not a script.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const initiators: string[] = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!new URL(e.request.url).pathname.startsWith('/uploads/')) return;
      initiators.push(e.initiator.type);
    });
    let pageEncoding: string | undefined;
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/scent/DEMO1') pageEncoding = r.headers()['content-encoding'];
    });
    await page.goto(`${shared.server.url}/scent/DEMO1`);
    await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
    const shown = page.locator('img[src^="/uploads/"]');
    await expect
      .poll(() => shown.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    const onCard = await shown.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
    expect(onCard).toHaveLength(5);

    // No kit request: the page carried the kit (compressed with it), and the app took it.
    expect(pulls).toHaveLength(0);
    expect(pageEncoding).toMatch(/^(br|gzip)$/);
    await page.waitForFunction(() => !document.getElementById('shell')); // the app has the screen
    expect(await page.evaluate(() => window.__scentryEarlyKit)).toBeUndefined(); // taken by the app
    // Card 1's pictures were asked for by the HTML: the first five picture requests, by the parser.
    expect(initiators.slice(0, 5)).toEqual(Array(5).fill('parser'));
    expect(
      pictures
        .slice(0, 5)
        .map((p) => p.url)
        .sort(),
    ).toEqual([...onCard].sort());
    // The app's code was not asked for while the HTML was read (the preload scanner, the head),
    // but by the page's loader once it had painted; the pictures were asked for before it.
    const order = await page.evaluate(() => {
      const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive;
      const started = (re: RegExp) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => re.test(new URL(e.name).pathname))
          .map((e) => e.startTime);
      return { parsed, scripts: started(/^\/assets\/.*\.js$/), pictures: started(/^\/uploads\//) };
    });
    expect(order.scripts.length).toBeGreaterThan(5);
    expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.parsed);
    expect(Math.max(...order.pictures.slice(0, 5))).toBeLessThan(Math.min(...order.scripts));
    // The play route's code was preloaded by the loader too (modulepreload links).
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
    );
    expect(preloaded.some((p) => p.includes('scent._id'))).toBe(true);
    expect(scripts.length).toBeGreaterThan(0);
    // No CSP refusal (the inline script ran under the server's policy), no error.
    expect(problems).toEqual([]);
    await context.close();
  });

  it('preloads nothing on other screens', async () => {
    const context = await shared.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const pulls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/sync/kits/pull') pulls.push(r.url());
    });
    await page.goto(`${shared.server.url}/home`);
    await page.getByRole('button', { name: 'Start Game' }).waitFor();
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l as HTMLLinkElement).href),
    );
    expect(preloaded.some((p) => p.includes('scent._id'))).toBe(false);
    expect(pulls).toEqual([]);
    await context.close();
  });
});
