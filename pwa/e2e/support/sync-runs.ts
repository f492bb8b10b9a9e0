import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The device's sync loop, seen from a journey: when its last run finished (src/offline/status.ts
 * keeps it in localStorage as `scentryLastSync`, set at the end of every run that succeeded). A
 * journey that proves a sync changes nothing waits for that run to end instead of sleeping.
 */
export const lastSync = (page: Page): Promise<string | null> =>
  page.evaluate(() => localStorage.getItem('scentryLastSync'));

/** Waits until a sync run has finished since `before` (an earlier `lastSync`). */
export async function syncedSince(page: Page, before: string | null): Promise<void> {
  await expect.poll(() => lastSync(page), { timeout: 30_000 }).not.toBe(before);
}
