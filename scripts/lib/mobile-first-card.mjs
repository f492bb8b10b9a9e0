// The bench's emulated-mobile first visit: how long a new visitor (fresh browser context, so an
// empty HTTP cache; service workers blocked) waits after opening /scent/<code> until the first card
// shows WITH ALL ITS PICTURES (every option <img> of card 1 complete, naturalWidth > 0), on a slow
// phone emulated through the Chrome DevTools Protocol: 1.6 Mbps down, 750 kbps up, 150 ms round
// trip, CPU slowed 4×, a 390×844 screen at 3× density.

/** Lighthouse's "slow 4G" figures, in the units the DevTools Protocol takes (bytes a second). */
export const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
export const MOBILE_CPU_SLOWDOWN = 4;
export const MOBILE_BUDGET_MS = 2000;

/**
 * Runs inside the page before any of its scripts: records `window.__firstCardReady`, the time
 * (ms from navigation start) when the first card's heading is on screen and every picture it shows
 * has loaded. Checked on each DOM change and each image load (load events do not bubble: captured).
 */
function watchFirstCard() {
  const check = () => {
    if (window.__firstCardReady) return;
    const heading = [...document.querySelectorAll('h1, h2')].find((h) => /^\s*SCENT\s*1\b/i.test(h.textContent ?? ''));
    if (!heading) return;
    const pictures = [...document.querySelectorAll('img')].filter((img) => img.src.includes('/uploads/'));
    if (pictures.length === 0) return;
    if (pictures.every((img) => img.complete && img.naturalWidth > 0)) {
      window.__firstCardReady = performance.now();
      window.__firstCardPictures = pictures.length;
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['src'],
  });
  document.addEventListener('load', check, true);
}

/**
 * One run: a fresh context (empty cache, no service worker), the phone emulated, the page opened
 * at `target`; resolves with the time in ms, the number of pictures, and what was transferred.
 */
export async function firstCardOnce(browser, target, { timeoutMs = 60_000 } = {}) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(watchFirstCard);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
    });
    await page.goto(target, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForFunction(() => window.__firstCardReady !== undefined, null, { timeout: timeoutMs, polling: 100 });
    const { ms, pictures } = await page.evaluate(() => ({
      ms: Math.round(window.__firstCardReady),
      pictures: window.__firstCardPictures,
    }));
    return { ms, pictures, kb: bytes / 1024 };
  } finally {
    await context.close();
  }
}

/** `runs` runs one after the other; resolves with each and the median. */
export async function measureMobileFirstCard(browser, target, { runs = 5, log = () => {} } = {}) {
  const each = [];
  for (let i = 1; i <= runs; i++) {
    const r = await firstCardOnce(browser, target);
    log(
      `(m) run ${i}/${runs}: first card with its ${r.pictures} pictures after ${r.ms} ms (${r.kb.toFixed(0)} KB over the wire)`,
    );
    each.push(r);
  }
  const sorted = each.map((r) => r.ms).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
  return { runs: each, median, budgetMs: MOBILE_BUDGET_MS };
}
