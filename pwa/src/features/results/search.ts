import {
  AGE_MAX,
  AGE_MIN,
  DISEASE_FILTERS,
  type DiseaseFilter,
  FAMILY_DISEASE_FILTERS,
  type FamilyDiseaseFilter,
  GENDERS,
  type Gender,
  RACES,
  type Race,
  RESULT_SORT_COLUMNS,
  RESULT_STATUSES,
  type ResultStatus,
} from '@scentry/shared-schema';
import { type ListSearch, validateListSearch } from '../../lib/route-params';

/**
 * The Play Results list's state in the URL (spec §7 filters): paging and the search text (`q`) as
 * every list, then each filter and the order. Dates are days as the date inputs hold them
 * (YYYY-MM-DD); the request turns them into the spec's MM/DD/YYYY. Parsed without zod: this runs
 * in the router's own chunk.
 */
export interface ResultListSearch extends ListSearch {
  /** Play kit ids. */
  kits?: number[];
  status?: ResultStatus;
  gender?: Gender;
  race?: Race;
  disease?: DiseaseFilter;
  family?: FamilyDiseaseFilter;
  ageMin?: number;
  ageMax?: number;
  /** An organization id (Admin only: a Client Admin's list is their organization's). */
  org?: number;
  from?: string;
  to?: string;
  sort?: ResultSortColumn;
  order?: SortOrder;
}

export type ResultSortColumn = (typeof RESULT_SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';

/** The keys that filter the list (everything but paging and order). */
export const FILTER_KEYS = [
  'q',
  'kits',
  'status',
  'gender',
  'race',
  'disease',
  'family',
  'ageMin',
  'ageMax',
  'org',
  'from',
  'to',
] as const satisfies readonly (keyof ResultListSearch)[];

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const KITS_MAX = 100;

/** A real calendar day as YYYY-MM-DD (what a date input holds), or null. */
export function isoDay(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = ISO_DAY.exec(v);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return real && y >= 1900 && y <= 9999 ? v : null;
}

/** YYYY-MM-DD → MM/DD/YYYY (the spec's request format). */
export const usDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** An age the filter takes (1–100, whole), from the URL (number) or a box (text); else null. */
export function ageOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= AGE_MIN && n <= AGE_MAX ? n : null;
}

function positiveInt(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Kit ids from the URL: an array (the router's JSON) or "1,2" (a hand-written link). */
function kitIds(v: unknown): number[] {
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [v] : [];
  const ids = new Set<number>();
  for (const x of raw) {
    const id = positiveInt(typeof x === 'string' ? x.trim() : x);
    if (id !== null) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b).slice(0, KITS_MAX);
}

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

/** validateSearch of /admin/testresult: unknown or broken values fall back to no filter. */
export function validateResultListSearch(raw: Record<string, unknown>): ResultListSearch {
  const out: ResultListSearch = validateListSearch(raw);
  const kits = kitIds(raw.kits);
  if (kits.length) out.kits = kits;
  out.status = oneOf(RESULT_STATUSES, raw.status);
  out.gender = oneOf(GENDERS, raw.gender);
  out.race = oneOf(RACES, raw.race);
  out.disease = oneOf(DISEASE_FILTERS, raw.disease);
  out.family = oneOf(FAMILY_DISEASE_FILTERS, raw.family);
  const ageMin = ageOf(raw.ageMin);
  const ageMax = ageOf(raw.ageMax);
  if (ageMin !== null) out.ageMin = ageMin;
  // A range the server would refuse (min above max): the maximum goes, the list still shows.
  if (ageMax !== null && (ageMin === null || ageMin <= ageMax)) out.ageMax = ageMax;
  const org = positiveInt(raw.org);
  if (org !== null) out.org = org;
  const from = isoDay(raw.from);
  const to = isoDay(raw.to);
  if (from) out.from = from;
  // To before From (spec §8 'To Date should be greater than From Date'): To goes.
  if (to && (!from || to >= from)) out.to = to;
  const sort = oneOf(RESULT_SORT_COLUMNS, raw.sort);
  if (sort) out.sort = sort;
  const order = oneOf(['asc', 'desc'] as const, raw.order);
  if (order && order !== defaultOrder(sort ?? DEFAULT_SORT)) out.order = order;
  return tidy(out);
}

/** Drops the keys without a value, so the URL shows only what is chosen. */
export function tidy<T extends object>(search: T): T {
  return Object.fromEntries(
    Object.entries(search).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length),
    ),
  ) as T;
}

/** Results are newest first by default (spec §9): the played time, descending. */
export const DEFAULT_SORT: ResultSortColumn = 'created';
/** A column's first order: the played time newest first, every other column ascending. */
export const defaultOrder = (column: ResultSortColumn): SortOrder => (column === 'created' ? 'desc' : 'asc');

/** The order the list is in: the URL holds a column and an order only when they differ from the default. */
export function effectiveSort(search: Pick<ResultListSearch, 'sort' | 'order'>): {
  column: ResultSortColumn;
  order: SortOrder;
} {
  const column = search.sort ?? DEFAULT_SORT;
  return { column, order: search.order ?? defaultOrder(column) };
}

/** Clicking a column header: the current column flips its order, another starts at its first order. */
export function nextSort(
  search: Pick<ResultListSearch, 'sort' | 'order'>,
  column: ResultSortColumn,
): Pick<ResultListSearch, 'sort' | 'order'> {
  const current = effectiveSort(search);
  const order: SortOrder =
    current.column === column ? (current.order === 'asc' ? 'desc' : 'asc') : defaultOrder(column);
  return {
    sort: column === DEFAULT_SORT && order === defaultOrder(column) ? undefined : column,
    order: order === defaultOrder(column) ? undefined : order,
  };
}

/** How many filters narrow the list (the filter button shows it). */
export const activeFilterCount = (search: ResultListSearch): number =>
  FILTER_KEYS.filter((k) => k !== 'q' && search[k] !== undefined).length;

/** Clear filters: the list again from page 1, keeping its size and order. */
export const withoutFilters = (search: ResultListSearch): ResultListSearch =>
  tidy({ size: search.size, sort: search.sort, order: search.order });
