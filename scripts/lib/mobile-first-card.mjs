// The bench's emulated-mobile first visit: a new visitor (fresh browser context, so an empty HTTP
// cache; service workers blocked) opens /scent/<code> on a slow phone emulated through the Chrome
// DevTools Protocol (Lighthouse's mobile profile: 1.6 Mbps down, 750 kbps up, 150 ms round trip,
// CPU slowed 4×, a 390×844 screen at 3× density). Each run gives:
//  - first paint: the first contentful paint (the page's static shell, or card 1 the server drew);
//  - card 1 with its pictures: the heading "SCENT 1" on screen and every option picture loaded;
//  - card 1 interactive: the app has taken the screen over (the shell gone, the app's card in place):
//    from then a tap on an intensity registers in the app;
//  - CLS: layout shifts (without recent input) summed from the start until 3 s after card 1 is
//    interactive (the old location question arrived about 1.7 s after the card);
//  - script before card 1 is interactive: gzip (-9) bytes of every .js the page itself started to
//    fetch up to that moment (the service worker's precache is not counted).

import { gzipSync } from 'node:zlib';

/** Lighthouse's "slow 4G" figures, in the units the DevTools Protocol takes (bytes a second). */
export const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
export const MOBILE_CPU_SLOWDOWN = 4;
/** The budgets (issue 22 "Speed"). */
export const MOBILE_BUDGETS = { firstPaintMs: 600, cardMs: 1200, cls: 0.05, scriptKb: 100 };
/** How long after card 1 is interactive layout shifts are still counted. */
const CLS_WINDOW_MS = 3000;

/**
 * Runs inside the page before any of its scripts: records when card 1 shows with all its pictures
 * (`__firstCardReady`), when the app has taken it over (`__cardInteractive`), and the layout shifts.
 */
function watchFirstCard() {
  window.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    if (window.__cardInteractive === undefined && !document.getElementById('shell')) {
      const heading = document.querySelector('#root #card-title');
      if (heading && /^\s*SCENT\s*1\b/i.test(heading.textContent ?? '')) window.__cardInteractive = performance.now();
    }
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

const gzipCache = new Map();
/** gzip -9 size of a script of the server at `origin` (fetched outside the emulated link, once). */
async function gzipSize(origin, pathname) {
  if (!gzipCache.has(pathname)) {
    const body = Buffer.from(await (await fetch(origin + pathname)).arrayBuffer());
    gzipCache.set(pathname, gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(pathname);
}

/**
 * One run: a fresh context (empty cache, no service worker), the phone emulated, the page opened
 * at `target`; resolves with the figures of the run.
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
    const wait = (fn) => page.waitForFunction(fn, null, { timeout: timeoutMs, polling: 100 });
    await wait(() => window.__firstCardReady !== undefined && window.__cardInteractive !== undefined);
    const interactive = await page.evaluate(() => window.__cardInteractive);
    await page.waitForTimeout(CLS_WINDOW_MS);
    const r = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      card: window.__firstCardReady,
      interactive: window.__cardInteractive,
      pictures: window.__firstCardPictures,
      cls: window.__shifts,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= window.__cardInteractive && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname),
    }));
    const origin = new URL(target).origin;
    const sizes = await Promise.all(r.scripts.map((p) => gzipSize(origin, p)));
    return {
      firstPaintMs: Math.round(r.firstPaint),
      ms: Math.round(r.card),
      interactiveMs: Math.round(interactive),
      pictures: r.pictures,
      cls: r.cls,
      scriptKb: sizes.reduce((n, s) => n + s, 0) / 1024,
      scriptFiles: r.scripts.length,
      kb: bytes / 1024,
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** `runs` runs one after the other; resolves with each and the medians. */
export async function measureMobileFirstCard(browser, target, { runs = 5, log = () => {} } = {}) {
  const each = [];
  for (let i = 1; i <= runs; i++) {
    const r = await firstCardOnce(browser, target);
    log(
      `(m) run ${i}/${runs}: first paint ${r.firstPaintMs} ms, card 1 with its ${r.pictures} pictures ${r.ms} ms, interactive ${r.interactiveMs} ms, CLS ${r.cls.toFixed(3)}, script ${r.scriptKb.toFixed(1)} KB gzip in ${r.scriptFiles} files (${r.kb.toFixed(0)} KB over the wire)`,
    );
    each.push(r);
  }
  return {
    runs: each,
    median: Math.round(median(each.map((r) => r.ms))),
    firstPaint: Math.round(median(each.map((r) => r.firstPaintMs))),
    interactive: Math.round(median(each.map((r) => r.interactiveMs))),
    cls: Math.max(...each.map((r) => r.cls)),
    scriptKb: Math.max(...each.map((r) => r.scriptKb)),
    budgets: MOBILE_BUDGETS,
  };
}

/** The part's lines of the bench's report. */
export function printMobileFirstCard(mobile) {
  const { budgets: b } = mobile;
  const verdict = (ok) => (ok ? 'within' : 'OVER');
  const list = (f) => mobile.runs.map(f).join(' / ');
  console.log('(m) Emulated mobile, new visitor (empty cache, no service worker), /scent/DEMO1, five runs');
  console.log('    1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU slowed 4×, 390×844 at 3×:');
  console.log(
    `    first paint (the shell)       ${list((r) => `${r.firstPaintMs} ms`)}  median ${mobile.firstPaint} ms  (budget ≤ ${b.firstPaintMs} ms: ${verdict(mobile.firstPaint <= b.firstPaintMs)})`,
  );
  console.log(
    `    card 1 with its pictures      ${list((r) => `${r.ms} ms`)}  median ${(mobile.median / 1000).toFixed(2)} s  (budget ≤ ${(b.cardMs / 1000).toFixed(1)} s: ${verdict(mobile.median <= b.cardMs)})`,
  );
  console.log(
    `    card 1 interactive            ${list((r) => `${r.interactiveMs} ms`)}  median ${(mobile.interactive / 1000).toFixed(2)} s  (no budget)`,
  );
  console.log(
    `    CLS                           ${list((r) => r.cls.toFixed(3))}  worst ${mobile.cls.toFixed(3)}  (budget ≤ ${b.cls}: ${verdict(mobile.cls <= b.cls)})`,
  );
  console.log(
    `    script before interactive     ${list((r) => `${r.scriptKb.toFixed(1)} KB`)} gzip  most ${mobile.scriptKb.toFixed(1)} KB  (budget ≤ ${b.scriptKb} KB: ${verdict(mobile.scriptKb <= b.scriptKb)})`,
  );
  console.log(`    (${mobile.runs[0].kb.toFixed(0)} KB over the wire in the first run)`);
}
