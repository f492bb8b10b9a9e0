import { DATA_SET_TYPES, type DataSetType, LOCATION_SORT_COLUMNS, RESULTS_MSG } from '@scentry/shared-schema';
import { type ListSearch, listParams, validateListSearch } from '../../lib/route-params';

/*
 * The reports' shared filter (spec §4, §5, §9), kept in the URL so reload and Back keep it. Parsed
 * without zod: validateSearch runs in the router's own chunk. Defaults stay out of the URL: no
 * `mode` is "search by month" (the current year), no `set` is All Data.
 */

/** Report days are whole days in America/Los_Angeles (DESIGN.md §7). */
export const REPORT_TIME_ZONE = 'America/Los_Angeles';

export interface ReportSearch {
  /** 'date': From/To chosen by hand; absent: the current year (search by month). */
  mode?: 'date';
  /** YYYY-MM-DD (what a date input holds), only with mode 'date'. */
  from?: string;
  to?: string;
  /** N or O; absent is A (All Data). An Admin's choice only: a Client Admin sees their organization. */
  set?: Exclude<DataSetType, 'A'>;
  org?: number;
}

export type LocationSortColumn = (typeof LOCATION_SORT_COLUMNS)[number];

/** The Data Location table adds paging and a sort column. */
export interface LocationSearch extends ReportSearch, Omit<ListSearch, 'q'> {
  sort?: LocationSortColumn;
  order?: 'desc';
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (no 02/30). */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const dropUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** validateSearch of the three reports: unknown or broken values fall back to the defaults. */
export function validateReportSearch(raw: Record<string, unknown>): ReportSearch {
  const out: ReportSearch = {};
  if (raw.mode === 'date') {
    out.mode = 'date';
    if (isIsoDay(raw.from)) out.from = raw.from;
    if (isIsoDay(raw.to)) out.to = raw.to;
  }
  if (raw.set === 'N' || raw.set === 'O') out.set = raw.set;
  const org = Number(raw.org);
  if (out.set === 'O' && Number.isSafeInteger(org) && org > 0) out.org = org;
  return out;
}

/** validateSearch of /admin/Reports/dataLocation: the filter, paging and the sort column. */
export function validateLocationSearch(raw: Record<string, unknown>): LocationSearch {
  const { page, size } = validateListSearch(raw);
  const out: LocationSearch = { ...validateReportSearch(raw), page, size };
  if (LOCATION_SORT_COLUMNS.includes(raw.sort as LocationSortColumn)) {
    out.sort = raw.sort as LocationSortColumn;
    if (raw.order === 'desc') out.order = 'desc';
  }
  return dropUndefined(out);
}

/** Only the filter of a search: what the links between the three reports carry. */
export function filterOnly(search: ReportSearch): ReportSearch {
  return dropUndefined({ mode: search.mode, from: search.from, to: search.to, set: search.set, org: search.org });
}

/** Today in Los Angeles, YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: REPORT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The current year in Los Angeles: January 1 to December 31 (spec §9's default range). */
export function currentYear(now: Date = new Date()): { from: string; to: string } {
  const year = todayIso(now).slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** The days a search asks for: the current year by month, else what was chosen (maybe nothing). */
export function rangeOf(search: ReportSearch, now: Date = new Date()): { from?: string; to?: string } {
  return search.mode === 'date' ? { from: search.from, to: search.to } : currentYear(now);
}

/** YYYY-MM-DD as the server takes it: MM/DD/YYYY. */
export const toUsDate = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Who asks: an Admin picks the data set; anyone else (a Client Admin) gets their organization. */
export interface Viewer {
  admin: boolean;
  organizationId: number | null;
}

/** The body every report call shares (API.md): data set, organization and the days. */
export interface ReportBody {
  dataSetType: DataSetType;
  organizationId: number | null;
  fromDate: string;
  toDate: string;
}

export interface FilterErrors {
  from?: string;
  to?: string;
  organization?: string;
}

export type FilterCheck = { ok: true; body: ReportBody } | { ok: false; errors: FilterErrors };

/**
 * The rules of spec §5 (a courtesy: the server checks them too): From and To required, From not
 * in the future (Los Angeles), To not before From ('To Date should be greater than From Date',
 * spec §8; the same day is one day's report), and an Admin's organization data names an
 * organization. A Client Admin's data set is always their own organization.
 */
export function checkFilters(
  range: { from?: string; to?: string },
  data: { set?: DataSetType; org?: number | null },
  viewer: Viewer,
  now: Date = new Date(),
): FilterCheck {
  const errors: FilterErrors = {};
  const { from, to } = range;
  if (!from || !isIsoDay(from)) errors.from = RESULTS_MSG.datesRequired;
  if (!to || !isIsoDay(to)) errors.to = RESULTS_MSG.datesRequired;
  if (!errors.from && from && from > todayIso(now)) errors.from = RESULTS_MSG.fromInFuture;
  if (!errors.from && !errors.to && from && to && to < from) errors.to = RESULTS_MSG.toBeforeFrom;

  let dataSetType: DataSetType = 'O';
  let organizationId: number | null = viewer.organizationId;
  if (viewer.admin) {
    dataSetType = data.set && DATA_SET_TYPES.includes(data.set) ? data.set : 'A';
    organizationId = dataSetType === 'O' ? (data.org ?? null) : null;
    if (dataSetType === 'O' && !organizationId) errors.organization = RESULTS_MSG.organizationRequired;
  }

  if (errors.from || errors.to || errors.organization || !from || !to) return { ok: false, errors };
  return { ok: true, body: { dataSetType, organizationId, fromDate: toUsDate(from), toDate: toUsDate(to) } };
}

/** The days alone, as the date forms of the reports and Kit Insights check them (checkFilters' rule). */
export function checkDays(range: { from: string; to: string }): FilterErrors {
  const check = checkFilters(range, { set: 'A' }, { admin: true, organizationId: null });
  return check.ok ? {} : { from: check.errors.from, to: check.errors.to };
}

/** The URL's filter checked: what the three screens ask the server, or why they do not. */
export const checkSearch = (search: ReportSearch, viewer: Viewer, now: Date = new Date()): FilterCheck =>
  checkFilters(rangeOf(search, now), search, viewer, now);

/** The Data Location request: the filter, the page and the sort column (none: the server's order). */
export function locationRequest(body: ReportBody, search: LocationSearch) {
  const { pageNumber, rowsPerPage } = listParams(search);
  return {
    ...body,
    pageNumber,
    rowsPerPage,
    sortColumns: search.sort ? [{ columnName: search.sort, sortOrder: search.order ?? ('asc' as const) }] : [],
  };
}

/** Clicking a column header: a new column sorts ascending, the same one flips its order. */
export function nextSort(search: LocationSearch, column: LocationSortColumn): Pick<LocationSearch, 'sort' | 'order'> {
  if (search.sort !== column) return { sort: column, order: undefined };
  return { sort: column, order: search.order === 'desc' ? undefined : 'desc' };
}
