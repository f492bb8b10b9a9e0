import type { Page } from 'playwright-core';

/** The demo kit's correct answers (README) with a wrong one on card 5: 4 of 5, a Pass. */
export const DEMO_PASS_PICKS = ['Lemon', 'Coffee', 'Rose', 'Mint', 'Coffee'];

/** Plays the open kit's five cards at intensity 3 (Moderate), picking the named options; ends on /pass or /fail. */
export async function playDemo(page: Page, picks: string[] = DEMO_PASS_PICKS): Promise<void> {
  for (let i = 1; i <= 5; i++) {
    await page.getByRole('heading', { name: `SCENT ${i}` }).waitFor();
    await page
      .locator('label.chip')
      .filter({ hasText: /^3\s*Moderate$/ })
      .click();
    await page
      .locator('.choice')
      .filter({ hasText: picks[i - 1] })
      .click();
  }
  await page.waitForURL(/\/(pass|fail)$/);
}
