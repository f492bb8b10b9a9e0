import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type KitDoc, PLAYER_ROUTES } from '@scentry/shared-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchKit } from './api';
import type { EarlyKit } from './early-kit';

/*
 * index.html's boot script, run as the browser runs it (its text taken from index.html), against
 * a fake fetch and Image: it must make the very request fetchKit makes, and preload the pictures of
 * the first card once the reply is in.
 */

const html = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../index.html'), 'utf8');
const bootScript = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');

const option = (id: number, sortOrder: number) => ({
  scentCardOptionId: id,
  scentOptionId: id,
  name: `Option ${id}`,
  sortOrder,
  storedPath: `/uploads/${id}.png`,
});
const demo: KitDoc = {
  id: 'demo1',
  kitId: 1,
  name: 'DEMO1',
  version: 1,
  passThreshold: 4,
  updatedAt: '2025-01-01T00:00:00.000Z',
  _deleted: false,
  // Card order comes from sortOrder, not from the array.
  cards: [
    { id: 20, name: 'Second', sortOrder: 2, correctScentOptionId: 6, options: [option(6, 1)] },
    { id: 10, name: 'First', sortOrder: 1, correctScentOptionId: 1, options: [option(1, 1), option(2, 2)] },
  ],
} as unknown as KitDoc;

const reply = (documents: unknown[]) =>
  new Response(
    JSON.stringify({
      status: 'Success',
      message: '',
      error: null,
      data: { documents, checkpoint: null, unknownCodes: [] },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

function boot(pathname: string, answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  const images: { src: string; fetchPriority: string }[] = [];
  class FakeImage {
    src = '';
    fetchPriority = 'auto';
    constructor() {
      images.push(this);
    }
  }
  const win: { fetch: typeof fetchMock; Promise: PromiseConstructor; __scentryEarlyKit?: EarlyKit } = {
    fetch: fetchMock,
    Promise,
  };
  new Function('window', 'location', 'fetch', 'Image', bootScript)(win, { pathname }, fetchMock, FakeImage);
  return { fetchMock, images, early: win.__scentryEarlyKit };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("index.html's boot script", () => {
  it('is inline in index.html', () => {
    expect(bootScript).toContain('__scentryEarlyKit');
  });

  it('makes the request fetchKit makes, for the code of the path', async () => {
    const { fetchMock, early } = boot('/scent/DEMO1', async () => reply([demo]));
    expect(early?.code).toBe('DEMO1');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const appFetch = vi.fn(async () => reply([demo]));
    vi.stubGlobal('fetch', appFetch);
    await fetchKit('DEMO1');
    const [bootUrl, bootInit] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const [appUrl, appInit] = appFetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(bootUrl).toBe(PLAYER_ROUTES.pullKits.path);
    expect(bootUrl).toBe(appUrl);
    expect(bootInit.method).toBe(PLAYER_ROUTES.pullKits.method);
    expect(bootInit.method).toBe(appInit.method);
    expect(JSON.parse(String(bootInit.body))).toEqual(JSON.parse(String(appInit.body)));
    expect(bootInit.headers).toEqual(appInit.headers);
  });

  it("preloads the first card's pictures once the kit is in, and they are the app's to use", async () => {
    const { images, early } = boot('/Scent/Demo1/', async () => reply([demo]));
    await vi.waitFor(() => expect(images.map((i) => i.src)).toEqual(['/uploads/1.png', '/uploads/2.png']));
    expect(images.every((i) => i.fetchPriority === 'high')).toBe(true);
    // fetchKit reads the same reply (the boot script read a clone).
    vi.stubGlobal('fetch', vi.fn());
    window.__scentryEarlyKit = early;
    expect(await fetchKit('Demo1')).toEqual({ kind: 'kit', kit: demo });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('preloads nothing for an unknown code or a failed request, and never throws', async () => {
    const unknown = boot('/scent/NOPE', async () => reply([]));
    const failed = boot('/scent/DEMO1', async () => {
      throw new TypeError('Failed to fetch');
    });
    const refused = boot('/scent/DEMO1', async () => new Response('{}', { status: 429 }));
    await new Promise((r) => setTimeout(r, 20));
    expect([...unknown.images, ...failed.images, ...refused.images]).toEqual([]);
  });

  it('does nothing on other paths', () => {
    for (const p of ['/home', '/', '/scent/', '/scent/A/B', '/admin/scent/A', '/scent/%E0%A4%A']) {
      const { fetchMock, early } = boot(p, async () => reply([demo]));
      expect(fetchMock, p).not.toHaveBeenCalled();
      expect(early, p).toBeUndefined();
    }
  });
});
