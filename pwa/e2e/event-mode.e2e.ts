import { MEDICAL_MSG } from '@scentry/shared-schema';
import { translator } from '@scentry/shared-schema/i18n/translator';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITH_SERVICE_WORKER } from './support/browser';
import { serverAndBrowser } from './support/journey';
import { answerCard, answerLocationStep, DEMO_PASS_PICKS } from './support/player';
import { ADMIN } from './support/server';
import { axeViolations, scrollsSideways, shoot, smallTargets } from './support/ux';

/**
 * Event mode (issue #23), on a tablet (820×1180): staff set up /event/DEMO1 and are signed out;
 * three players play in a row (the second offline); Next player and the idle reset leave nothing of
 * the one before (page, Back, reload, localStorage); the back office stays shut; leaving needs the
 * PIN (or a staff sign-in); the server ends up with exactly the three results, in the event's
 * organization. Each player is asked "Share your location?" (player 1's yes is not the next one's),
 * and Next player asks before it discards a half-filled form. The idle time is shortened by the
 * test-only `window.__scentryEventIdleMs`.
 */

const shared = serverAndBrowser({ SEED_DEMO: 'on' });
const TABLET = { width: 820, height: 1180 };
const PIN = '2468';
/** Two minutes shortened to 24 s, the warning 12 s before: room for a slow machine between two taps, and to audit the warning. */
const IDLE_MS = 24_000;
const WARN_MS = 12_000;
const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };
/** One of five right: a Fail. */
const FAIL_PICKS = ['Rose', 'Banana', 'Lemon', 'Smoke', 'Orange'];

let context: BrowserContext;
let page: Page;
let orgId: number;
const resultIds: string[] = [];

beforeAll(async () => {
  shared.server.exec("INSERT INTO organizations (name) VALUES ('Event Clinic')");
  orgId = shared.server.sql<{ id: number }>("SELECT id FROM organizations WHERE name = 'Event Clinic'")[0].id;
  context = await shared.browser.newContext({ viewport: TABLET, ...WITH_SERVICE_WORKER });
  await context.addInitScript(`window.__scentryEventIdleMs = ${IDLE_MS}; window.__scentryEventWarnMs = ${WARN_MS};`);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

const url = (path: string) => `${shared.server.url}${path}`;
const startScreen = () => page.getByRole('button', { name: 'Start', exact: true });
const onStartScreen = async () => {
  await page.waitForURL('**/event/demo1');
  await startScreen().waitFor();
};
const bodyText = () =>
  page
    .locator('body')
    .textContent()
    .then((t) => t ?? '');
/** Every key and value of the site's localStorage, as one text. */
const storageText = () =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .map((k) => `${k}=${localStorage.getItem(k)}`)
      .join('\n'),
  );
const storedResultId = () =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('testResultData') ?? '{}') as { testResultId?: string }).testResultId,
  );

/** axe, 44 px targets and no sideways scroll, on the tablet (and a phone when asked); a screenshot. */
async function audit(name: string, phone = false, sizes = phone ? [TABLET, { width: 390, height: 844 }] : [TABLET]) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    const file = await shoot(page, `event-${name}-${size.width}`);
    expect(await axeViolations(page), `${name} ${size.width}: axe (${file})`).toEqual([]);
    expect(await smallTargets(page, 44), `${name} ${size.width}: targets under 44 px (${file})`).toEqual([]);
    expect(await scrollsSideways(page), `${name} ${size.width}: scrolls sideways (${file})`).toBe(false);
  }
  await page.setViewportSize(TABLET);
}

/**
 * Five cards, then the location question, which this player must be asked (an earlier player's
 * answer is never theirs): answered as told. Ends on /pass or /fail.
 */
async function playAskedForLocation(picks: string[], location: 'Not now' | 'Allow location' = 'Not now') {
  const t = translator('en');
  for (let i = 1; i <= 5; i++) {
    await page.getByRole('heading', { name: t('card.heading', { number: i }) }).waitFor();
    await answerCard(page, picks[i - 1]);
  }
  await page.getByRole('heading', { name: t('location.title') }).waitFor();
  await answerLocationStep(page, location);
}

/** Nothing of the player before: not on the page, not in localStorage (their result id, name, answers). */
async function expectNoTrace(before: { resultId: string; words: string[] }) {
  const text = await bodyText();
  for (const word of before.words) expect(text, `page shows "${word}"`).not.toContain(word);
  const stored = await storageText();
  expect(stored).not.toContain(before.resultId);
  for (const word of before.words) expect(stored, `localStorage holds "${word}"`).not.toContain(word);
  expect(stored).not.toMatch(/^(safePassData|testResultData|scentryPlay:|scentryQuestionnaire|scentryHistory)/m);
}

describe('event mode on a tablet', () => {
  it('asks for a staff sign-in first, and comes back to the set-up after it', async () => {
    await page.goto(url('/event/DEMO1'));
    await page.getByRole('heading', { name: 'Staff sign-in needed' }).waitFor();
    await audit('signin-needed');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/login\?redirect=/);
    await page.getByLabel('User Name').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/event/DEMO1');
    await page.getByRole('heading', { name: 'Set up an event' }).waitFor();
  });

  it('refuses a code that is no active kit, plainly', async () => {
    await page.goto(url('/event/NOSUCHKIT'));
    await page.getByText('No active kit has the code NOSUCHKIT').waitFor();
    expect(await page.getByRole('button', { name: 'Start event' }).count()).toBe(0);
  });

  it('sets up the event: the kit, the organization, a PIN typed twice; stores the kit and signs staff out', async () => {
    await page.goto(url('/event/DEMO1'));
    await page.getByTestId('event-setup-kit').waitFor();
    const org = page.getByRole('combobox', { name: 'Organization for the results' });
    await org.fill('Event');
    await page.getByRole('option', { name: 'Event Clinic' }).click();
    await page.getByLabel('PIN (4 to 8 digits)').fill(PIN);
    await page.getByLabel('PIN again').fill('1357');
    await page.getByRole('button', { name: 'Start event' }).click();
    await page.getByText('The two PINs are not the same.').waitFor();
    await page.getByLabel('PIN again').fill(PIN);
    await audit('setup', true);
    await page.getByRole('button', { name: 'Start event' }).click();
    await onStartScreen();
    // Signed out on this device; the PIN is kept hashed, never as itself.
    const stored = await page.evaluate(() => ({
      user: localStorage.getItem('user'),
      event: localStorage.getItem('scentryEvent'),
    }));
    expect(stored.user).toBeNull();
    const event = JSON.parse(stored.event ?? '{}');
    expect(event).toMatchObject({ code: 'demo1', organizationId: orgId, playerActive: false });
    expect(stored.event).not.toContain(PIN);
    expect(event.pin.hash).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The kit's pictures are on the device already (for the offline player).
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('scentry-images')).keys()).length))
      .toBe(10);
    expect(await page.getByTestId('event-waiting').textContent()).toContain('Everything uploaded');
    await audit('start', true);
  });

  it('keeps the back office shut: /admin/… and any other address show the start screen', async () => {
    for (const path of ['/admin/testresult', '/admin/dashboard', '/admin/login', '/home', '/', '/no-such-page']) {
      await page.goto(url(path));
      await onStartScreen();
    }
  });

  it('player 1 (online): Start → card 1 directly, plays, gives their name; Next player leaves no trace, not by Back, not by reload', async () => {
    await startScreen().click();
    await page.waitForURL('**/scent/demo1');
    await page.getByRole('button', { name: 'Next player' }).waitFor();
    // The tablet's browser grants location from here on: player 1 says yes.
    await context.setGeolocation(SEATTLE);
    await context.grantPermissions(['geolocation']);
    await playAskedForLocation(DEMO_PASS_PICKS, 'Allow location');
    await page.waitForURL('**/pass');
    await audit('pass');
    await page.getByRole('link', { name: 'See my result', exact: true }).click();
    await page.waitForURL('**/result');
    const resultId = (await storedResultId()) ?? '';
    expect(resultId).not.toBe('');
    resultIds.push(resultId);
    await expect.poll(() => shared.server.sql('SELECT id FROM test_results WHERE id = ?', resultId).length).toBe(1);
    // Their details: a name to look for afterwards.
    await page.getByRole('link', { name: 'Add your details' }).click();
    await page.waitForURL('**/userMedicationQuestion');
    await page.getByLabel('First name').fill('Alicia');
    // Next player with a half-filled form asks first; Cancel keeps what was typed.
    await page.getByRole('button', { name: 'Next player' }).click();
    const discard = page.getByRole('dialog', { name: "Discard this player's answers?" });
    await discard.waitFor();
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('First name').inputValue()).toBe('Alicia');
    await page.getByLabel('Last name').fill('Zamora');
    await page.getByLabel('Age').fill('37');
    await page.getByRole('group', { name: 'Gender' }).getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Race/Ethnicity').selectOption('Asian');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByTestId('medical-step').filter({ hasText: 'Step 2' }).waitFor();
    for (const radio of await page.getByRole('radio', { name: 'No' }).all()) await radio.check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByTestId('medical-step').filter({ hasText: 'Step 3' }).waitFor();
    for (const radio of await page.getByRole('radio', { name: 'No' }).all()) await radio.check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: MEDICAL_MSG.saved }).waitFor({ timeout: 20_000 });
    await page.waitForURL('**/result');
    expect(await bodyText()).toContain('Alicia');
    await audit('result');

    await page.getByRole('button', { name: 'Next player' }).click();
    await onStartScreen();
    const trace = { resultId, words: ['Alicia', 'Zamora', 'Passed', '4 of 5', 'Lemon'] };
    await expectNoTrace(trace);
    // Back shows nothing personal.
    await page.goBack();
    await onStartScreen();
    await expectNoTrace(trace);
    await page.goBack();
    await onStartScreen();
    await expectNoTrace(trace);
    // Nor does a reload.
    await page.reload();
    await onStartScreen();
    await expectNoTrace(trace);
  });

  it('player 2 (offline): plays from the device; "Still there?" then the idle reset leave no trace', async () => {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await context.setOffline(true);
    await page.reload();
    await onStartScreen();
    await startScreen().click();
    await page.waitForURL('**/scent/demo1');
    // Asked, though player 1 allowed it and the browser still grants it.
    await playAskedForLocation(FAIL_PICKS);
    await page.waitForURL('**/fail');
    const resultId = (await storedResultId()) ?? '';
    expect(resultId).not.toBe('');
    resultIds.push(resultId);
    await expect.poll(() => page.getByTestId('event-waiting').textContent()).toContain('1 play waiting');
    // Nothing touched: the warning, with the focus on its answer, then the start screen.
    const warning = page.getByRole('alertdialog', { name: 'Still there?' });
    await warning.waitFor({ timeout: IDLE_MS + 5000 });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("I'm still here");
    await onStartScreen();
    await expectNoTrace({ resultId, words: ['Failed', '1 of 5', 'Smoke'] });
    // What waits to upload is still there.
    expect(await page.getByTestId('event-waiting').textContent()).toContain('1 play waiting');
    expect(shared.server.sql('SELECT id FROM test_results WHERE id = ?', resultId)).toHaveLength(0);
  });

  it("player 3: I'm still here keeps the screen; /admin/testresult typed in shows no result, only the start", async () => {
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await startScreen().click();
    await page.waitForURL('**/scent/demo1');
    // Asked, though player 2 said "Not now".
    await playAskedForLocation(DEMO_PASS_PICKS);
    await page.waitForURL('**/pass');
    const resultId = (await storedResultId()) ?? '';
    resultIds.push(resultId);
    const warning = page.getByRole('alertdialog', { name: 'Still there?' });
    await warning.waitFor({ timeout: IDLE_MS + 5000 });
    await audit('still-there');
    await page.getByRole('button', { name: "I'm still here" }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/pass');

    // This player reads Spanish in large text: the next one starts with the event's (English, 100 %).
    await page.locator('label.language-option', { hasText: 'Español' }).click();
    await page.locator('label.text-size-option', { hasText: '150' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('150%');
    await page.getByRole('button', { name: 'Siguiente participante' }).waitFor();
    await audit('pass-es-150', false, [{ width: 320, height: 568 }]);

    // A name typed into the form, then Next player: asked (in the player's language), and confirmed.
    const es = translator('es');
    await page.getByRole('link', { name: es('outcome.seeResult'), exact: true }).click();
    await page.getByRole('link', { name: es('medical.add') }).click();
    await page.getByLabel(es('medical.firstName')).fill('Bruno');
    await page.getByRole('button', { name: 'Siguiente participante' }).click();
    const discard = page.getByRole('dialog', { name: es('event.discard.title') });
    await discard.waitFor();
    await discard.getByRole('button', { name: es('event.discard.confirm') }).click();
    await onStartScreen();
    await expectNoTrace({ resultId, words: ['Bruno'] });
    await startScreen().click();
    await page.waitForURL('**/scent/demo1');

    await page.goto(url('/admin/testresult'));
    await onStartScreen();
    await expectNoTrace({ resultId, words: ['Passed', '4 of 5', 'Play Results'] });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('');
    expect(await page.locator('label.text-size-on').textContent()).toBe('100%');
  });

  it('uploads what waited: the server holds exactly the three results, in the event organization', async () => {
    await expect
      .poll(() => page.getByTestId('event-waiting').textContent(), { timeout: 30_000 })
      .toContain('All 3 plays uploaded');
    expect(await page.getByTestId('event-waiting').textContent()).toMatch(/Last upload \d/);
    const rows = shared.server.sql<{ id: string; organization_id: number | null }>(
      'SELECT id, organization_id FROM test_results ORDER BY played_at',
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...resultIds].sort());
    expect(rows.map((r) => r.organization_id)).toEqual([orgId, orgId, orgId]);
    // Only player 1 said yes to location: the others' results carry none (not player 1's).
    const located = shared.server.sql<{ latitude: number | null }>(
      'SELECT latitude FROM test_results ORDER BY played_at',
    );
    expect(located[0].latitude).toBeCloseTo(SEATTLE.latitude, 3);
    expect(located.slice(1).map((r) => r.latitude)).toEqual([null, null]);
  });

  it('leaving needs the PIN: 5 wrong tries lock it for a minute (a reload keeps the lock)', async () => {
    await page.getByRole('button', { name: 'End event' }).click();
    const dialog = page.getByRole('dialog', { name: 'End the event' });
    await audit('end-event');
    for (let i = 1; i <= 4; i++) {
      await dialog.getByLabel('PIN').fill('0000');
      await dialog.getByRole('button', { name: 'End event' }).click();
      await dialog.getByText(`Wrong PIN. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left.`).waitFor();
    }
    await dialog.getByLabel('PIN').fill('0000');
    await dialog.getByRole('button', { name: 'End event' }).click();
    await dialog.getByTestId('event-locked').waitFor();
    expect(await dialog.getByTestId('event-locked').textContent()).toMatch(/Try again in (59|60) seconds/);
    await page.reload();
    await onStartScreen();
    await page.getByRole('button', { name: 'End event' }).click();
    expect(await page.getByTestId('event-locked').textContent()).toMatch(/Try again in \d+ seconds/);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => localStorage.getItem('scentryEvent'))).not.toBeNull();
  });

  it('a forgotten PIN: a staff sign-in ends event mode and opens the back office', async () => {
    await page.getByRole('button', { name: 'Forgot the PIN? Staff sign-in' }).click();
    await page.getByLabel('User Name').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('scentryEvent'))).toBeNull();
  });

  it('the right PIN ends a new event and gives the normal app back', async () => {
    await page.goto(url('/event/DEMO1'));
    await page.getByTestId('event-setup-kit').waitFor();
    await page.getByLabel('PIN (4 to 8 digits)').fill('97531');
    await page.getByLabel('PIN again').fill('97531');
    await page.getByRole('button', { name: 'Start event' }).click();
    await onStartScreen();
    await page.getByRole('button', { name: 'End event' }).click();
    const dialog = page.getByRole('dialog', { name: 'End the event' });
    await dialog.getByLabel('PIN').fill('97531');
    await dialog.getByRole('button', { name: 'End event' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Start Game' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('scentryEvent'))).toBeNull();
    // The back office needs a sign-in again (the event signed staff out).
    await page.goto(url('/admin/testresult'));
    await page.waitForURL('**/admin/login');
  });
});
