import type { KitDoc } from '@scentry/shared-schema';
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../lib/api';
import { fetchKit } from './api';

export type KitState =
  | { status: 'loading' }
  | { status: 'ready'; kit: KitDoc; source: 'network' | 'device' }
  | { status: 'invalid' }
  | { status: 'needs-connection' }
  | { status: 'error' };

/** How long a slow network may keep the player waiting before the device's copy is used. */
const NETWORK_PATIENCE_MS = 6000;

/**
 * Network first (a new visitor has nothing local, and the first card must not wait for the local
 * database to load), the device's copy when the network fails or is too slow. A kit shown from
 * the network is then stored with its pictures, so the next play works offline.
 */
export function useKit(code: string): KitState {
  const [state, setState] = useState<KitState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), NETWORK_PATIENCE_MS);
    const set = (s: KitState) => {
      if (!cancelled) setState(s);
    };

    async function fromDevice(): Promise<KitDoc | null> {
      try {
        const store = await import('../../offline/store');
        return await store.getLocalKit(code);
      } catch {
        return null;
      }
    }

    (async () => {
      setState({ status: 'loading' });
      try {
        const found = await fetchKit(code, ctrl.signal);
        if (found.kind === 'unknown') return set({ status: 'invalid' });
        set({ status: 'ready', kit: found.kit, source: 'network' });
        // After the first card is on screen (next frame, then a task): keep the kit and its
        // pictures for offline play. The local database never delays the first card.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (cancelled) return;
        const store = await import('../../offline/store');
        await store.saveKitLocally(found.kit);
        await store.cacheKitImages(found.kit);
        await navigator.storage?.persist?.().catch(() => false);
      } catch (err) {
        const offline = (err as Error).name === 'AbortError' || (err instanceof ApiFailure && err.httpStatus === 0);
        const local = await fromDevice();
        if (local) return set({ status: 'ready', kit: local, source: 'device' });
        set({ status: offline ? 'needs-connection' : 'error' });
      } finally {
        clearTimeout(timer);
      }
    })();

    return () => {
      cancelled = true;
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [code]);

  return state;
}
