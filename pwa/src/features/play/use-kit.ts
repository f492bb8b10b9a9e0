import type { KitDoc } from '@scentry/shared-schema';
import { useEffect } from 'react';
import { ApiFailure } from '../../lib/api';
import { fetchKit, type KitLookup } from './api';

export type KitState =
  | { status: 'loading' }
  | { status: 'ready'; kit: KitDoc; source: 'network' | 'device' }
  | { status: 'invalid' }
  | { status: 'needs-connection' }
  | { status: 'error' };

/** How long a slow network may keep the player waiting before the device's copy is used. */
const NETWORK_PATIENCE_MS = 6000;

/** The part of the device's store (offline/store) the kit loader uses. */
export interface KitStore {
  getLocalKit(code: string): Promise<KitDoc | null>;
  saveKitLocally(kit: KitDoc): Promise<void>;
  cacheKitImages(kit: KitDoc): Promise<void>;
}

/** Where kits come from: the app's are below; unit tests pass a fake network and a memory database. */
export interface KitSources {
  /** Must give up (AbortError) when the signal aborts, as fetch does. */
  fetchKit: (code: string, signal: AbortSignal) => Promise<KitLookup>;
  /** Loaded lazily: RxDB is never on the way to the first card. */
  store: () => Promise<KitStore>;
  /** How long the network may take before the device's copy is used. */
  patienceMs: number;
}

export const appSources: KitSources = {
  fetchKit,
  store: () => import('../../offline/store'),
  patienceMs: NETWORK_PATIENCE_MS,
};

/**
 * Network first (a new visitor has nothing local, and the first card must not wait for the local
 * database to load), the device's copy when the network fails or is slower than the patience.
 * `signal` cancels the network request (the screen went away). A code the server refuses (400)
 * is an invalid kit, as an unknown one is.
 */
export async function loadKit(
  code: string,
  sources: KitSources,
  signal?: AbortSignal,
): Promise<Exclude<KitState, { status: 'loading' }>> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), sources.patienceMs);
  const cancel = () => ctrl.abort();
  signal?.addEventListener('abort', cancel);
  try {
    const found = await sources.fetchKit(code, ctrl.signal);
    if (found.kind === 'unknown') return { status: 'invalid' };
    return { status: 'ready', kit: found.kit, source: 'network' };
  } catch (err) {
    // The server refused the code itself (too long, spec §4): no kit has it, here or on the device.
    if (err instanceof ApiFailure && err.httpStatus === 400) return { status: 'invalid' };
    const offline = (err as Error).name === 'AbortError' || (err instanceof ApiFailure && err.httpStatus === 0);
    const local = await sources
      .store()
      .then((store) => store.getLocalKit(code))
      .catch(() => null);
    if (local) return { status: 'ready', kit: local, source: 'device' };
    return { status: offline ? 'needs-connection' : 'error' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** Keeps a kit shown from the network, with its pictures, so the next play works offline. */
export async function keepKitOnDevice(kit: KitDoc, sources: Pick<KitSources, 'store'>): Promise<void> {
  const store = await sources.store();
  await store.saveKitLocally(kit);
  await store.cacheKitImages(kit);
  await askPersistenceOnce();
}

/** Set once this device was asked to keep the app's storage (whatever its answer). */
export const PERSIST_ASKED_KEY = 'scentryPersistAsked';

/**
 * Asks the browser once per device to keep this site's storage (stored kits, results waiting to
 * upload) out of its eviction (DESIGN.md §6): after the first kit is stored, never again for the
 * next kits, and not when it is already persistent. Remembered only once the browser answered.
 * `storage` and `local` are for tests.
 */
export async function askPersistenceOnce(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
  local: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage,
): Promise<boolean> {
  if (!storage?.persist || !local || local.getItem(PERSIST_ASKED_KEY)) return false;
  try {
    if (!(await storage.persisted?.())) await storage.persist();
    local.setItem(PERSIST_ASKED_KEY, new Date().toISOString());
    return true;
  } catch {
    return false;
  }
}

/**
 * After a kit from the network is on screen (next frame, then a task): keeps it and its pictures
 * for offline play. The local database never delays the first card, and a device that cannot
 * store it (private mode, full disk) still plays from the network. `sources` is for tests.
 */
export function useKeepOnDevice(state: KitState, sources: Pick<KitSources, 'store'> = appSources): void {
  const kit = state.status === 'ready' && state.source === 'network' ? state.kit : null;
  useEffect(() => {
    if (!kit) return;
    let gone = false;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (!gone) void keepKitOnDevice(kit, sources).catch(() => undefined);
      }, 0),
    );
    return () => {
      gone = true;
    };
  }, [kit, sources]);
}
