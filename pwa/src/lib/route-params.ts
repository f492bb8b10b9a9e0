import { DEFAULT_PAGE_SIZE, FILTER_TEXT_MAX, PAGE_SIZES } from '@scentry/shared-schema';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Route inputs, parsed without zod (these run in the router's own chunk). An id parameter is a
 * positive whole number; anything else is not found.
 */
export function positiveId(value: string | undefined): number {
  const n = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(n) || n <= 0) throw new Error(`Not an id: ${value}`);
  return n;
}

/** An optional id where 0 or nothing means "create" (spec §2). */
export function optionalId(value: string | undefined): number {
  if (value === undefined || value === '' || value === '0') return 0;
  return positiveId(value);
}

/** A list's state in the URL: page, size and search text survive reload and Back. */
export interface ListSearch {
  page?: number;
  size?: number;
  q?: string;
}

/** validateSearch of every paged admin list: unknown or broken values fall back to the defaults. */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const out: ListSearch = {};
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page < 1_000_000) out.page = page;
  const size = Number(raw.size);
  if ((PAGE_SIZES as readonly number[]).includes(size)) out.size = size;
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q.trim().slice(0, FILTER_TEXT_MAX);
  return out;
}

/** The rows per page chosen last (kept across sessions, spec §3), or the default. */
export function storedPageSize(): number {
  const stored = readJson<number>(STORAGE_KEYS.rowsPerPage);
  return stored && (PAGE_SIZES as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
}

export function rememberPageSize(size: number): void {
  writeJson(STORAGE_KEYS.rowsPerPage, size);
}

/** What a list request asks for: a URL without a size takes the stored rows per page. */
export function listParams(search: ListSearch): { pageNumber: number; rowsPerPage: number; text: string } {
  return { pageNumber: search.page ?? 1, rowsPerPage: search.size ?? storedPageSize(), text: search.q ?? '' };
}

/**
 * The search of a screen whose own validation is heavy (the results and reports filters): the
 * router keeps only the raw values, and the screen's loader and component — split from the
 * player's first load — validate them. TanStack Router keeps every route's validateSearch in its
 * main chunk, which every player downloads.
 */
export const rawSearch = (raw: Record<string, unknown>): Record<string, unknown> => raw;
