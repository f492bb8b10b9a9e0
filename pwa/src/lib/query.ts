import { QueryClient } from '@tanstack/react-query';

/**
 * The admin screens' server state (TanStack Query). Imported only by admin routes and features:
 * a player never loads it. Lists stay fresh for 30 s; every mutation invalidates its feature's
 * keys (QUERY_ROOTS).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': with the network cut, a save or a load fails at once with the spec's
    // "something went wrong" instead of waiting, paused and silent, for the browser to say online
    // (TanStack Query's default), then going through behind the admin's back.
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/**
 * Each feature's query keys start with its root; a change in one feature that shows in another
 * (a scent option's name shown on cards) invalidates that root too, without importing the feature.
 */
export const QUERY_ROOTS = {
  dashboard: ['dashboard'],
  scentOptions: ['scent-options'],
  kits: ['kits'],
  cards: ['cards'],
  users: ['users'],
  organizations: ['organizations'],
  audit: ['audit'],
  reports: ['reports'],
  results: ['results'],
  devices: ['devices'],
  webhooks: ['webhooks'],
} as const;

/** Marks a feature's cached data stale (and refetches what is on screen). */
export const invalidate = (...roots: (keyof typeof QUERY_ROOTS)[]) =>
  Promise.all(roots.map((r) => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS[r] })));
