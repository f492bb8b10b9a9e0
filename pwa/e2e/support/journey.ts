import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { photographFailure } from './failure-shots';
import { startServer, type TestServer } from './server';

export interface Shared {
  server: TestServer;
  browser: Browser;
}

/**
 * The server and browser a journey file shares: started before its tests (the server with these
 * settings, e.g. `{ SEED_DEMO: 'on' }`), closed after them even when one fails. Read them inside
 * the tests and hooks (`shared.server.url`): they exist once the file's beforeAll has run.
 */
export function serverAndBrowser(env: Record<string, string> = {}): Shared {
  const shared = {} as Shared;
  beforeAll(async () => {
    // Together (the server's start is mostly waiting on its own process): what started is kept,
    // so afterAll closes it even when the other failed.
    const [server, browser] = await Promise.allSettled([startServer(env), launchBrowser()]);
    if (server.status === 'fulfilled') shared.server = server.value;
    if (browser.status === 'fulfilled') shared.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  afterAll(async () => {
    await shared.browser?.close();
    await shared.server?.stop();
  });
  return shared;
}

/**
 * Runs a journey in a fresh browser context (its own storage, service worker and cache: a new
 * device), closed afterwards even when the journey fails. Phone-sized (390 × 844) unless the
 * options say otherwise. A failing journey's pages are photographed first (./failure-shots.ts).
 */
export async function withContext<T>(
  browser: Browser,
  options: BrowserContextOptions,
  journey: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  try {
    return await journey(context);
  } catch (err) {
    await photographFailure(context.pages());
    throw err;
  } finally {
    await context.close();
  }
}
