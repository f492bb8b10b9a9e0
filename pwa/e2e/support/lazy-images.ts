import type { Page } from 'playwright-core';

/**
 * Makes the page's lazily loaded pictures (`loading="lazy"`: the scent option grid, the option
 * list's thumbnails, a result's answers) load now. A lazy picture out of sight, such as one inside
 * a scrolled box, is never fetched, so its `decode()` never settles, and ./ux.ts's `settled` (which
 * waits for every picture to be decoded, and so `auditScreen`) would wait for it until the test
 * times out. Call it once the screen is shown, before auditing it; pictures mounted later are lazy
 * again. Only the loading attribute changes: nothing axe or the 44 px check reads.
 */
export async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager';
  });
}
