import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, typeAndPause } from './support/admin-api';
import { serverAndBrowser } from './support/journey';
import { signIn } from './support/sign-in';

const shared = serverAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 } };
const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const bodyRows = (page: Page) => page.locator('table tbody tr');
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

const ORG = {
  name: 'Wombat Sinus Clinic',
  code: 'WSC-01',
  website: 'wombat-clinic.example',
  address: '1 Burrow Lane, Springfield',
  email: 'front@wombat-clinic.example',
  phone: '555-0199',
};
const CLIENT_ADMIN = { first: 'Wanda', last: 'Wombat', password: 'Wombat-Pass-1' };

describe('the Admin manages an organization and its Client Admin on a phone', () => {
  it('creates it, finds it, lets its Client Admin in, and ends their session when made inactive', async () => {
    // The Admin signed in through the API (their sign-in is not the subject here).
    const { context: adminContext, page: admin } = await signedInPage(shared.browser, shared.server.url, {
      ...PHONE,
      path: '/admin/client',
      clock: true,
    });
    await admin.getByRole('heading', { name: 'Client' }).waitFor();
    // The layout keeps its Change Password dialog (same labels) in the page: look inside <main>.
    const main = admin.getByRole('main');

    // Create: a bad website is caught by the shared rules before anything is sent.
    await admin.getByRole('link', { name: 'Add Organization' }).click();
    await admin.getByRole('heading', { name: 'Create Organization / provider' }).waitFor();
    await main.getByLabel('Client Type').selectOption({ label: 'Medical provider' });
    await main.getByLabel('Organization Name').fill(ORG.name);
    await main.getByLabel('Organization Code').fill(ORG.code);
    await main.getByLabel('Website').fill('not a website');
    await main.getByLabel('Address').fill(ORG.address);
    await main.getByLabel('Organization Email', { exact: true }).fill(ORG.email);
    await main.getByLabel('Organization Phone').fill(ORG.phone);
    await main.getByLabel('First Name').fill(CLIENT_ADMIN.first);
    await main.getByLabel('Last Name').fill(CLIENT_ADMIN.last);
    // 'Use Organization Email' copies the organization's e-mail and locks the user's.
    await main.getByLabel('Use Organization Email').check();
    expect(await main.getByLabel('User Email', { exact: true }).inputValue()).toBe(ORG.email);
    expect(await main.getByLabel('User Email', { exact: true }).isDisabled()).toBe(true);
    expect(await main.getByLabel('Disclose Username').isChecked()).toBe(true);
    await main.getByLabel('Password', { exact: true }).fill(CLIENT_ADMIN.password);
    await main.getByLabel('Confirm Password').fill(CLIENT_ADMIN.password);
    let posted = 0;
    admin.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/Organization/CreateOrganization') posted++;
    });
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.getByText('Please enter valid website').waitFor();
    expect(posted).toBe(0);
    expect(admin.url()).toContain('/admin/manageOrganization');

    await main.getByLabel('Website').fill(ORG.website);
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin/client');
    await toast(admin, 'Organization created successfully').waitFor();
    expect(posted).toBe(1);

    // Find it: the search goes into the URL once typing pauses; the password is never shown.
    await typeAndPause(main.getByLabel('Search'), 'wombat');
    await expect.poll(() => search(admin)).toEqual({ q: 'wombat' });
    await expect.poll(() => bodyRows(admin).count()).toBe(1);
    const row = bodyRows(admin).first();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain(ORG.name);
    expect(rowText).toContain(`${CLIENT_ADMIN.first} ${CLIENT_ADMIN.last}`);
    expect(rowText).toContain(ORG.email);
    expect(rowText).toContain('Active');
    expect(rowText).not.toContain(CLIENT_ADMIN.password);

    // The Client Admin signs in on their own phone and sees their dashboard, not Admin screens.
    const clientContext = await shared.browser.newContext(PHONE);
    const client = await clientContext.newPage();
    const reply = await signIn(client, shared.server.url, { email: ORG.email, password: CLIENT_ADMIN.password });
    expect(reply.status).toBe('Success');
    await client.getByText('Total Test', { exact: true }).waitFor();
    await client.getByText(ORG.name).first().waitFor();
    await client.goto(`${shared.server.url}/admin/testKit`);
    await client.waitForURL((u) => u.pathname === '/admin/dashboard');

    // Back on the Admin's list: switching to inactive asks first; declining leaves it active.
    const active = main.getByRole('switch', { name: `${ORG.name} active` });
    expect(await active.isChecked()).toBe(true);
    await active.click();
    const dialog = admin.getByRole('dialog', { name: 'Make Inactive' });
    await dialog.getByText('Are you sure you want to make this organization inactive?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => active.isChecked()).toBe(true);

    await active.click();
    await dialog.getByRole('button', { name: 'Make Inactive' }).click();
    await toast(admin, `${ORG.name} is now inactive`).waitFor();
    await expect.poll(() => active.isChecked()).toBe(false);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Inactive');

    // The Client Admin's open session has ended: their next call lands on the login screen.
    await client.reload();
    await client.waitForURL((u) => u.pathname === '/admin/login');
    // ...and they cannot sign in again while the organization is inactive.
    const refused = await signIn(client, shared.server.url, { email: ORG.email, password: CLIENT_ADMIN.password });
    expect(refused.status).not.toBe('Success');

    await clientContext.close();
    await adminContext.close();
  });
});
