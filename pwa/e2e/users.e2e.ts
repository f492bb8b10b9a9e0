import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage, typeAndPause } from './support/admin-api';
import { serverAndBrowser } from './support/journey';
import { apiToken } from './support/sign-in';

const shared = serverAndBrowser();

const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const bodyRows = (page: Page) => page.locator('table tbody tr');
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

const USER = { first: 'Journey', last: 'Quokkason', email: 'quokka@example.com' };

describe('the Admin manages users on a phone', () => {
  it('creates, finds, edits, resets the password of and deletes a user', async () => {
    // Signed in through the API: the Admin's sign-in is not the subject here.
    const { context, page } = await signedInPage(shared.browser, shared.server.url, {
      viewport: { width: 390, height: 844 },
      path: '/admin/user',
      clock: true,
    });
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    // The layout keeps its Change Password dialog (same labels) in the page: look inside <main>.
    const main = page.getByRole('main');

    // Create: a bad e-mail is caught by the shared rules before anything is sent.
    await page.getByRole('link', { name: 'Add User' }).click();
    await page.getByRole('heading', { name: 'Create User' }).waitFor();
    await main.getByLabel('First Name').fill(USER.first);
    await main.getByLabel('Last Name').fill(USER.last);
    await main.getByLabel('Email').fill('not-an-email');
    await main.getByLabel('Phone (optional)').fill('555-0100');
    await main.getByLabel('Role').selectOption({ label: 'User' });
    await main.getByLabel('Password', { exact: true }).fill('Journey-Pass-1');
    await main.getByLabel('Confirm Password').fill('Journey-Pass-1');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Please enter valid email!').waitFor();
    expect(page.url()).toContain('/admin/manageuser');

    await main.getByLabel('Email').fill(USER.email);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/user');
    await toast(page, 'User created successfully').waitFor();

    // Find it by its last name: the filter goes into the URL once typing pauses.
    await typeAndPause(main.getByLabel('Last Name'), 'quokka');
    await expect.poll(() => search(page)).toEqual({ lastName: 'quokka' });
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    expect(await bodyRows(page).first().textContent()).toContain(USER.email);

    // A header sorts; a second click flips the order (both in the URL).
    await page.getByRole('button', { name: 'First Name' }).click();
    await expect.poll(() => search(page)).toEqual({ lastName: 'quokka', sort: 'firstName' });
    await page.getByRole('button', { name: 'First Name' }).click();
    await expect.poll(() => search(page)).toEqual({ lastName: 'quokka', sort: 'firstName', order: 'desc' });
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('First Name');

    // Edit: back to the list as it was left.
    await page.getByRole('link', { name: `Edit ${USER.first} ${USER.last}` }).click();
    await page.getByRole('heading', { name: 'Edit User' }).waitFor();
    expect(await main.getByLabel('Email').inputValue()).toBe(USER.email);
    expect(await main.getByLabel('Password', { exact: true }).count()).toBe(0);
    await main.getByLabel('First Name').fill('Jay');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/user');
    await toast(page, 'User updated successfully').waitFor();
    expect(search(page)).toEqual({ lastName: 'quokka', sort: 'firstName', order: 'desc' });
    await expect.poll(() => bodyRows(page).first().textContent()).toContain('Jay');

    // Reset the password: mismatched confirmation first, then the real one.
    await page.getByRole('button', { name: `Reset password of Jay ${USER.last}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    // Sending a link is the default (issue 25); the password by hand is the other choice.
    expect(await dialog.getByRole('radio', { name: /Send a reset link/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /Set a password/ }).check();
    await dialog.getByLabel('New Password').fill('Fresh-Pass-2');
    await dialog.getByLabel('Confirm Password').fill('Fresh-Pass-3');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.getByText('New Password and Confirm Password must be same').waitFor();
    await dialog.getByLabel('Confirm Password').fill('Fresh-Pass-2');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Password changed successfully').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The user signs in with the new password; the old one is refused.
    expect(await apiToken(shared.server.url, { email: USER.email, password: 'Fresh-Pass-2' })).toBeTruthy();
    await expect(apiToken(shared.server.url, { email: USER.email, password: 'Journey-Pass-1' })).rejects.toThrow();

    // Delete it through the selection and the confirmation.
    await page.getByRole('checkbox', { name: `Select Jay ${USER.last}` }).check();
    await page.getByText('1 selected').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await confirm.getByText('Are you sure you want to delete?').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, `Jay ${USER.last} deleted`).waitFor();
    await page.getByText('No user matches these filters.').waitFor();
    await expect(apiToken(shared.server.url, { email: USER.email, password: 'Fresh-Pass-2' })).rejects.toThrow();
    await context.close();
  });
});
