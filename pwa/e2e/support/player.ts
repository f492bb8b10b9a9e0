import type { Language, Translate } from '@scentry/shared-schema';
import { translator } from '@scentry/shared-schema/i18n/translator';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pulledKit } from './admin-api';

/** The demo kit's correct answers (README) with a wrong one on card 5: 4 of 5, a Pass. */
export const DEMO_PASS_PICKS = ['Lemon', 'Coffee', 'Rose', 'Mint', 'Coffee'];

/** The demo's options in Spanish, as a Spanish player sees them (sync-server services/demo-seed.ts). */
export const DEMO_NAMES_ES: Record<string, string> = {
  Lemon: 'Limón',
  Orange: 'Naranja',
  Banana: 'Plátano',
  Strawberry: 'Fresa',
  Rose: 'Rosa',
  Mint: 'Menta',
  Coffee: 'Café',
  Chocolate: 'Chocolate',
  Cinnamon: 'Canela',
  Smoke: 'Humo',
};

/** A demo option by its English name, as shown in either language (its name, or its Spanish one). */
export const demoOption = (name: string): RegExp =>
  new RegExp(`^(?:${name}|${DEMO_NAMES_ES[name] ?? name})(?!\\p{L})`, 'u');

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
    await answerCard(page, picks[i - 1]);
  }
  await answerLocationStep(page, location);
}

/**
 * The same play as `playDemo` for a journey whose subject comes after it: cards 1 to 4 are answered
 * as a device keeps a play in progress (`openLastCard`), then card 5 through the screen, so the
 * result is scored, stored and queued by the app itself. About 4 s shorter than five cards through
 * the screen. Works offline (the app reopens from the service worker); the page must be on the
 * app's origin (`onOrigin`, or `playDemoFast` from anywhere).
 */
export async function playFromLastCard(
  page: Page,
  picks: string[] = DEMO_PASS_PICKS,
  location: 'Not now' | 'Allow location' = 'Not now',
  code = 'DEMO1',
): Promise<void> {
  await openLastCard(page, picks, code);
  await answerCard(page, picks[picks.length - 1]);
  await answerLocationStep(page, location);
}

/** `playFromLastCard` from a page not yet on the app's origin (it goes there first). */
export async function playDemoFast(
  page: Page,
  baseUrl: string,
  picks: string[] = DEMO_PASS_PICKS,
  location: 'Not now' | 'Allow location' = 'Not now',
): Promise<void> {
  await onOrigin(page, baseUrl);
  await playFromLastCard(page, picks, location);
}

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
  const kit = await pulledKit(origin, code);
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
  await page
    .locator('.choice')
    .filter({ hasText: demoOption(pick) })
    .click();
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
