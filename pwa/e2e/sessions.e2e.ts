import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from './support/admin-api';
import { serverAndBrowser } from './support/journey';
import { createUser } from './support/server';
import { type Credentials, signIn } from './support/sign-in';
import { auditScreen } from './support/ux';

/*
 * "Sign out everywhere else" (#25, EndOtherSessions): one browser ends the sessions of the same
 * account in every other browser; the other lands on the login page at its next call, this one
 * goes on. The menu entry and its confirmation pass axe on a phone and a laptop.
 */
const shared = serverAndBrowser();

const ENDED = 'Your session has ended. Please sign in again.';
const DONE = 'You were signed out everywhere else';

/**
 * A device of this size with `user` signed in (through the API: the sign-in is not the subject
 * here; it throws unless the server says Success), on the dashboard.
 */
const open = (user: Credentials, width: number, height: number) =>
  signedInPage(shared.browser, shared.server.url, { user, viewport: { width, height } });

/** Opens the user menu (on a phone, the folded menu first) and returns the bar. */
async function openUserMenu(page: Page, name: string) {
  const bar = page.locator('header.admin-bar');
  // Under 900 px (CSS) the menu is folded into one "Menu" button.
  if ((page.viewportSize()?.width ?? 1366) < 900) await bar.getByRole('button', { name: 'Menu' }).click();
  await bar.getByRole('button', { name }).click();
  await bar.getByRole('button', { name: 'Sign out everywhere else' }).waitFor();
  return bar;
}

describe('sign out everywhere else', () => {
  it('ends the session of a second browser context, which lands on the login page at its next call; the first goes on', async () => {
    const user = { email: 'sam.sessions@example.com', password: 'Sam-Sessions-1' };
    await createUser(shared.server, { ...user, roleId: 1, firstName: 'Sam', lastName: 'Sessions' });
    // Two devices signed in as the same user.
    const laptop = await open(user, 1366, 800);
    const other = await open(user, 1366, 800);
    try {
      // Asked first: cancelling ends nothing.
      const { page } = laptop;
      await openUserMenu(page, 'Sam Sessions');
      await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else' });
      await dialog.waitFor();
      expect(await dialog.getByText('This one stays signed in').count()).toBe(1);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      const [stillIn] = await Promise.all([
        other.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/TestResult/GetTestResultCounts'),
        other.page.reload(),
      ]);
      expect(stillIn.status()).toBe(200);

      // Confirmed: the server is asked once, and says so.
      await openUserMenu(page, 'Sam Sessions');
      await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await dialog.waitFor();
      const [reply] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/User/EndOtherSessions'),
        dialog.getByRole('button', { name: 'Sign out other sessions' }).click(),
      ]);
      expect(reply.status()).toBe(200);
      const toast = page.locator('.toast').filter({ hasText: DONE });
      await toast.waitFor();
      expect(await toast.getAttribute('role')).toBe('status');
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // The other browser's next call: 401, then the login page with the message, its session gone.
      await other.page.getByRole('navigation').getByRole('link', { name: 'Play Results' }).click();
      await other.page.waitForURL('**/admin/login**');
      await other.page.getByText(ENDED).waitFor();
      expect(await other.page.evaluate(() => localStorage.getItem('user'))).toBeNull();

      // This browser still works: a list that needs the token loads.
      await page.getByRole('navigation').getByRole('link', { name: 'Play Results' }).click();
      await page.getByRole('heading', { name: 'Play Results' }).waitFor();
      expect(page.url()).toContain('/admin/testresult');
      expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();

      // The other browser signs in again with the same password.
      expect((await signIn(other.page, shared.server.url, user)).status).toBe('Success');

      // Audited for the Admin's audit log.
      const rows = shared.server.sql<{ n: number }>(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'end-other-sessions' AND user_email = ?",
        user.email,
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await laptop.context.close();
      await other.context.close();
    }
  });

  it.each([
    [320, 568],
    [390, 844],
    [1366, 800],
  ])(
    'at %i × %i the user menu and the confirmation pass axe, fit the width, and work by keyboard',
    async (width, height) => {
      const user = { email: `axe.${width}@example.com`, password: 'Axe-Sessions-1' };
      await createUser(shared.server, { ...user, roleId: 3, firstName: 'Axel', lastName: `W${width}` });
      const { context, page } = await open(user, width, height);
      try {
        const bar = await openUserMenu(page, `Axel W${width}`);
        const entry = bar.getByRole('button', { name: 'Sign out everywhere else' });
        expect(await entry.isVisible()).toBe(true);
        await auditScreen(page, 'sessions-user-menu', { viewports: [{ width, height }], targets: false });

        // By keyboard: the entry takes Enter, the dialog opens with the focus inside it.
        await entry.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Sign out everywhere else' });
        await dialog.waitFor();
        await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
        await auditScreen(page, 'sessions-confirm', { viewports: [{ width, height }], targets: false });
        // Escape closes it, nothing ended, and the focus is back on the menu: the user menu's button,
        // or on a phone the Menu button (that Escape folds the phone menu too).
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.isVisible()).toBe(false);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
          .toBe(width < 900 ? 'Menu' : `Axel W${width} ▾`);
        expect(
          shared.server.sql<{ n: number }>(
            "SELECT count(*) AS n FROM audit_log WHERE action = 'end-other-sessions' AND user_email = ?",
            user.email,
          )[0].n,
        ).toBe(0);
      } finally {
        await context.close();
      }
    },
  );
});
