import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
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
    shared.server = await startServer(env);
    shared.browser = await launchBrowser();
  });
  afterAll(async () => {
    await shared.browser?.close();
    await shared.server?.stop();
  });
  return shared;
}
