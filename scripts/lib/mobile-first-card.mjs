// The bench's emulated-mobile first visit: a new visitor (fresh browser context, so an empty HTTP
// cache; service workers blocked) opens /scent/<code> on a slow phone emulated through the Chrome
// DevTools Protocol (Lighthouse's mobile profile: 1.6 Mbps down, 750 kbps up, 150 ms round trip,
// CPU slowed 4×, a 390×844 screen at 3× density) and plays as a player taps: rating 3 on card 1
// as soon as it shows, then an option, then the same on cards 2 to 5, then "Not now" to the
// location step. Each run gives:
//  - first paint: the first contentful paint (card 1 the server drew);
//  - card 1 with its pictures: the heading "SCENT 1" on screen and every option picture loaded;
//  - card 1 interactive: the first tap that registers, as a quick player taps (a rating, then a
//    pick, touched at the painted elements through the DevTools Protocol as soon as they show):
//    the moment the pick shows as chosen (on the server's drawing, index.html's card script, or
//    on the app's card); a tap that did not register is tapped again;
//  - taken over: the moment the app has the screen (the shell gone);
//  - the whole game: from the navigation to the result screen (/pass or /fail);
//  - CLS: layout shifts (without recent input) summed from the start until the game leaves card 1
//    (a new card is a new screen, not a shift) or 3 s after the take-over;
//  - script run before card 1 is interactive: gzip (-9) bytes of the page's inline scripts (they
//    run as the HTML arrives) and, when the app's code had started (its `scentry:app-start` mark)
//    before the pick registered, of every .js fetched by then; fetched-but-not-run code does not
//    count (the service worker's precache neither);
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
/**
 * The budgets (issue 40): first paint within 150 ms of the plain page's floor, card 1 with its
 * pictures ≤ 1.2 s, card 1 interactive ≤ 1.0 s, CLS ≤ 0.05, script run before that ≤ 10 KB gzip.
 */
export const MOBILE_BUDGETS = { overFloorMs: 150, cardMs: 1200, interactiveMs: 1000, cls: 0.05, scriptKb: 10 };
/** How long after card 1 is interactive layout shifts are still counted. */
const CLS_WINDOW_MS = 3000;

/**
 * Runs inside the page before any of its scripts: records when card 1 shows with all its pictures
 * (`__firstCardReady`), when a rating and a pick register on card 1 (`__rated`, `__picked`), when
 * the app has the screen (`__takenOver`), when the game leaves card 1 (`__leftCard1`), and the
 * layout shifts with their times.
 */
function watchFirstCard() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push([e.startTime, e.value]);
  }).observe({ type: 'layout-shift', buffered: true });
  const card1 = () => {
    const heading = document.querySelector('section.play #card-title');
    return heading && /^\s*SCENT\s*1\b/i.test(heading.textContent ?? '') ? heading.closest('section.play') : null;
  };
  // On every change (cheap: a few look-ups), so a tap's registration is timed when it happens.
  const taps = () => {
    const now = performance.now();
    if (
      window.__takenOver === undefined &&
      !document.getElementById('shell') &&
      document.querySelector('#root section.play')
    )
      window.__takenOver = now;
    const card = card1();
    if (card) {
      if (window.__rated === undefined && card.querySelector('label.chip-on input[value="3"]')) window.__rated = now;
      if (
        window.__picked === undefined &&
        window.__rated !== undefined &&
        card.querySelector('button.choice[aria-pressed="true"]')
      )
        window.__picked = now;
    } else if (
      window.__picked !== undefined &&
      window.__leftCard1 === undefined &&
      document.querySelector('#card-title')
    ) {
      window.__leftCard1 = now;
    }
  };
  // The pictures once a frame at most (below).
  const check = () => {
    const now = performance.now();
    if (window.__firstCardReady) return;
    const heading = [...document.querySelectorAll('h1, h2')].find((h) => /^\s*SCENT\s*1\b/i.test(h.textContent ?? ''));
    if (!heading) return;
    const pictures = [...document.querySelectorAll('img')].filter((img) => img.src.includes('/uploads/'));
    if (pictures.length === 0) return;
    // Card 1's pictures, and when the card first showed: a player who answers before they have all
    // arrived leaves card 1 first, and their arrival is read from the resource timings then.
    window.__card1Shown ??= now;
    window.__card1Pictures ??= pictures.map((img) => img.src);
    if (pictures.every((img) => img.complete && img.naturalWidth > 0)) {
      window.__firstCardReady = now;
      window.__firstCardPictures = pictures.length;
    }
  };
  // Checked once a frame at most, not on every mutation: the page is parsed at 4× slower CPU, and a
  // check on each of its mutations slowed the very first paint being measured.
  let queued = false;
  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      check();
    });
  };
  new MutationObserver(() => {
    taps();
    soon();
  }).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['src', 'class', 'aria-pressed'],
  });
  document.addEventListener('load', soon, true);
}

/** Taps `locator` again until `registered` (a page function) holds, as a player does when nothing happened. */
async function tapUntil(page, locator, registered, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const ok = await page
      .waitForFunction(registered, null, { timeout: 400, polling: 'raf' })
      .then(() => true)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > end) throw new Error('a tap never registered');
    await locator.tap({ timeout: Math.max(1, end - Date.now()) });
  }
}

/** A touch at the centre of the first element `selector` matches, through the DevTools Protocol only. */
async function cdpTap(cdp, selector) {
  // The document may be replaced between the two calls (the app taking over the page): then there
  // is nothing to tap here, and the locator's taps that follow tap it.
  const { nodeId } = await cdp
    .send('DOM.getDocument', { depth: 0 })
    .then(({ root }) => cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector }))
    .catch(() => ({ nodeId: 0 }));
  if (!nodeId) return;
  const { model } = await cdp.send('DOM.getBoxModel', { nodeId }).catch(() => ({ model: null }));
  if (!model) return;
  const [x1, y1, , , x3, y3] = model.border;
  const point = { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
  if (point.y > 844) return; // below the fold: a player scrolls first (the locator's tap does)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Rates the card on screen 3 and picks its first option, as a player taps. */
async function answerCardOnScreen(page, timeoutMs) {
  const card = page.locator('section.play:visible').last();
  await card.locator('label.chip', { has: page.locator('input[value="3"]') }).tap({ timeout: timeoutMs });
  await card.locator('button.choice').first().tap({ timeout: timeoutMs });
}

/** The page's inline scripts (not JSON), gzip -9 each: they run as the HTML arrives. */
function inlineScriptsGzip(html) {
  return [...html.matchAll(/<script(?![^>]*type="application\/json")(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((body) => body.trim())
    .reduce((n, body) => n + gzipSync(Buffer.from(body), { level: 9 }).length, 0);
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

/**
 * Resolves when the page has painted its first content, told by the DevTools Protocol's lifecycle
 * events: nothing runs in the page to find out (Playwright's own script, evaluated in the page at
 * 4× slower CPU, took 40–50 ms of the main thread just before the first paint it was waiting for).
 */
async function firstPaintSeen(cdp, timeoutMs) {
  await cdp.send('Page.enable');
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no first contentful paint')), timeoutMs);
    cdp.on('Page.lifecycleEvent', (e) => {
      if (e.name === 'firstContentfulPaint') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
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
    const painted = firstPaintSeen(cdp, timeoutMs);
    await page.goto(target, { waitUntil: 'commit', timeout: timeoutMs });
    await painted;
    return Math.round(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
  } finally {
    await context.close();
  }
}

/**
 * One run: a fresh context (empty cache, no service worker), the phone emulated, the page opened
 * at `target` and the game played through to its result; resolves with the figures of the run.
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
    let html = '';
    page.on('response', (res) => {
      if (res.request().resourceType() === 'document')
        void res
          .text()
          .then((t) => (html = t))
          .catch(() => {});
    });
    const painted = firstPaintSeen(cdp, timeoutMs);
    await page.goto(target, { waitUntil: 'commit', timeout: timeoutMs });
    const wait = (fn) => page.waitForFunction(fn, null, { timeout: timeoutMs, polling: 100 });
    // A player taps what they see: from the first paint (nothing of the bench runs in the page
    // before it), rating 3 then the first option, two quick taps; either is tapped again if it did
    // not register.
    await painted;
    const card1 = page.locator('section.play:visible').first();
    const rating = card1.locator('label.chip', { has: page.locator('input[value="3"]') });
    const option = card1.locator('button.choice').first();
    // The first two taps as a quick player makes them on what the paint showed: at the elements'
    // places read through the DevTools DOM agent, as touches (nothing injected into the page first:
    // a locator's script runs in the page at 4× slower CPU and held the taps 0.3–0.5 s).
    await cdpTap(cdp, 'section.play label.chip:has(input[value="3"])');
    await cdpTap(cdp, 'section.play button.choice');
    await tapUntil(page, rating, () => window.__rated !== undefined, timeoutMs);
    await tapUntil(page, option, () => window.__picked !== undefined, timeoutMs);
    const [picked, rated] = await page.evaluate(() => [window.__picked, window.__rated]);
    const run = await page.evaluate((at) => {
      const mark = performance.getEntriesByName('scentry:app-start')[0]?.startTime;
      const ran = mark !== undefined && mark <= at;
      return {
        appStart: mark,
        scripts: ran
          ? performance
              .getEntriesByType('resource')
              .filter((e) => e.responseEnd <= mark && new URL(e.name).pathname.endsWith('.js'))
              .map((e) => new URL(e.name).pathname)
          : [],
      };
    }, picked);
    // The rest of the game, as a player plays it.
    for (let n = 2; n <= 5; n++) {
      await page
        .locator('#root #card-title', { hasText: new RegExp(`^\\s*SCENT\\s*${n}\\b`) })
        .waitFor({ timeout: timeoutMs });
      await answerCardOnScreen(page, timeoutMs);
    }
    const notNow = page.getByRole('button', { name: 'Not now' });
    await Promise.race([
      notNow.tap({ timeout: timeoutMs }).catch(() => {}),
      page.waitForURL(/\/(pass|fail)$/, { timeout: timeoutMs }),
    ]);
    await page.waitForURL(/\/(pass|fail)$/, { timeout: timeoutMs });
    const gameMs = await page.evaluate(() => performance.now());
    await wait(() => window.__takenOver !== undefined);
    const r = await page.evaluate((clsWindow) => {
      const until = window.__leftCard1 ?? window.__takenOver + clsWindow;
      const arrived = (window.__card1Pictures ?? []).map(
        (src) => performance.getEntriesByName(src)[0]?.responseEnd ?? Number.POSITIVE_INFINITY,
      );
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        card: window.__firstCardReady ?? Math.max(window.__card1Shown, ...arrived),
        takenOver: window.__takenOver,
        pictures: window.__firstCardPictures ?? window.__card1Pictures?.length,
        cls: window.__shifts.filter(([at]) => at < until).reduce((n, [, v]) => n + v, 0),
      };
    }, CLS_WINDOW_MS);
    const origin = new URL(target).origin;
    const sizes = await Promise.all(run.scripts.map((p) => gzipSize(origin, p)));
    const inline = inlineScriptsGzip(html);
    return {
      firstPaintMs: Math.round(r.firstPaint),
      ms: Math.round(r.card),
      interactiveMs: Math.round(picked),
      ratedMs: Math.round(rated),
      takenOverMs: Math.round(r.takenOver),
      gameMs: Math.round(gameMs),
      pictures: r.pictures,
      cls: r.cls,
      scriptKb: (inline + sizes.reduce((n, s) => n + s, 0)) / 1024,
      inlineKb: inline / 1024,
      appRan: run.appStart !== undefined && run.scripts.length > 0,
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
        `(m) run ${i}/${runs}: floor ${floorMs} ms, first paint ${r.firstPaintMs} ms, card 1 with its ${r.pictures} pictures ${r.ms} ms, rated ${r.ratedMs} ms, interactive ${r.interactiveMs} ms (app ${r.appRan ? 'had' : 'had not'} run), taken over ${r.takenOverMs} ms, whole game ${r.gameMs} ms, CLS ${r.cls.toFixed(3)}, script run ${r.scriptKb.toFixed(1)} KB gzip (inline ${r.inlineKb.toFixed(1)} KB; ${r.kb.toFixed(0)} KB over the wire), load ${r.load.toFixed(2)}`,
      );
      each.push(r);
    }
  } finally {
    floor.close();
  }
  const med = (f) => Math.round(median(each.map(f)));
  return {
    target,
    runs: each,
    median: med((r) => r.ms),
    firstPaint: med((r) => r.firstPaintMs),
    floor: med((r) => r.floorMs),
    interactive: med((r) => r.interactiveMs),
    takenOver: med((r) => r.takenOverMs),
    game: med((r) => r.gameMs),
    cls: Math.max(...each.map((r) => r.cls)),
    scriptKb: Math.max(...each.map((r) => r.scriptKb)),
    budgets: MOBILE_BUDGETS,
  };
}

/** The part's lines of the bench's report; `title` names the kit and its pictures. */
export function printMobileFirstCard(mobile, title = '/scent/DEMO1') {
  const { budgets: b } = mobile;
  const verdict = (ok) => (ok ? 'within' : 'OVER');
  const list = (f) => mobile.runs.map(f).join(' / ');
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `(m) Emulated mobile, new visitor (empty cache, no service worker), ${title}, ${mobile.runs.length} runs`,
  );
  console.log('    1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU slowed 4×, 390×844 at 3×:');
  console.log(
    `    first paint                   ${list((r) => `${r.firstPaintMs} ms`)}  median ${mobile.firstPaint} ms  (budget ≤ floor + ${b.overFloorMs} ms = ${mobile.floor + b.overFloorMs} ms: ${verdict(mobile.firstPaint <= mobile.floor + b.overFloorMs)})`,
  );
  console.log(
    `    floor (plain page, same size) ${list((r) => `${r.floorMs} ms`)}  median ${mobile.floor} ms  (the emulation's own start-up; load ${list((r) => r.load.toFixed(1))})`,
  );
  console.log(
    `    card 1 with its pictures      ${list((r) => `${r.ms} ms`)}  median ${s(mobile.median)}  (budget ≤ ${s(b.cardMs)}: ${verdict(mobile.median <= b.cardMs)})`,
  );
  console.log(
    `    card 1 interactive (a pick)   ${list((r) => `${r.interactiveMs} ms`)}  median ${s(mobile.interactive)}  (budget ≤ ${s(b.interactiveMs)}: ${verdict(mobile.interactive <= b.interactiveMs)})`,
  );
  console.log(
    `    the app has the screen        ${list((r) => `${r.takenOverMs} ms`)}  median ${s(mobile.takenOver)}  (no budget)`,
  );
  console.log(
    `    the whole game to its result  ${list((r) => `${r.gameMs} ms`)}  median ${s(mobile.game)}  (no budget; five cards as a player taps, CONFIRM_MS 450 ms each)`,
  );
  console.log(
    `    CLS                           ${list((r) => r.cls.toFixed(3))}  worst ${mobile.cls.toFixed(3)}  (budget ≤ ${b.cls}: ${verdict(mobile.cls <= b.cls)})`,
  );
  console.log(
    `    script run before the pick    ${list((r) => `${r.scriptKb.toFixed(1)} KB`)} gzip  most ${mobile.scriptKb.toFixed(1)} KB  (budget ≤ ${b.scriptKb} KB: ${verdict(mobile.scriptKb <= b.scriptKb)})`,
  );
  console.log(`    (${mobile.runs[0].kb.toFixed(0)} KB over the wire in the first run)`);
}
