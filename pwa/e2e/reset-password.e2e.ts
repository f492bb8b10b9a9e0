import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './support/admin-api';
import { launchBrowser } from './support/browser';
import { createUser, startServer, type TestServer } from './support/server';
import { apiToken, signIn } from './support/sign-in';
import { auditScreen } from './support/ux';

/**
 * Password reset by e-mailed link (issue 25): "Forgot password?" on the sign-in page → the link
 * from the outbox (DATA_DIR/outbox, no SMTP_URL) → a new password → signing in with it; the Admin
 * sends a link from the Users list. The new screens are checked with axe at 390 and 1366 wide (and 320).
 */
let server: TestServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

const STAFF = { email: 'rita.reset@example.com', password: 'Rita-Old-Pass1', first: 'Rita', last: 'Resetter' };
// The two sizes, and the narrowest phone the admin is checked at (nothing scrolls sideways).
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 800 },
  { width: 320, height: 568 },
] as const;

beforeAll(async () => {
  // No SMTP_URL: mail goes to DATA_DIR/outbox. PUBLIC_URL's default (http://localhost:<PORT>) is
  // the address the browser uses, so the e-mailed link opens this server.
  // The server and the browser start together.
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await createUser(server, {
    email: STAFF.email,
    password: STAFF.password,
    roleId: 2,
    firstName: STAFF.first,
    lastName: STAFF.last,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The decoded text of an .eml (quoted-printable soft breaks and =XX undone). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The reset links written to the outbox for `address`, oldest first. */
function linksTo(address: string): string[] {
  const dir = path.join(server.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decoded(readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => new RegExp(`^To: .*${address.replace(/\./g, '\\.')}`, 'im').test(m))
    .map((m) => /https?:\/\/\S+\/admin\/reset-password#token=[A-Za-z0-9_-]+/.exec(m)?.[0])
    .filter((l): l is string => Boolean(l));
}

/** axe and sideways scrolling at each size (a screenshot of each with SHOTS_DIR); back at 390 after. */
const audit = (page: Page, name: string) => auditScreen(page, `reset-${name}`, { viewports: SIZES, targets: false });

describe('password reset by link', () => {
  it('forgot password → the link from the outbox → a new password → signing in with it', async () => {
    const context = await browser.newContext({ viewport: SIZES[0] });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await audit(page, 'forgot');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Please enter valid email!').waitFor();
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('heading', { name: 'Check your e-mail' });
    await sent.waitFor();
    // Focus moved to what replaced the form.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Check your e-mail');
    await audit(page, 'forgot-sent');

    await expect.poll(() => linksTo(STAFF.email).length, { timeout: 10_000 }).toBe(1);
    const [link] = linksTo(STAFF.email);
    expect(link.startsWith(`${server.url}/admin/reset-password#token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    // The token leaves the address bar once read.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await audit(page, 'reset-form');

    await page.getByLabel('New Password').fill('Rita-New-Pass2');
    await page.getByLabel('Confirm Password').fill('Rita-New-Pass3');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('New Password and Confirm Password must be same').waitFor();
    await page.getByLabel('Confirm Password').fill('Rita-New-Pass2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await page.getByText('Your password was reset. Sign in with your new password.').waitFor();
    await audit(page, 'login-after-reset');

    // The old password is refused; the new one signs in.
    expect((await signIn(page, server.url, { email: STAFF.email, password: STAFF.password })).status).toBe('Warning');
    expect((await signIn(page, server.url, { email: STAFF.email, password: 'Rita-New-Pass2' })).status).toBe('Success');

    // The link worked once: used again, the page says so and offers a new one. (Opening a link
    // tells nothing: there is no call to ask whether a token is good, only the reset itself.)
    await page.goto(link);
    await page.getByLabel('New Password').fill('Rita-Again-Pass4');
    await page.getByLabel('Confirm Password').fill('Rita-Again-Pass4');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const dead = page.getByRole('heading', { name: 'This link has expired or was already used' });
    await dead.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('This link has expired or was already used');
    await audit(page, 'reset-expired');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await context.close();
  });

  it('an Admin sends a link from the Users list (the default choice of the reset dialog)', async () => {
    // Signed in through the API: the Admin's sign-in is not the subject here.
    const { context, page } = await signedInPage(browser, server.url, { viewport: SIZES[0], path: '/admin/user' });
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: `Reset password of ${STAFF.first} ${STAFF.last}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: /Send a reset link/ }).isChecked()).toBe(true);
    await audit(page, 'admin-dialog');
    const before = linksTo(STAFF.email).length;
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await page.locator('.toast', { hasText: 'A reset link was sent to the user' }).waitFor();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => linksTo(STAFF.email).length, { timeout: 10_000 }).toBe(before + 1);
    await context.close();

    // The user opens it in their own browser and chooses a password.
    const theirs = await browser.newContext({ viewport: SIZES[0] });
    const their = await theirs.newPage();
    await their.goto(linksTo(STAFF.email)[before]);
    await their.getByLabel('New Password').fill('Rita-Third-Pass3');
    await their.getByLabel('Confirm Password').fill('Rita-Third-Pass3');
    await their.getByRole('button', { name: 'Set new password' }).click();
    await their.waitForURL((u) => u.pathname === '/admin/login');
    expect(await apiToken(server.url, { email: STAFF.email, password: 'Rita-Third-Pass3' })).toBeTruthy();
    await theirs.close();
  });
});
