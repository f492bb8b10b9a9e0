import { type KitDoc, kitCode, type Language, type Translate } from '@scentry/shared-schema';
import { translator } from '@scentry/shared-schema/i18n/translator';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The demo kit's correct answers (README) with a wrong one on card 5: 4 of 5, a Pass. */
export const DEMO_PASS_PICKS = ['Lemon', 'Coffee', 'Rose', 'Mint', 'Coffee'];

/** The page's language (its `<html lang>`, which the app keeps in step with the player's choice). */
export async function pageLanguage(page: Page): Promise<Language> {
  return (await page.evaluate(() => document.documentElement.lang)) === 'es' ? 'es' : 'en';
}

/** The catalogue's messages in the page's language: journeys find the player's words by key. */
export const pageT = async (page: Page): Promise<Translate> => translator(await pageLanguage(page));

/** The location step's answers, by their English names (the journeys' own words), as keys. */
const LOCATION_ANSWERS = { 'Not now': 'location.notNow', 'Allow location': 'location.allow' } as const;

/**
 * Plays the open kit's five cards at intensity 3 (Moderate), picking the named options; ends on
 * /pass or /fail. On a device never asked about location, its step after the last card is answered
 * "Not now" (or as `location` says). In the page's language (English or Spanish).
 */
export async function playDemo(
  page: Page,
  picks: string[] = DEMO_PASS_PICKS,
  location: 'Not now' | 'Allow location' = 'Not now',
): Promise<void> {
  const t = await pageT(page);
  for (let i = 1; i <= 5; i++) {
    await page.getByRole('heading', { name: t('card.heading', { number: i }) }).waitFor();
    await page
      .locator('label.chip')
      .filter({ hasText: new RegExp(`^3\\s*${t('intensity.3')}$`) })
      .click();
    await page
      .locator('.choice')
      .filter({ hasText: picks[i - 1] })
      .click();
  }
  await answerLocationStep(page, location);
}

/**
 * The same play as `playDemo` for a journey whose subject comes after it: cards 1 to 4 are answered
 * as a device keeps a play in progress (its `scentryPlay:<code>` entry, which the play screen
 * resumes on open), then card 5 is answered through the screen, so the result is scored, stored
 * and queued by the app itself. About 4 s shorter than five cards through the screen. Works
 * offline (the app reopens from the service worker); the page must be on the app's origin.
 */
export async function playFromLastCard(
  page: Page,
  picks: string[] = DEMO_PASS_PICKS,
  location: 'Not now' | 'Allow location' = 'Not now',
  code = 'DEMO1',
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
  const choices = cards.map((card, i) => {
    if (i === cards.length - 1) return null;
    const option = card.options.find((o) => o.name === picks[i]);
    if (!option) throw new Error(`card ${i + 1} of ${code} has no option ${picks[i]}`);
    return option.scentOptionId;
  });
  const progress = {
    code: kit.id,
    version: kit.version,
    index: cards.length - 1,
    choices,
    intensities: cards.map((_, i) => (i === cards.length - 1 ? null : 3)),
  };
  await page.evaluate(
    (p) => localStorage.setItem(`scentryPlay:${p.code}`, JSON.stringify({ ...p, savedAt: Date.now() })),
    progress,
  );
  await page.goto(`${origin}/scent/${code}`);
  const t = await pageT(page);
  await page.getByRole('heading', { name: t('card.heading', { number: cards.length }) }).waitFor();
  await page
    .locator('label.chip')
    .filter({ hasText: new RegExp(`^3\\s*${t('intensity.3')}$`) })
    .click();
  await page
    .locator('.choice')
    .filter({ hasText: picks[cards.length - 1] })
    .click();
  await answerLocationStep(page, location);
}

/**
 * After the last card: on a device never asked about location, its step comes first; answered
 * "Not now" (or as told). Ends on /pass or /fail.
 */
export async function answerLocationStep(
  page: Page,
  location: 'Not now' | 'Allow location' = 'Not now',
): Promise<void> {
  const t = await pageT(page);
  const step = page.getByRole('heading', { name: t('location.title') });
  const ended = () => /\/(pass|fail)$/.test(new URL(page.url()).pathname);
  await expect.poll(async () => ended() || (await step.isVisible()), { timeout: 30_000 }).toBe(true);
  if (!ended() && (await step.isVisible()))
    await page.getByRole('button', { name: t(LOCATION_ANSWERS[location]) }).click();
  await page.waitForURL(/\/(pass|fail)$/);
}

/**
 * With card 1 of DEMO1 on screen online: waits until the kit's 10 pictures are cached and the
 * service worker is ready, then cuts the network and reloads (the app then runs from the device).
 */
export async function goOfflineWithDemoKit(page: Page, context: BrowserContext): Promise<void> {
  await page.getByRole('heading', { name: 'SCENT 1' }).waitFor();
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('scentry-images')).keys()).length))
    .toBe(10);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  await page.reload();
}
