import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What a person would check on a screen, as tests: accessibility (axe-core injected into the page;
 * its Playwright wrapper needs a newer Node), tap targets, sideways scrolling, and screenshots to
 * look at. Shared by every journey that audits a screen.
 */

/** The three sizes every touched screen is looked at: a small phone, a current phone, a laptop. */
export const VIEWPORTS = [
  { name: 'phone-small', width: 320, height: 568 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 800 },
] as const;

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now; returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, which the page's Content Security Policy does not govern
  // (a <script> tag would be refused by script-src 'self').
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected above, untyped in the page.
    const axe = (window as any).axe;
    const res = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result shape.
    return res.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // biome-ignore lint/suspicious/noExplicitAny: axe's node shape.
      targets: v.nodes.map((n: any) => String(n.target)),
    }));
  });
}

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Visible tap targets (buttons, links, form controls, labels wrapping a control, anything with a
 * button role) smaller than `min` CSS pixels either way. A link inside running text is exempt (WCAG
 * 2.5.8's inline exception); a check box or radio button is measured by its label.
 */
export async function smallTargets(page: Page, min = 44): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const selector =
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [tabindex]:not([tabindex="-1"])';
    const out: { what: string; width: number; height: number }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      let target: HTMLElement = el;
      // A check box or radio button is tapped through its label, which toggles it too; so is a
      // (visually hidden) file input through its label, the drop zone.
      if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox' || el.type === 'file')) {
        const label =
          el.closest('label') ?? (el.id ? document.querySelector<HTMLElement>(`label[for="${el.id}"]`) : null);
        if (label) target = label;
      }
      const style = getComputedStyle(target);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (target.closest('[aria-hidden=true], [inert]')) continue;
      // Inline links in a sentence are exempt.
      if (target.tagName === 'A' && style.display === 'inline' && target.parentElement?.tagName === 'P') continue;
      if (rect.width + 0.5 < min || rect.height + 0.5 < min) {
        const text = (target.getAttribute('aria-label') || target.textContent || target.tagName).trim().slice(0, 40);
        out.push({
          what: `${target.tagName.toLowerCase()} "${text}"`,
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        });
      }
    }
    return out;
  }, min);
}

/** True when the page scrolls sideways (something is wider than the screen). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * Where screenshots of audited screens go to be looked at (never committed): only when SHOTS_DIR
 * is set, since taking them costs every run time that no assertion uses. A failed journey's
 * screens are always kept (./failure-shots.ts).
 */
export const SHOTS_DIR = process.env.SHOTS_DIR ?? '';

/**
 * A full-page screenshot named `<name>-<width>x<height>.png` in SHOTS_DIR; returns its path, or a
 * note that none was taken (SHOTS_DIR unset).
 */
export async function shoot(page: Page, name: string): Promise<string> {
  if (!SHOTS_DIR) return 'no screenshot: set SHOTS_DIR to keep one';
  mkdirSync(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize();
  const file = path.join(SHOTS_DIR, `${name}-${size?.width}x${size?.height}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type Viewport = { readonly width: number; readonly height: number; readonly name?: string };

/**
 * Waits until the screen is drawn as a person sees it: web fonts loaded, every picture decoded,
 * and two animation frames after the last resize (layout and ResizeObserver callbacks done).
 * Cheaper and more exact than waiting for the network to be idle. A lazily loaded picture out of
 * sight (`loading="lazy"`, inside a scrolled box) is never fetched, so its decode() would never
 * settle: such pictures are made to load now (only the attribute changes: nothing axe or the 44 px
 * check reads).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager';
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * The audit every journey runs on a screen it shows: at each size (default 320, 390 and 1366 px),
 * axe-core finds no violation, nothing scrolls sideways and, unless `targets` is false (staff
 * screens, where the 44 px rule is the player's), no tap target is under 44 px; a screenshot of
 * each when SHOTS_DIR is set. The page is put back at the size it had.
 */
export async function auditScreen(
  page: Page,
  name: string,
  { viewports = VIEWPORTS, targets = true }: { viewports?: readonly Viewport[]; targets?: boolean } = {},
): Promise<void> {
  const before = page.viewportSize();
  for (const v of viewports) {
    const size = `${v.name ?? v.width} (${v.width} × ${v.height})`;
    await page.setViewportSize({ width: v.width, height: v.height });
    await settled(page);
    const file = await shoot(page, `${name}-${v.name ?? v.width}`);
    expect(await axeViolations(page), `${name} at ${size}: axe (${file})`).toEqual([]);
    if (targets) expect(await smallTargets(page, 44), `${name} at ${size}: targets under 44 px (${file})`).toEqual([]);
    expect(await scrollsSideways(page), `${name} at ${size}: scrolls sideways (${file})`).toBe(false);
  }
  if (before) await page.setViewportSize(before);
}
