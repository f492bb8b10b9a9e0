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
//    fetch up to that moment (the service worker's precache is not counted);
//  - the floor: the first paint of a plain static page (one line of text, no style, script or
//    picture) as many bytes on the wire as ours, opened the same way in each run just before ours.
//    The emulation has a start-up cost of its own (a new page's work at 4× slower CPU, the round
//    trip), and the machine's load moves both figures: the first paint budget is read against it.

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
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
 * Serves the floor page (see the top): a plain HTML page whose gzip body is as long as the one the
 * server sends for `target`, from a server of its own on 127.0.0.1. Resolves with its URL and close.
 */
export async function startFloorPage(target) {
  const ours = gzipSync(Buffer.from(await (await fetch(target)).arrayBuffer()), { level: 9 }).length;
  const head =
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head><body><p>Loading your scent kit…</p><!--';
  // Incompressible padding, so the page costs the link what ours does.
  let pad = '';
  let body = gzipSync(`${head}-->`, { level: 9 });
  while (body.length < ours) {
    pad += randomBytes(Math.max(16, Math.ceil((ours - body.length) * 0.7))).toString('base64');
    body = gzipSync(`${head}${pad}--></body></html>`, { level: 9 });
  }
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Encoding': 'gzip',
      'Cache-Control': 'no-store',
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** The first paint of the page at `target` in a fresh context emulated as in a run (see the top). */
export async function firstPaintOnce(browser, target, { timeoutMs = 60_000 } = {}) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
    await page.goto(target, { waitUntil: 'commit', timeout: timeoutMs });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: timeoutMs,
      polling: 100,
    });
    return Math.round(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
  } finally {
    await context.close();
  }
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
  const floor = await startFloorPage(target);
  try {
    for (let i = 1; i <= runs; i++) {
      const floorMs = await firstPaintOnce(browser, floor.url);
      const r = { ...(await firstCardOnce(browser, target)), floorMs, load: loadavg()[0] };
      log(
        `(m) run ${i}/${runs}: floor ${floorMs} ms, first paint ${r.firstPaintMs} ms, card 1 with its ${r.pictures} pictures ${r.ms} ms, interactive ${r.interactiveMs} ms, CLS ${r.cls.toFixed(3)}, script ${r.scriptKb.toFixed(1)} KB gzip in ${r.scriptFiles} files (${r.kb.toFixed(0)} KB over the wire), load ${r.load.toFixed(2)}`,
      );
      each.push(r);
    }
  } finally {
    floor.close();
  }
  return {
    runs: each,
    median: Math.round(median(each.map((r) => r.ms))),
    firstPaint: Math.round(median(each.map((r) => r.firstPaintMs))),
    floor: Math.round(median(each.map((r) => r.floorMs))),
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
    `    floor (plain page, same size) ${list((r) => `${r.floorMs} ms`)}  median ${mobile.floor} ms  (the emulation's own start-up; load ${list((r) => r.load.toFixed(1))})`,
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
