import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { openBrowsers } from './browser';

/**
 * Screenshots of a failed journey: every page still open when a test fails is photographed into
 * FAILURE_SHOTS_DIR (default `.tmp/test-reports/failed` at the repository's root), its path printed
 * and listed in `failed-shots.txt` there, which `npm test` prints in its summary. Pages of a
 * context a journey closes as it fails (withContext in ./journey.ts) are photographed before it
 * closes them; pages still open after the test (a file's shared page) by the hook below, which
 * e2e/vitest.config.ts loads as a setup file. Costs nothing when the test passes.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIR = process.env.FAILURE_SHOTS_DIR || path.join(ROOT, '.tmp/test-reports/failed');

const safe = (text: string) =>
  text
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/** Photographs these pages as the failed test left them; returns the files written. */
export async function photographFailure(pages: Page[]): Promise<string[]> {
  const { currentTestName = 'journey', testPath = 'journey' } = expect.getState();
  const open = pages.filter((p) => !p.isClosed());
  if (!open.length) return [];
  mkdirSync(DIR, { recursive: true });
  const prefix = `${safe(path.basename(testPath, '.e2e.ts'))}--${safe(currentTestName)}`;
  const written: string[] = [];
  for (const [i, page] of open.entries()) {
    const shot = path.join(DIR, `${prefix}${open.length > 1 ? `-${i + 1}` : ''}.png`);
    try {
      await page.screenshot({ path: shot, fullPage: true, timeout: 10_000 });
    } catch {
      continue; // the page went away with the failure (a crash): nothing to show
    }
    written.push(shot);
    appendFileSync(
      path.join(DIR, 'failed-shots.txt'),
      `${path.relative(ROOT, testPath)} › ${currentTestName}: ${shot}\n`,
    );
    console.error(`[journey] screenshot of the failed test "${currentTestName}" (${page.url()}): ${shot}`);
  }
  return written;
}

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  await photographFailure([...openBrowsers].flatMap((b) => b.contexts().flatMap((c) => c.pages())));
});
