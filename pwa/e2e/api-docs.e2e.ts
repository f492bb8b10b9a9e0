import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from './support/journey';

const shared = serverAndBrowser();

describe('API reference (/api/docs)', () => {
  it('renders the OpenAPI document in a browser with the outside network cut', async () => {
    const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Anything but this server is cut off: the page must bring everything it needs itself.
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === shared.server.url) return route.continue();
      outside.push(url.href);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });

    await page.goto(`${shared.server.url}/api/docs`);
    await expect.poll(() => page.getByRole('heading', { name: /Scentry API/ }).count()).toBeGreaterThan(0);
    // Operations of the contract are listed, grouped by their path's domain.
    await page.getByText('/api/User/Authenticate', { exact: true }).first().waitFor();
    await page.getByText('/api/sync/kits/pull', { exact: true }).first().waitFor();
    // An operation opens with its request body and reply schema.
    await page.getByText('/api/User/Authenticate', { exact: true }).first().click();
    await page.getByText('Request body').first().waitFor();
    expect(await page.getByText('Responses').count()).toBeGreaterThan(0);

    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
