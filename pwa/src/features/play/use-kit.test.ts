import type { KitDoc } from '@scentry/shared-schema';
import { renderHook, waitFor } from '@testing-library/react';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api';
import { createLocalDatabase, type LocalDatabase } from '../../offline/db';
import { getLocalKit, saveKitLocally, stripMeta } from '../../offline/store';
import { fetchKit, type KitLookup } from './api';
import {
  askPersistenceOnce,
  type KitSources,
  keepKitOnDevice,
  loadKit,
  PERSIST_ASKED_KEY,
  useKeepOnDevice,
} from './use-kit';

/*
 * The kit loader with a fake network (at the fetchKit boundary) and the device's store on a real
 * RxDB database in memory.
 */

let dbCount = 0;
let db: LocalDatabase;

beforeEach(async () => {
  db = await createLocalDatabase({ name: `kit-test-${++dbCount}`, storage: getRxStorageMemory() });
});

afterEach(async () => {
  await db.close();
});

function kit(overrides: Partial<KitDoc> = {}): KitDoc {
  return {
    id: 'garden',
    kitId: 3,
    name: 'Garden kit',
    version: 2,
    passThreshold: 1,
    updatedAt: '2025-01-01T00:00:00.000Z',
    _deleted: false,
    cards: [],
    ...overrides,
  };
}

/** A kit as the device gives it back (RxDB's own fields, `_deleted` included, removed). */
const asStored = (k: KitDoc) => stripMeta(k);

const networkDown = () =>
  new ApiFailure(0, { status: 'Failure', message: 'Network error', error: 'network', data: null });

/** Like fetch: never answers by itself, gives up with an AbortError when the signal aborts. */
const hangs = (_code: string, signal: AbortSignal) =>
  new Promise<KitLookup>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

function sources(fetchKit: KitSources['fetchKit'], patienceMs = 6000) {
  const fetchSpy = vi.fn(fetchKit);
  const storeOpened = vi.fn();
  const s: KitSources = {
    fetchKit: fetchSpy,
    store: async () => {
      storeOpened();
      return {
        getLocalKit: (code) => getLocalKit(code, db),
        saveKitLocally: (k) => saveKitLocally(k, db),
        cacheKitImages: async () => {},
      };
    },
    patienceMs,
  };
  return { sources: s, fetchSpy, storeOpened };
}

describe('loadKit', () => {
  it('uses the network first, even when the device has an older copy', async () => {
    await saveKitLocally(kit({ version: 1, name: 'Old name' }), db);
    const fresh = kit({ version: 2, name: 'New name' });
    const { sources: s, fetchSpy, storeOpened } = sources(async () => ({ kind: 'kit', kit: fresh }));

    expect(await loadKit('Garden', s)).toEqual({ status: 'ready', kit: fresh, source: 'network' });
    expect(fetchSpy).toHaveBeenCalledWith('Garden', expect.any(AbortSignal));
    // The local database is not even loaded on the way to the first card.
    expect(storeOpened).not.toHaveBeenCalled();
  });

  it("uses the device's copy when offline", async () => {
    const local = kit();
    await saveKitLocally(local, db);
    const { sources: s } = sources(async () => {
      throw networkDown();
    });
    expect(await loadKit('GARDEN ', s)).toEqual({ status: 'ready', kit: asStored(local), source: 'device' });
  });

  it("uses the device's copy when the network is slower than the patience", async () => {
    const local = kit();
    await saveKitLocally(local, db);
    const { sources: s, fetchSpy } = sources(hangs, 50);
    const started = Date.now();
    expect(await loadKit('garden', s)).toEqual({ status: 'ready', kit: asStored(local), source: 'device' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect((fetchSpy.mock.calls[0][1] as AbortSignal).aborted).toBe(true);
  }, 2000);

  it('waits for a network that answers within the patience', async () => {
    await saveKitLocally(kit({ version: 1 }), db);
    const fresh = kit({ version: 2 });
    const { sources: s } = sources(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { kind: 'kit', kit: fresh };
    }, 1000);
    expect(await loadKit('garden', s)).toEqual({ status: 'ready', kit: fresh, source: 'network' });
  });

  it('needs a connection when offline with no copy on the device', async () => {
    const { sources: s } = sources(async () => {
      throw networkDown();
    });
    expect(await loadKit('garden', s)).toEqual({ status: 'needs-connection' });
  });

  it('needs a connection when the network is too slow and there is no copy on the device', async () => {
    const { sources: s } = sources(hangs, 20);
    expect(await loadKit('garden', s)).toEqual({ status: 'needs-connection' });
  }, 2000);

  it('says invalid for a code the server does not know, whatever the device holds', async () => {
    await saveKitLocally(kit(), db);
    const { sources: s } = sources(async () => ({ kind: 'unknown' }));
    expect(await loadKit('garden', s)).toEqual({ status: 'invalid' });
  });

  it('falls back to the device on a server error, and says error when it has nothing', async () => {
    const serverError = async (): Promise<KitLookup> => {
      throw new ApiFailure(500, { status: 'Failure', message: 'Boom', error: 'HTTP 500', data: null });
    };
    expect(await loadKit('garden', sources(serverError).sources)).toEqual({ status: 'error' });
    await saveKitLocally(kit(), db);
    expect(await loadKit('garden', sources(serverError).sources)).toMatchObject({ status: 'ready', source: 'device' });
  });

  it('treats a device database that cannot open like an empty one', async () => {
    const s: KitSources = {
      fetchKit: async () => {
        throw networkDown();
      },
      store: async () => {
        throw new Error('IndexedDB unavailable');
      },
      patienceMs: 6000,
    };
    expect(await loadKit('garden', s)).toEqual({ status: 'needs-connection' });
  });
});

describe('keepKitOnDevice', () => {
  it('stores a network kit so it can be played offline later', async () => {
    const fresh = kit({ id: 'garden', version: 5 });
    const { sources: s } = sources(async () => ({ kind: 'kit', kit: fresh }));
    await keepKitOnDevice(fresh, s);
    expect(await getLocalKit('Garden', db)).toEqual(asStored(fresh));

    const offline = sources(async () => {
      throw networkDown();
    }).sources;
    expect(await loadKit('garden', offline)).toEqual({ status: 'ready', kit: asStored(fresh), source: 'device' });
  });
});

describe('useKeepOnDevice', () => {
  it('keeps a kit shown from the network on the device', async () => {
    const fresh = kit();
    const { sources: s } = sources(async () => ({ kind: 'kit', kit: fresh }));
    renderHook(() => useKeepOnDevice({ status: 'ready', kit: fresh, source: 'network' }, s));
    await waitFor(async () => expect(await getLocalKit('garden', db)).toEqual(asStored(fresh)));
  });

  it('does not store again a kit read from the device, nor a screen without a kit', async () => {
    const saveKit = vi.fn(async () => {});
    const store = async () => ({
      getLocalKit: async () => null,
      saveKitLocally: saveKit,
      cacheKitImages: async () => {},
    });
    renderHook(() => useKeepOnDevice({ status: 'ready', kit: kit(), source: 'device' }, { store }));
    renderHook(() => useKeepOnDevice({ status: 'needs-connection' }, { store }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saveKit).not.toHaveBeenCalled();
  });

  it('keeps quiet when the device cannot store it', async () => {
    const fresh = kit();
    const saveKit = vi.fn(async () => {
      throw new Error('QuotaExceededError');
    });
    const store = async () => ({
      getLocalKit: async () => null,
      saveKitLocally: saveKit,
      cacheKitImages: async () => {},
    });
    const { result } = renderHook(() => useKeepOnDevice({ status: 'ready', kit: fresh, source: 'network' }, { store }));
    await waitFor(() => expect(saveKit).toHaveBeenCalled());
    expect(result.current).toBeUndefined();
  });
});

describe('loadKit with the kit request index.html started early', () => {
  const success = (k: KitDoc) =>
    new Response(
      JSON.stringify({
        status: 'Success',
        message: '',
        error: null,
        data: { documents: [k], checkpoint: { versions: { [k.id]: k.version } }, unknownCodes: [] },
      }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
  const appLike = (patienceMs = 6000) => sources(fetchKit, patienceMs);
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.__scentryEarlyKit = undefined;
  });

  it('takes the early reply for the same code and sends no request of its own', async () => {
    const fresh = kit({ version: 7 });
    window.__scentryEarlyKit = { code: 'Garden', reply: Promise.resolve(success(fresh)) };
    const { sources: s, storeOpened } = appLike();
    expect(await loadKit('Garden', s)).toEqual({ status: 'ready', kit: fresh, source: 'network' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storeOpened).not.toHaveBeenCalled();
    // Taken once: the next visit of the screen asks the server again.
    expect(window.__scentryEarlyKit).toBeUndefined();
    fetchMock.mockResolvedValueOnce(success(kit({ version: 8 })));
    expect(await loadKit('Garden', s)).toMatchObject({ status: 'ready', kit: { version: 8 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves an early reply for another code alone and asks itself', async () => {
    const other = { code: 'Other', reply: Promise.resolve(success(kit({ id: 'other' }))) };
    window.__scentryEarlyKit = other;
    fetchMock.mockResolvedValueOnce(success(kit()));
    expect(await loadKit('garden', appLike().sources)).toMatchObject({ status: 'ready', kit: { id: 'garden' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__scentryEarlyKit).toBe(other);
  });

  it('asks again itself when the early request failed (network error, server error)', async () => {
    window.__scentryEarlyKit = { code: 'garden', reply: Promise.reject(new TypeError('Failed to fetch')) };
    fetchMock.mockResolvedValueOnce(success(kit({ version: 3 })));
    expect(await loadKit('garden', appLike().sources)).toMatchObject({ status: 'ready', kit: { version: 3 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const boom = new Response(JSON.stringify({ status: 'Failure', message: 'Boom', error: null, data: null }), {
      status: 500,
    });
    window.__scentryEarlyKit = { code: 'garden', reply: Promise.resolve(boom) };
    fetchMock.mockResolvedValueOnce(success(kit({ version: 4 })));
    expect(await loadKit('garden', appLike().sources)).toMatchObject({ status: 'ready', kit: { version: 4 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("uses the device's copy when the early request is slower than the patience, without asking again", async () => {
    const local = kit();
    await saveKitLocally(local, db);
    window.__scentryEarlyKit = { code: 'garden', reply: new Promise<Response>(() => {}) };
    const started = Date.now();
    expect(await loadKit('garden', appLike(50).sources)).toEqual({
      status: 'ready',
      kit: asStored(local),
      source: 'device',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(fetchMock).not.toHaveBeenCalled();
  }, 2000);

  it('gives up at once when the screen goes away while the early request is out', async () => {
    window.__scentryEarlyKit = { code: 'garden', reply: new Promise<Response>(() => {}) };
    const screen = new AbortController();
    const pending = loadKit('garden', appLike().sources, screen.signal);
    screen.abort();
    expect(await pending).toEqual({ status: 'needs-connection' });
    expect(fetchMock).not.toHaveBeenCalled();
  }, 2000);

  it('says invalid (not error) when the server refuses the code itself with a 400, early reply or not', async () => {
    const longCode = 'A'.repeat(61);
    const refused = () =>
      new Response(
        JSON.stringify({ status: 'Failure', message: 'Invalid request', error: 'Bad Request', data: null }),
        { status: 400 },
      );
    window.__scentryEarlyKit = { code: longCode, reply: Promise.resolve(refused()) };
    fetchMock.mockResolvedValueOnce(refused());
    expect(await loadKit(longCode, appLike().sources)).toEqual({ status: 'invalid' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says invalid when the early reply does not hold the kit', async () => {
    const reply = new Response(
      JSON.stringify({
        status: 'Success',
        message: '',
        error: null,
        data: { documents: [], checkpoint: { versions: {} }, unknownCodes: ['nope'] },
      }),
      { status: 200 },
    );
    window.__scentryEarlyKit = { code: 'nope', reply: Promise.resolve(reply) };
    expect(await loadKit('nope', appLike().sources)).toEqual({ status: 'invalid' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('askPersistenceOnce', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      items,
    };
  }

  it('asks the browser once per device, not again for the next kits', async () => {
    const storage = { persist: vi.fn(async () => true), persisted: vi.fn(async () => false) };
    const local = memoryStorage();
    expect(await askPersistenceOnce(storage, local)).toBe(true);
    expect(await askPersistenceOnce(storage, local)).toBe(false);
    expect(await askPersistenceOnce(storage, local)).toBe(false);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(local.items.get(PERSIST_ASKED_KEY)).toBeTruthy();
  });

  it('remembers a refusal as well: the player is not asked again', async () => {
    const storage = { persist: vi.fn(async () => false), persisted: vi.fn(async () => false) };
    const local = memoryStorage();
    await askPersistenceOnce(storage, local);
    await askPersistenceOnce(storage, local);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the storage already is persistent', async () => {
    const storage = { persist: vi.fn(async () => true), persisted: vi.fn(async () => true) };
    const local = memoryStorage();
    await askPersistenceOnce(storage, local);
    expect(storage.persist).not.toHaveBeenCalled();
    expect(local.items.has(PERSIST_ASKED_KEY)).toBe(true);
  });

  it('asks again later when the browser failed to answer, and keeps quiet without the API', async () => {
    const storage = {
      persist: vi.fn().mockRejectedValueOnce(new Error('InvalidStateError')).mockResolvedValue(true),
      persisted: vi.fn(async () => false),
    };
    const local = memoryStorage();
    expect(await askPersistenceOnce(storage, local)).toBe(false);
    expect(await askPersistenceOnce(storage, local)).toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(2);
    expect(await askPersistenceOnce(undefined, local)).toBe(false);
  });

  it('is asked by keepKitOnDevice: once for two kits stored', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist, persisted: async () => false } });
    localStorage.removeItem(PERSIST_ASKED_KEY);
    try {
      const { sources: s } = sources(async () => ({ kind: 'kit', kit: kit() }));
      await keepKitOnDevice(kit({ id: 'one' }), s);
      await keepKitOnDevice(kit({ id: 'two' }), s);
      expect(persist).toHaveBeenCalledTimes(1);
      expect(await getLocalKit('two', db)).toMatchObject({ id: 'two' });
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem(PERSIST_ASKED_KEY);
    }
  });
});
