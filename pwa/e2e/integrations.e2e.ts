import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrganization, signedInState } from './support/admin-api';
import { serverAndBrowser, withContext } from './support/journey';
import { apiToken, type Credentials } from './support/sign-in';
import { auditScreen } from './support/ux';

/*
 * Issue 44's screen: a Client Admin adds a webhook on /admin/integrations (a private address is
 * refused at the URL field first), is shown its secret once, sends a test event that reaches a
 * receiver and shows as Delivered in the log, rotates the secret (asked first) and deletes the
 * webhook (asked first). The form and the secret's dialog pass axe at 390 and 1366 px.
 */

/** The receiver: records each delivery and answers 204. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => {
    body += c.toString('utf8');
  });
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const RECEIVER = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const shared = serverAndBrowser({ WEBHOOK_TEST_RECEIVER: RECEIVER });
const CLIENT: Credentials = { email: 'iris.integrations@lakeside-clinic.example', password: 'Lakeside-Pass-1' };
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
];

async function organizationWithClientAdmin() {
  const token = await apiToken(shared.server.url);
  await createOrganization(shared.server, token, {
    clientType: 'Medical provider',
    organizationName: 'Lakeside Smell Clinic',
    organizationCode: 'LAKE-01',
    organizationWebsite: 'lakeside-clinic.example',
    organizationAddress: '2 Shore Road, Springfield',
    organizationEmail: 'front@lakeside-clinic.example',
    organizationPhone: '555-0142',
    organizationIsActive: true,
    discloseUserDetails: false,
    userFirstName: 'Iris',
    userLastName: 'Integrations',
    userEmail: CLIENT.email,
    password: CLIENT.password,
    confirmPassword: CLIENT.password,
    userIsActive: true,
  });
}

/** The secret the dialog shows, then Done: it is gone from the page. */
async function readSecretOnce(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  await dialog.waitFor();
  await expect.poll(() => dialog.textContent()).toContain('it will not be shown again');
  const secret = (await dialog.locator('code').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByText(secret).count()).toBe(0);
  return secret;
}

describe('the integrations screen', () => {
  it('adds a webhook, shows its secret once, sends a test event, rotates the secret and deletes it', async () => {
    await organizationWithClientAdmin();
    await withContext(
      shared.browser,
      { viewport: VIEWPORTS[1], storageState: await signedInState(shared.server.url, CLIENT) },
      async (context) => {
        const page = await context.newPage();
        await page.goto(`${shared.server.url}/admin/integrations`);
        const main = page.getByRole('main');
        const empty = main.getByText('No webhooks yet');
        await empty.waitFor();
        // No organization to pick: a Client Admin's are their own.
        expect(await main.getByRole('combobox', { name: 'Organization' }).count()).toBe(0);
        await main.getByRole('cell').getByRole('button', { name: 'Add webhook' }).click();

        const form = page.getByRole('dialog', { name: 'Add webhook' });
        const url = form.getByRole('textbox', { name: 'URL' });
        await url.fill('https://10.0.0.1/hook');
        await form.getByRole('button', { name: 'Add', exact: true }).click();
        // The server's refusal at the field, the focus on it.
        await form.getByText('This address cannot receive webhooks (Address refused: 10.0.0.1)').waitFor();
        expect(await url.getAttribute('aria-invalid')).toBe('true');
        await expect.poll(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
        await auditScreen(page, 'integrations-form', { viewports: VIEWPORTS, targets: false });

        await url.fill(RECEIVER);
        await form.getByRole('checkbox', { name: /A medical form is stored/ }).uncheck();
        await form.getByRole('button', { name: 'Add', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Signing secret' });
        await dialog.waitFor();
        await auditScreen(page, 'integrations-secret', { viewports: VIEWPORTS, targets: false });
        const first = await readSecretOnce(page);

        const row = main.getByRole('row').filter({ hasText: RECEIVER });
        await row.waitFor();
        expect(await row.textContent()).toContain('COVID-19 questionnaire stored');
        expect(await row.textContent()).not.toContain('Medical form stored');

        // A test event reaches the receiver and shows in the log as delivered.
        await main.getByRole('button', { name: `Send test event to ${RECEIVER}` }).click();
        await page.getByText(`A test event is on its way to ${RECEIVER}`).waitFor();
        await main.getByRole('button', { name: `Deliveries to ${RECEIVER}` }).click();
        await expect.poll(() => new URL(page.url()).searchParams.get('hook')).not.toBeNull();
        const log = main.getByRole('region', { name: `Deliveries to ${RECEIVER}` });
        await expect
          .poll(
            async () => {
              await main.getByRole('button', { name: 'Refresh' }).click();
              return log.getByRole('row').filter({ hasText: 'Test event' }).filter({ hasText: 'Delivered' }).count();
            },
            { timeout: 20_000, interval: 500 },
          )
          .toBe(1);
        expect(received.length).toBeGreaterThanOrEqual(1);
        expect(received[0].headers['webhook-signature']).toMatch(/^v1,/);
        await auditScreen(page, 'integrations-log', { viewports: VIEWPORTS, targets: false });

        // Rotate: asked first; a new secret, once.
        await main.getByRole('button', { name: `Rotate secret of ${RECEIVER}` }).click();
        const ask = page.getByRole('dialog', { name: 'Rotate secret' });
        expect(await ask.textContent()).toContain('The old secret stops working at once');
        await ask.getByRole('button', { name: 'Rotate secret' }).click();
        const second = await readSecretOnce(page);
        expect(second).not.toBe(first);

        // Delete: asked first; the list is empty again and the log closed.
        await main.getByRole('button', { name: `Delete the webhook to ${RECEIVER}` }).click();
        const del = page.getByRole('dialog', { name: 'Delete webhook' });
        await del.getByRole('button', { name: 'Delete' }).click();
        await empty.waitFor();
        await expect.poll(() => new URL(page.url()).searchParams.get('hook')).toBeNull();
      },
    );
  });
});
