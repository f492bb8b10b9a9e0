import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** How long a newly saved row stays highlighted once it shows. */
export const SAVED_HIGHLIGHT_MS = 6000;
/** A mark older than this when its list opens is forgotten (the admin went elsewhere first). */
const MARK_TTL_MS = 30_000;

/** The lists that show a newly saved row; a form marks the row, its list shows it. */
export const SAVED_LISTS = {
  scentOptions: 'scent-options',
  users: 'users',
  organizations: 'organizations',
  kits: 'kits',
} as const;
export type SavedList = (typeof SAVED_LISTS)[keyof typeof SAVED_LISTS];
type RowKey = string | number;

interface Mark {
  list: SavedList;
  id: RowKey;
  /** A new row (it sorts last in a list in its default order); an edit stays where it was. */
  created: boolean;
  at: number;
}

// In memory: the list is opened by a client-side navigation right after the save.
let mark: Mark | null = null;

/** Called by a form after a successful save: the list it returns to shows that row. */
export function markSaved(list: SavedList, id: RowKey, created: boolean): void {
  mark = { list, id, created, at: Date.now() };
}

interface SavedRowOptions {
  /** The keys of the rows on screen; null while loading. */
  keys: RowKey[] | null;
  page: number;
  pageSize: number;
  total: number | undefined;
  setPage: (page: number) => void;
  /** The list is in its default order (ids ascending) with no filter: a new row is on the last page. */
  newestLast: boolean;
}

/**
 * The row a form just saved, for its list: highlighted (with a visible "Saved" tag, see
 * DataTable's `savedKey`) and scrolled into view for SAVED_HIGHLIGHT_MS once it shows. A new row
 * not on the page shown is looked for on the last page (where new rows sort by default).
 * Returns the key to pass to the table, or undefined.
 */
export function useSavedRow(list: SavedList, options: SavedRowOptions): RowKey | undefined {
  const [entry] = useState(() => (mark && mark.list === list && Date.now() - mark.at < MARK_TTL_MS ? mark : null));
  const [done, setDone] = useState(false);
  const jumped = useRef(false);
  const { keys, page, pageSize, total, setPage, newestLast } = options;
  const shown = entry !== null && keys !== null && keys.includes(entry.id);

  // Taken: a later visit to the list does not highlight it again.
  useEffect(() => {
    if (entry && mark === entry) mark = null;
  }, [entry]);

  useEffect(() => {
    if (!entry || done || keys === null) return;
    if (shown) {
      const timer = setTimeout(() => setDone(true), SAVED_HIGHLIGHT_MS);
      return () => clearTimeout(timer);
    }
    const last = Math.max(1, Math.ceil((total ?? 0) / pageSize));
    if (entry.created && newestLast && !jumped.current && page < last) {
      jumped.current = true;
      setPage(last);
    }
  }, [entry, done, keys, shown, total, pageSize, page, newestLast, setPage]);

  return entry && shown && !done ? entry.id : undefined;
}

/** Back to the list as it was left (its filters, page and order), or to the list itself. */
export function useBackToList(to: '/admin/scentCardData' | '/admin/user' | '/admin/client' | '/admin/testKit') {
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  return () => (canGoBack ? router.history.back() : navigate({ to }));
}
