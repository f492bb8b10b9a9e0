import type { Page } from 'playwright-core';
import { DEMO_PASS_PICKS, playFromLastCard } from './player';

/**
 * For a journey whose subject comes after play, on a page not yet on the app's origin: opens the
 * origin without starting the app (/robots.txt), then plays the demo kit from its last card
 * (`playFromLastCard`). Ends on /pass or /fail.
 */
export async function playDemoFast(
  page: Page,
  baseUrl: string,
  picks: string[] = DEMO_PASS_PICKS,
  location: 'Not now' | 'Allow location' = 'Not now',
): Promise<void> {
  await page.goto(`${baseUrl}/robots.txt`);
  await playFromLastCard(page, picks, location);
}
