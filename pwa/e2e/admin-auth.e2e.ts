import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInState } from './support/admin-api';
import { serverAndBrowser, withContext } from './support/journey';
import { ADMIN, createUser } from './support/server';
import { type Credentials, signIn } from './support/sign-in';

const shared = serverAndBrowser();

/**
 * Each journey has a browser context (storage, session) of its own, closed even when it fails. With
 * `signedIn`, that user is signed in already (through the API, where the sign-in screen is not
 * what the journey is about) and the page is on the dashboard.
 */
async function withPage(journey: (page: Page) => Promise<void>, signedIn?: Credentials): Promise<void> {
  const storageState = signedIn ? await signedInState(shared.server.url, signedIn) : undefined;
  await withContext(shared.browser, { viewport: { width: 1280, height: 720 }, storageState }, async (context) => {
    const page = await context.newPage();
    if (signedIn) await page.goto(`${shared.server.url}/admin/dashboard`);
    await journey(page);
  });
}

function addResult(id: string, kitId: number, status: 'Pass' | 'Fail') {
  shared.server.exec(
    `INSERT INTO test_results (id, test_kit_id, kit_version, first_name, last_name, played_at, result_status, right_answer_count, play_hash)
     VALUES (?, ?, 1, 'Guest', 'Player', '2026-11-20T10:00:00Z', ?, ?, ?)`,
    id,
    kitId,
    status,
    status === 'Pass' ? 5 : 1,
    id,
  );
}

const count = (query: string) => String(shared.server.sql<{ n: number }>(query)[0].n);

describe('admin sign-in journey', () => {
  it('answers a wrong password with a warning toast titled Login that carries the server message', () =>
    withPage(async (page) => {
      const reply = await signIn(page, shared.server.url, { email: ADMIN.email, password: 'Wrong-Pass-1' });
      expect(reply.status).toBe('Warning');
      expect(reply.message).toBe('Invalid email or password.');
      // The toast itself (ui/toast.tsx): a warning, its title, then the server's message.
      const toast = page.locator('.toast').filter({ hasText: reply.message });
      await toast.waitFor();
      expect(await toast.getAttribute('class')).toContain('toast-warning');
      expect(await toast.getAttribute('role')).toBe('status');
      expect(await toast.locator('.toast-title').textContent()).toBe('Login');
      expect(await toast.locator('span').textContent()).toBe(reply.message);
      expect(page.url()).toMatch(/\/admin\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    }));

  it('shows the Admin the counts from the database and the whole menu', () =>
    withPage(async (page) => {
      shared.server.exec("INSERT INTO test_kits (name, name_key) VALUES ('JOURNEY1', 'journey1')");
      const [{ id: kitId }] = shared.server.sql<{ id: number }>("SELECT id FROM test_kits WHERE name = 'JOURNEY1'");
      addResult('11111111-1111-4111-8111-111111111111', kitId, 'Pass');
      addResult('22222222-2222-4222-8222-222222222222', kitId, 'Pass');
      addResult('33333333-3333-4333-8333-333333333333', kitId, 'Fail');
      const expected = {
        totalTestCount: count('SELECT count(*) AS n FROM test_results'),
        passCount: count("SELECT count(*) AS n FROM test_results WHERE result_status = 'Pass'"),
        failCount: count("SELECT count(*) AS n FROM test_results WHERE result_status = 'Fail'"),
        testKitCount: count('SELECT count(*) AS n FROM test_kits WHERE deleted_at IS NULL'),
      };
      expect(Number(expected.passCount)).toBeGreaterThanOrEqual(2);
      expect(Number(expected.failCount)).toBeGreaterThanOrEqual(1);

      await signIn(page, shared.server.url);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await expect.poll(() => page.getByTestId('totalTestCount').textContent()).toBe(expected.totalTestCount);
      expect(await page.getByTestId('passCount').textContent()).toBe(expected.passCount);
      expect(await page.getByTestId('failCount').textContent()).toBe(expected.failCount);
      expect(await page.getByTestId('testKitCount').textContent()).toBe(expected.testKitCount);
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
    }));

  it('changes the password from the user menu and logs out; then the old password is refused and the new one works', async () => {
    // An Admin of its own: the shared first Admin keeps its password for the other journeys.
    const admin = { email: 'casey.change@example.com', password: 'Casey-Pass-1' };
    await createUser(shared.server, { ...admin, roleId: 1, firstName: 'Casey', lastName: 'Change' });
    await withPage(async (page) => {
      // Change Password from the user menu: a rule broken first, then a good one.
      await page.getByRole('button', { name: 'Casey Change' }).click();
      await page.getByRole('button', { name: 'Change Password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Password' });
      await dialog.getByLabel('Current Password').fill(admin.password);
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
      await page.getByRole('button', { name: 'Casey Change' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/admin/login');
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      const refused = await signIn(page, shared.server.url, admin);
      expect(refused.status).not.toBe('Success');
      await page.locator('.toast').filter({ hasText: 'Invalid email or password.' }).waitFor();
      expect((await signIn(page, shared.server.url, { ...admin, password: newPassword })).status).toBe('Success');
    }, admin);
  });

  it('keeps the device token across logout and sends it with the next sign-in, which it lets past the limit others reached', () =>
    withPage(async (page) => {
      const user = { email: 'dana.device@example.com', password: 'Dana-Pass-1' };
      await createUser(shared.server, { ...user, roleId: 1, firstName: 'Dana', lastName: 'Device' });
      const tokens = () =>
        page.evaluate(() => JSON.parse(localStorage.getItem('scentryDeviceTokens') ?? '{}') as Record<string, string>);
      await signIn(page, shared.server.url, user);
      const first = (await tokens())[user.email];
      expect(first).toEqual(expect.any(String));
      // The session user does not carry it: the device token lives apart from the session.
      expect(await page.evaluate(() => localStorage.getItem('user'))).not.toContain(first);
      await page.getByRole('button', { name: 'Dana Device' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/admin/login');
      expect((await tokens())[user.email]).toBe(first);

      // Someone else at this address (the journey's server sees everyone as loopback) makes 10 wrong
      // guesses: the e-mail-and-address limit refuses this account here to anyone without the token.
      for (let i = 0; i < 10; i++) {
        await fetch(`${shared.server.url}/api/User/Authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Email: user.email, Password: `Wrong-Pass-${i}` }),
        });
      }
      const locked = await fetch(`${shared.server.url}/api/User/Authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: user.email, Password: user.password }),
      });
      expect(locked.status).toBe(429);

      // The device signs in all the same, sending its token, and keeps the new one it is given.
      const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/User/Authenticate');
      expect((await signIn(page, shared.server.url, user)).status).toBe('Success');
      expect(JSON.parse((await sent).postData() ?? '{}').deviceToken).toBe(first);
      const second = (await tokens())[user.email];
      expect(second).toEqual(expect.any(String));
      expect(second).not.toBe(first);
    }));

  it('ends a session whose token the server rejects and sends the user to login', () =>
    withPage(async (page) => {
      await page.evaluate(() => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}');
        localStorage.setItem('user', JSON.stringify({ ...user, token: `${user.token}x` }));
      });
      await page.reload();
      await page.waitForURL('**/admin/login**');
      await page.getByText('Your session has ended. Please sign in again.').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    }, ADMIN));

  it('sends a visitor without a session from admin pages to login', () =>
    withPage(async (page) => {
      await page.goto(`${shared.server.url}/admin/testKit`);
      await page.waitForURL('**/admin/login**');
      await page.getByLabel('User Name').waitFor();
    }));

  it('shows a signed-in User only Change Password and Logout, and never asks for the counts', () =>
    withPage(async (page) => {
      await createUser(shared.server, {
        email: 'plain.user@example.com',
        password: 'User-Pass-1',
        roleId: 3,
        firstName: 'Pat',
        lastName: 'Plain',
      });
      const apiCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
      });
      await signIn(page, shared.server.url, { email: 'plain.user@example.com', password: 'User-Pass-1' });
      await page.getByRole('heading', { name: 'Welcome, Pat' }).waitFor();
      expect(await page.getByRole('navigation').getByRole('link').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Masters' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Pat Plain' }).click();
      expect(await page.getByRole('button', { name: 'Change Password' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(1);
      // Admin-only screens send a User back to the dashboard.
      await page.goto(`${shared.server.url}/admin/testKit`);
      await page.waitForURL('**/admin/dashboard');
      expect(apiCalls).not.toContain('/api/TestResult/GetTestResultCounts');
    }));
});
