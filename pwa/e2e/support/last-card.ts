import { type KitDoc, kitCode } from '@scentry/shared-schema';
import type { Page } from 'playwright-core';
import { DEMO_PASS_PICKS, pageT } from './player';

/**
 * Shortcuts to a kit's last card for journeys whose subject is what comes after it (the location
 * step, the result, its upload), without the ~6 s of five cards through the screen. Like
 * `playFromLastCard` (./player.ts), which also answers the last card and the location step; these
 * leave both to the journey.
 */

/**
 * Puts the page on the app's origin without starting the app (its /robots.txt, plain text): the
 * device's storage can then be written before the app's first screen.
 */
export async function onOrigin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/robots.txt`);
}

/**
 * Cards 1 to n-1 answered (the named `picks`, at `intensity`) as a device keeps a play in progress
 * (its `scentryPlay:<code>` entry, which the play screen resumes on open), then the kit opened on
 * its last card, unanswered. The page must be on the app's origin; works offline once the kit is
 * on the device (the app reopens from the service worker).
 */
export async function openLastCard(
  page: Page,
  picks: readonly string[] = DEMO_PASS_PICKS,
  code = 'DEMO1',
  intensity = 3,
): Promise<void> {
  const origin = new URL(page.url()).origin;
  const res = await fetch(`${origin}/api/sync/kits/pull`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ codes: [code], checkpoint: null, batchSize: 1 }),
  });
  const reply = (await res.json()) as { data: { documents: KitDoc[] } };
  const kit = reply.data.documents.find((d) => d.id === kitCode(code));
  if (!kit) throw new Error(`kit ${code} is not on the server`);
  const cards = [...kit.cards].sort((a, b) => a.sortOrder - b.sortOrder);
  const last = cards.length - 1;
  const choices = cards.map((card, i) => {
    if (i === last) return null;
    const option = card.options.find((o) => o.name === picks[i]);
    if (!option) throw new Error(`card ${i + 1} of ${code} has no option ${picks[i]}`);
    return option.scentOptionId;
  });
  const progress = {
    code: kit.id,
    version: kit.version,
    index: last,
    choices,
    intensities: cards.map((_, i) => (i === last ? null : intensity)),
  };
  await page.evaluate(
    (p) => localStorage.setItem(`scentryPlay:${p.code}`, JSON.stringify({ ...p, savedAt: Date.now() })),
    progress,
  );
  await page.goto(`${origin}/scent/${code}`);
  const t = await pageT(page);
  await page.getByRole('heading', { name: t('card.heading', { number: cards.length }) }).waitFor();
}

/** Answers the card on screen: rates it `intensity` (default 3, Moderate) and picks the named option. */
export async function answerCard(page: Page, pick: string, intensity = 3): Promise<void> {
  const t = await pageT(page);
  await page
    .locator('label.chip')
    .filter({ hasText: new RegExp(`^${intensity}\\s*${t(`intensity.${intensity}` as 'intensity.3')}$`) })
    .click();
  await page.locator('.choice').filter({ hasText: pick }).click();
}
