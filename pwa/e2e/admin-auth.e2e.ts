import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { ADMIN, createUser, startServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('User Name').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

function addResult(id: string, kitId: number, status: 'Pass' | 'Fail') {
  server.exec(
    `INSERT INTO test_results (id, test_kit_id, kit_version, first_name, last_name, played_at, result_status, right_answer_count, play_hash)
     VALUES (?, ?, 1, 'Guest', 'Player', '2026-11-20T10:00:00Z', ?, ?, ?)`,
    id,
    kitId,
    status,
    status === 'Pass' ? 5 : 1,
    id,
  );
}

describe('admin sign-in journey', () => {
  it('signs in, shows the counts from the database, changes the password, logs out, and handles a rejected token', async () => {
    server.exec("INSERT INTO test_kits (name, name_key) VALUES ('JOURNEY1', 'journey1')");
    const [{ id: kitId }] = server.sql<{ id: number }>('SELECT id FROM test_kits');
    addResult('11111111-1111-4111-8111-111111111111', kitId, 'Pass');
    addResult('22222222-2222-4222-8222-222222222222', kitId, 'Pass');
    addResult('33333333-3333-4333-8333-333333333333', kitId, 'Fail');

    const context = await browser.newContext();
    const page = await context.newPage();

    // A wrong password is a warning titled Login with the server's message.
    await signIn(page, ADMIN.email, 'Wrong-Pass-1');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Invalid email or password.' }).count()).toBe(1);
    expect(await page.getByText('Login', { exact: true }).count()).toBeGreaterThan(0);

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.getByTestId('totalTestCount').textContent()).toBe('3');
    expect(await page.getByTestId('passCount').textContent()).toBe('2');
    expect(await page.getByTestId('failCount').textContent()).toBe('1');
    expect(await page.getByTestId('testKitCount').textContent()).toBe('1');
    for (const label of ['Total Test', 'Total Pass', 'Total Fail', 'Total Test Kit']) {
      expect(await page.getByText(label, { exact: true }).count()).toBe(1);
    }
    // The Admin's menu.
    for (const name of ['Dashboard', 'Play Kits', 'Play Results']) {
      expect(await page.getByRole('navigation').getByRole('link', { name }).count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Masters' }).click();
    for (const name of ['Users', 'Client', 'Scent Options']) {
      expect(await page.getByRole('link', { name }).count()).toBe(1);
    }
    await page.keyboard.press('Escape');

    // Change Password from the user menu: a rule broken first, then a good one.
    await page.getByRole('button', { name: 'Scentry Admin' }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(ADMIN.password);
    await dialog.getByLabel('New Password').fill('weakpass');
    await dialog.getByLabel('Confirm Password').fill('weakpass');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByText('Must contain one uppercase, atleast 8 characters').waitFor();

    const newPassword = 'Fresh-Pass-2';
    await dialog.getByLabel('New Password').fill(newPassword);
    await dialog.getByLabel('Confirm Password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully').waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Logout, then the old password is refused and the new one works.
    await page.getByRole('button', { name: 'Scentry Admin' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.getByText('Invalid email or password.').waitFor();
    await signIn(page, ADMIN.email, newPassword);
    await page.waitForURL('**/admin/dashboard');

    // A token the server rejects: the session is cleared and the user lands on login.
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      localStorage.setItem('user', JSON.stringify({ ...user, token: `${user.token}x` }));
    });
    await page.reload();
    await page.waitForURL('**/admin/login**');
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    // Without any session, admin pages send the visitor to login.
    await page.goto(`${server.url}/admin/testKit`);
    await page.waitForURL('**/admin/login**');
    await context.close();
  });

  it('shows a signed-in User only Change Password and Logout, and never asks for the counts', async () => {
    await createUser(server, {
      email: 'plain.user@example.com',
      password: 'User-Pass-1',
      roleId: 3,
      firstName: 'Pat',
      lastName: 'Plain',
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
    });
    await signIn(page, 'plain.user@example.com', 'User-Pass-1');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Pat' }).waitFor();
    expect(await page.getByRole('navigation').getByRole('link').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Masters' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Pat Plain' }).click();
    expect(await page.getByRole('button', { name: 'Change Password' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    // Admin-only screens send a User back to the dashboard.
    await page.goto(`${server.url}/admin/testKit`);
    await page.waitForURL('**/admin/dashboard');
    expect(apiCalls).not.toContain('/api/TestResult/GetTestResultCounts');
    await context.close();
  });
});
