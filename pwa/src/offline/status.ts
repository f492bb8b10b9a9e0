import { useSyncExternalStore } from 'react';

/** What the sync state shows: small and RxDB-free, so any screen can render it at once. */
export interface SyncStatus {
  /** Results this device made that the server has (the event tablet's "All 37 plays uploaded"). */
  resultsUploaded: number;
  waiting: number;
  rejected: { id: string; kitName: string; playedAt: string; reason: string }[];
  /** Of `waiting`, the medical forms and questionnaires (the rest are results). */
  formsWaiting: number;
  /** Report e-mails waiting for a connection (or for their result to upload). */
  emailsWaiting: number;
  rejectedEmails: { id: string; email: string; reason: string }[];
  lastSync: string | null;
  syncing: boolean;
  online: boolean;
  lastError: string | null;
}

const LAST_SYNC_KEY = 'scentryLastSync';
const DB_KEY = 'scentryLocalDb';

let status: SyncStatus = {
  resultsUploaded: 0,
  waiting: 0,
  rejected: [],
  formsWaiting: 0,
  emailsWaiting: 0,
  rejectedEmails: [],
  lastSync: typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_SYNC_KEY),
  syncing: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  lastError: null,
};
const listeners = new Set<() => void>();

export function getSyncStatus(): SyncStatus {
  return status;
}

export function setSyncStatus(patch: Partial<SyncStatus>): void {
  status = { ...status, ...patch };
  if (patch.lastSync) localStorage.setItem(LAST_SYNC_KEY, patch.lastSync);
  for (const l of listeners) l();
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSyncStatus,
    getSyncStatus,
  );
}

/** Whether this device ever opened the local database (so there may be results to upload). */
export const hasLocalDatabase = (): boolean => localStorage.getItem(DB_KEY) === '1';
export const markLocalDatabase = (): void => localStorage.setItem(DB_KEY, '1');
