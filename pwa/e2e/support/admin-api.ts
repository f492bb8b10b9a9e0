import { randomUUID } from 'node:crypto';
import { type KitDoc, kitCode } from '@scentry/shared-schema';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADMIN, type TestServer } from './server';
import { apiSignIn, type Credentials } from './sign-in';

/**
 * What the staff journeys set up through the API (API.md) instead of through screens that are not
 * their subject: a JSON call, a signed-in browser, an organization, the demo kit as a device pulls
 * it, a play pushed as a device uploads it.
 */

/**
 * POSTs `body` as JSON to the server (as the holder of `token`, if given); the envelope's `data`.
 * Throws unless the envelope says Success.
 */
export async function apiPost<T = unknown>(baseUrl: string, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = await res.json();
  if (envelope.status !== 'Success') throw new Error(`${url} refused: ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}

/**
 * A browser context's storage signed in as `user`, as the login screen leaves it (the session user
 * under `user`, the device token apart under `scentryDeviceTokens`: login-form.tsx), from a sign-in
 * through the API. For journeys whose subject is not the sign-in itself: each such sign-in through
 * the screen costs a page load, the dashboard's and its counts.
 */
export async function signedInState(
  baseUrl: string,
  user: Credentials = ADMIN,
): Promise<NonNullable<BrowserContextOptions['storageState']>> {
  const { deviceToken, ...session } = (await apiSignIn(baseUrl, user)) as { deviceToken: string } & Record<
    string,
    unknown
  >;
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseUrl).origin,
        localStorage: [
          { name: 'user', value: JSON.stringify({ ...session, totpEnabled: false }) },
          { name: 'scentryDeviceTokens', value: JSON.stringify({ [user.email.toLowerCase()]: deviceToken }) },
        ],
      },
    ],
  };
}

/**
 * A new browser context (a device) signed in as `user` (./sign-in.ts's ADMIN unless told), and a
 * page on `path` of the app (the dashboard unless told; null: a blank page, for a journey that opens
 * its own address first). Phone-sized (390 × 844) unless the options say otherwise. With `clock`,
 * the context's clock is installed first (for `typeAndPause`). Close the context when done (or use
 * ./journey.ts's withContext with `signedInState`).
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  {
    user = ADMIN,
    path = '/admin/dashboard',
    clock = false,
    ...options
  }: BrowserContextOptions & { user?: Credentials; path?: string | null; clock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    ...options,
    storageState: await signedInState(baseUrl, user),
  });
  if (clock) await context.clock.install();
  const page = await context.newPage();
  if (path !== null) await page.goto(`${baseUrl}${path}`);
  return { context, page };
}

/**
 * An organization (and its Client Admin) made by the Admin through the API, the body as API.md
 * gives it (its names in either case, as the server takes them); its id.
 */
export async function createOrganization(
  server: TestServer,
  token: string,
  organization: Record<string, unknown>,
): Promise<number> {
  await apiPost(server.url, '/api/Organization/CreateOrganization', organization, token);
  const name = organization.organizationName ?? organization.OrganizationName;
  const [row] = server.sql<{ id: number }>('SELECT id FROM organizations WHERE name = ?', name);
  if (!row) throw new Error(`organization ${name} not found after its creation`);
  return row.id;
}

/** A kit as a device pulls it (DEMO1 unless told): its cards, options and answer key. */
export async function pulledKit(baseUrl: string, code = 'DEMO1'): Promise<KitDoc> {
  const data = await apiPost<{ documents: KitDoc[] }>(baseUrl, '/api/sync/kits/pull', {
    codes: [code],
    checkpoint: null,
  });
  const kit = data.documents.find((d) => d.id === kitCode(code));
  if (!kit) throw new Error(`${code} not served`);
  return kit;
}

/** A card's first option that is not its correct answer. */
export const wrongOption = (card: KitDoc['cards'][number]): KitDoc['cards'][number]['options'][number] => {
  const wrong = card.options.find((o) => o.scentOptionId !== card.correctScentOptionId);
  if (!wrong) throw new Error(`card ${card.id} has no wrong option`);
  return wrong;
};

export interface PushedPlay {
  firstName: string;
  lastName: string;
  /** How many cards are answered right, from the first; the others get their first wrong option. */
  right: number;
  /** Seconds after the kit's version was made (a play before it would be re-timed by the server). */
  order: number;
  organizationId?: number | null;
  /** Where it was played (none: no position). */
  at?: { latitude: number; longitude: number } | null;
  /** The smell intensity of card `i` (from 0); 3 unless told. */
  intensity?: (i: number) => number;
}

/**
 * One play of `kit` pushed as a device uploads it (/api/sync/results/push), scored as the app scores
 * it (Pass from the kit's threshold); the server must take it without a conflict. Its id.
 */
export async function pushPlay(baseUrl: string, kit: KitDoc, play: PushedPlay): Promise<string> {
  const id = randomUUID();
  const conflicts = await apiPost<unknown[]>(baseUrl, '/api/sync/results/push', [
    {
      assumedMasterState: null,
      newDocumentState: {
        id,
        testKitId: kit.kitId,
        kitVersion: kit.version,
        organizationId: play.organizationId ?? null,
        latitude: play.at?.latitude ?? null,
        longitude: play.at?.longitude ?? null,
        firstName: play.firstName,
        lastName: play.lastName,
        playedAt: new Date(Date.parse(kit.updatedAt) + play.order * 1000).toISOString(),
        answers: kit.cards.map((c, i) => ({
          scentCardId: c.id,
          scentOptionId: i < play.right ? (c.correctScentOptionId as number) : wrongOption(c).scentOptionId,
          smellIntensity: play.intensity?.(i) ?? 3,
        })),
        resultStatus: play.right >= kit.passThreshold ? 'Pass' : 'Fail',
        rightAnswerCount: play.right,
      },
    },
  ]);
  expect(conflicts).toEqual([]);
  return id;
}

/**
 * Types `text` into a list's search or filter box, which the list takes once typing pauses
 * (ui/use-debounced.ts: 1 s), and lets that second pass at once on the page's clock: timers due
 * meanwhile fire as they would have. The context's clock must be installed (`context.clock.install()`)
 * before the page opened.
 */
export async function typeAndPause(field: Locator, text: string, pause = 1000): Promise<void> {
  const page = field.page();
  await field.fill(text);
  // The pause's timer is set by an effect of the render the typing caused: let that frame pass.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await page.context().clock.fastForward(pause);
}
