import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkUrl, isChunkLoadError, serverAnswers, watchChunkLoadErrors } from './chunk-load';

describe('a chunk that failed to download', () => {
  afterEach(() => sessionStorage.clear());

  it("is told from other errors by the browsers' and Vite's messages", () => {
    const url = 'http://127.0.0.1:4000/assets/scent._id-AbC123.js';
    expect(isChunkLoadError(new TypeError(`Failed to fetch dynamically imported module: ${url}`))).toBe(true);
    expect(isChunkLoadError(new TypeError(`error loading dynamically imported module: ${url}`))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/play-x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Something went wrong'))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('names the chunk it was', () => {
    expect(chunkUrl(new TypeError('Failed to fetch dynamically imported module: http://h:1/assets/a-1.js'))).toBe(
      'http://h:1/assets/a-1.js',
    );
    expect(chunkUrl(new Error('Unable to preload CSS for /assets/b-2.css'))).toBe('/assets/b-2.css');
    expect(chunkUrl(new TypeError('Importing a module script failed.'))).toBeNull();
  });

  it("counts whatever Vite reports as one, and turns off the router's reload for it", () => {
    const target = new EventTarget() as unknown as Window;
    watchChunkLoadErrors(target);
    const error = new Error('network down');
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
    target.dispatchEvent(event);
    expect(isChunkLoadError(error)).toBe(true);
    expect(sessionStorage.getItem('tanstack_router_reload:network down')).toBe('1');
    // Not prevented: the import still fails, so the screen shows.
    expect(event.defaultPrevented).toBe(false);
  });

  it('asks the server past every cache; any answer counts, a network failure does not', async () => {
    const fetcher = vi.fn(async () => new Response('', { status: 404 }));
    expect(await serverAnswers('/assets/a.js', fetcher as unknown as typeof fetch)).toBe(true);
    expect(fetcher).toHaveBeenCalledWith('/assets/a.js', { method: 'GET', cache: 'no-store' });
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await serverAnswers(null, down as unknown as typeof fetch)).toBe(false);
    expect(down).toHaveBeenCalledWith('/index.html', { method: 'GET', cache: 'no-store' });
  });
});
