import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { ADMIN, createUser, startServer, type TestServer } from './support/server';
import { signIn } from './support/sign-in';
import { auditScreen, scrollsSideways, settled, shoot } from './support/ux';

/** The code an authenticator app shows for `secret`, `offset` ms from now. */
const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset,
  });

/**
 * axe at a phone (390x844) and a laptop (1366x800); no sideways scroll at those and at 320 px; back
 * to the size the page had.
 */
async function axeAtBothSizes(page: Page, what: string) {
  await auditScreen(page, `two-step-${what}`, {
    viewports: [
      { width: 390, height: 844 },
      { width: 1366, height: 800 },
    ],
    targets: false,
  });
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 568 });
  await settled(page);
  expect(await scrollsSideways(page), `${what} at 320`).toBe(false);
  if (before) await page.setViewportSize(before);
}

async function logout(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/admin/login');
}

/** The password step of a TOTP account: the code step appears with its heading focused. */
async function passwordStep(page: Page, baseUrl: string, user: { email: string; password: string }) {
  const reply = await signIn(page, baseUrl, user);
  expect(reply).toMatchObject({ status: 'Warning', message: 'Enter the code from your authenticator app' });
  const heading = page.getByRole('heading', { name: 'Two-step sign-in' });
  await heading.waitFor();
  // The password is gone from the page once the second step shows.
  expect(await page.getByLabel('Password').count()).toBe(0);
}

// The file's two servers (the second with REQUIRE_TOTP=staff, a start-up setting) start together,
// and share one browser.
let server: TestServer;
let requiring: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, requiring, browser] = await Promise.all([
    startServer(),
    startServer({ REQUIRE_TOTP: 'staff' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), requiring?.stop()]);
});

describe('two-step sign-in', () => {
  const tess = { email: 'tess.two@example.com', password: 'Tess-Pass-1' };

  beforeAll(async () => {
    await createUser(server, { ...tess, roleId: 1, firstName: 'Tess', lastName: 'Two' });
  });

  it('set up (secret read from the screen) → sign in with password and code → sign in with a recovery code', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    try {
      expect((await signIn(page, server.url, tess)).status).toBe('Success');
      await page.getByRole('button', { name: 'Tess Two', exact: true }).click();
      await page.getByRole('link', { name: 'Two-step sign-in' }).click();
      await page.waitForURL('**/admin/two-step');
      await page.getByRole('heading', { name: 'Set up' }).waitFor();
      await axeAtBothSizes(page, 'off');

      // A wrong password is refused with its message.
      await page.getByLabel('Your password').fill('Wrong-Pass-9');
      await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await page.locator('.toast').filter({ hasText: 'Password is incorrect' }).waitFor();

      await page.getByLabel('Your password').fill(tess.password);
      await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await page.getByRole('heading', { name: 'Scan the QR code' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Scan the QR code');
      const qr = page.getByRole('img', { name: 'QR code to add Scentry to your authenticator app' });
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await axeAtBothSizes(page, 'scan');

      await page.getByLabel('Authentication code').fill(codeFor(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('heading', { name: 'Two-step sign-in is on: save your recovery codes' }).waitFor();
      const codes = await page.getByRole('list', { name: 'Recovery codes' }).locator('li').allTextContents();
      expect(codes).toHaveLength(10);
      await page.getByRole('button', { name: 'Copy codes' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes[0]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download codes' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('scentry-recovery-codes.txt');
      await axeAtBothSizes(page, 'codes');
      await page.getByRole('button', { name: 'I have saved them: continue' }).click();
      await page.waitForURL('**/admin/dashboard');

      // The Users list says who has it on.
      await page.goto(`${server.url}/admin/user`);
      const row = page.getByRole('row').filter({ hasText: tess.email });
      await row.getByText('On', { exact: true }).waitFor();
      await shoot(page, 'two-step-users-list');
      // Not for one's own account: that is turned off from the menu, with the password and a code.
      expect(await row.getByRole('button', { name: 'Clear two-step sign-in of Tess Two' }).isDisabled()).toBe(true);
      await logout(page, 'Tess Two');

      // Password, then a code of the next step (the one just used cannot sign in again).
      await passwordStep(page, server.url, tess);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Two-step sign-in');
      const code = page.getByLabel('Authentication code');
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      await axeAtBothSizes(page, 'login-code');
      await code.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.locator('.toast').filter({ hasText: 'That code is not correct' }).waitFor();
      await code.fill(codeFor(secret, 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/admin/dashboard');
      await logout(page, 'Tess Two');

      // A recovery code instead.
      await passwordStep(page, server.url, tess);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(codes[3]);
      await axeAtBothSizes(page, 'login-recovery');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/admin/dashboard');
      // The same recovery code does not work twice.
      await logout(page, 'Tess Two');
      await passwordStep(page, server.url, tess);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(codes[3]);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.locator('.toast').filter({ hasText: 'That code is not correct' }).waitFor();
      await page.getByLabel('Recovery code').fill(codes[5]);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/admin/dashboard');

      // Later: new recovery codes (the password and a code; a recovery code counts).
      await page.getByRole('button', { name: 'Tess Two', exact: true }).click();
      await page.getByRole('link', { name: 'Two-step sign-in' }).click();
      await page.getByRole('heading', { name: 'Two-step sign-in is on' }).waitFor();
      await axeAtBothSizes(page, 'on');
      const renew = page.getByRole('group', { name: 'New recovery codes' });
      await renew.getByLabel('Your password').fill(tess.password);
      await renew.getByLabel('Authentication code or recovery code').fill(codes[6]);
      await renew.getByRole('button', { name: 'Make new recovery codes' }).click();
      await page.getByRole('heading', { name: 'Your new recovery codes' }).waitFor();
      const fresh = await page.getByRole('list', { name: 'Recovery codes' }).locator('li').allTextContents();
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(codes[7]);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByRole('heading', { name: 'Two-step sign-in is on' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('REQUIRE_TOTP=staff', () => {
  it('takes staff without two-step sign-in to the set-up first; the rest opens once it is on', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${requiring.url}/admin/login`);
      await page.getByLabel('User Name').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/admin/two-step');
      await page.getByText('Set up two-step sign-in first').waitFor();
      // Nothing else is offered, and another screen's address comes back here.
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await page.getByRole('link', { name: 'Play Kits' }).count()).toBe(0);
      await page.goto(`${requiring.url}/admin/testKit`);
      await page.waitForURL('**/admin/two-step');
      await axeAtBothSizes(page, 'required');

      await page.getByLabel('Your password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
      await page.getByLabel('Authentication code').fill(codeFor(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByRole('button', { name: 'I have saved them: continue' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.goto(`${requiring.url}/admin/testKit`);
      await page.waitForURL('**/admin/testKit');
    } finally {
      await context.close();
    }
  });
});
