import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The flags this machine needs (DESIGN.md §2): no network beyond loopback, no sandbox as root. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browsers this test file launched that are still open. */
export const openBrowsers = new Set<Browser>();

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  // A failed test's open pages are photographed (failure-shots.ts): it finds them through here.
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  withoutServiceWorkerUnlessAsked(browser);
  // `npm run coverage` (scripts/coverage.mjs) sets this to the folder for the raw coverage files;
  // otherwise the browser is Playwright's own, untouched.
  const coverageDir = process.env.SCENTRY_E2E_COVERAGE;
  return coverageDir ? withCoverage(browser, coverageDir) : browser;
}

/**
 * A new context (a device) comes without the service worker unless the journey asks for it with
 * these options, as every journey whose subject is offline play, the precache, the image cache or
 * the "ready to work offline" notice does. Installing the worker precaches the whole app (200 files,
 * 2.4 MB) on each new device: about a seventh of the time of a journey whose subject is a screen,
 * for nothing it checks.
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' } as const;

/** Blocks the service worker in every context `browser` makes, unless the options allow it. */
function withoutServiceWorkerUnlessAsked(browser: Browser): void {
  const { newContext, newPage } = browser;
  browser.newContext = (options = {}) => newContext.call(browser, { serviceWorkers: 'block', ...options });
  browser.newPage = (options = {}) => newPage.call(browser, { serviceWorkers: 'block', ...options });
}

/**
 * Makes every page of `browser` (of every context, however made: `browser.newPage()`,
 * `browser.newContext()`, `context.newPage()`, a popup) record Chromium's JavaScript coverage from
 * its start and write it into `dir`: before it closes (through its own `close()`, its context's or
 * the browser's) and before each `goto`, `reload`, `goBack` and `goForward`, since Chromium forgets
 * most of a document's coverage once the page has left it. One JSON file each time: V8's script
 * coverage (url and functions), with each script's length instead of its text (scripts/coverage.mjs
 * reads that from the build it served; the length tells it the file is the one). What a page loses
 * otherwise (a navigation of the app's own, a crash) is lost to the figures, not to the test.
 */
function withCoverage(browser: Browser, dir: string): Browser {
  mkdirSync(dir, { recursive: true });
  /** Each recording page's start of coverage; gone while it is written. */
  const recording = new Map<Page, Promise<void>>();
  const wrappedContexts = new WeakSet<BrowserContext>();
  const wrappedPages = new WeakSet<Page>();

  const start = (page: Page) => {
    if (page.isClosed()) return;
    const started = page.coverage.startJSCoverage({ resetOnNavigation: false }).catch((err) => {
      console.warn(`coverage: could not start on ${page.url()}: ${err}`);
    });
    recording.set(page, started);
    return started;
  };

  /** Writes the page's coverage so far; with `again`, records afresh from here (counts start at 0). */
  const save = async (page: Page, again: boolean) => {
    const started = recording.get(page);
    if (!started) return;
    recording.delete(page);
    await started;
    try {
      const scripts = (await page.coverage.stopJSCoverage())
        .filter((e) => /^https?:/.test(e.url))
        .map(({ url, source, functions }) => ({ url, length: source?.length, functions }));
      if (scripts.length) writeFileSync(path.join(dir, `${process.pid}-${randomUUID()}.json`), JSON.stringify(scripts));
    } catch (err) {
      // The page or the browser is already gone (a crash): its coverage is lost, the test goes on.
      console.warn(`coverage: could not collect from ${page.url()}: ${err}`);
    }
    if (again) await start(page);
  };
  /** Before a navigation: the document about to go is written (nothing to write on a blank page). */
  const beforeLeaving = (page: Page) => (page.url() === 'about:blank' ? undefined : save(page, true));

  const wrapPage = (page: Page) => {
    if (wrappedPages.has(page)) return page;
    wrappedPages.add(page);
    start(page);
    // Closed some other way (window.close(), its owner's end): nothing left to collect.
    page.once('close', () => recording.delete(page));
    const { close, goto, reload, goBack, goForward } = page;
    page.close = async (options) => {
      await save(page, false);
      return close.call(page, options);
    };
    page.goto = async (url, options) => {
      await beforeLeaving(page);
      return goto.call(page, url, options);
    };
    page.reload = async (options) => {
      await beforeLeaving(page);
      return reload.call(page, options);
    };
    page.goBack = async (options) => {
      await beforeLeaving(page);
      return goBack.call(page, options);
    };
    page.goForward = async (options) => {
      await beforeLeaving(page);
      return goForward.call(page, options);
    };
    return page;
  };

  const wrapContext = (context: BrowserContext) => {
    if (wrappedContexts.has(context)) return context;
    wrappedContexts.add(context);
    // Every page the context opens (newPage and popups alike) comes through this event first.
    context.on('page', wrapPage);
    const { newPage, close } = context;
    context.newPage = async () => {
      const page = wrapPage(await newPage.call(context));
      // Recording has started before the caller navigates anywhere.
      await recording.get(page);
      return page;
    };
    context.close = async (options) => {
      await Promise.all(context.pages().map((page) => save(page, false)));
      return close.call(context, options);
    };
    return context;
  };

  const { newContext, newPage, close } = browser;
  browser.newContext = async (options) => wrapContext(await newContext.call(browser, options));
  browser.newPage = async (options) => {
    // Playwright makes such a page in a context of its own (through browser.newContext, so wrapped
    // already), which closes with the page.
    const page = await newPage.call(browser, options);
    wrapContext(page.context());
    wrapPage(page);
    await recording.get(page);
    return page;
  };
  browser.close = async (options) => {
    await Promise.all([...recording.keys()].map((page) => save(page, false)));
    return close.call(browser, options);
  };
  return browser;
}
