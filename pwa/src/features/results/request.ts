import type { ApiBody } from '@scentry/shared-schema';
import { listParams } from '../../lib/route-params';
import { effectiveSort, type ResultListSearch, usDate } from './search';

export type ResultListBody = ApiBody<'getTestResultList'>;

/**
 * The filters of spec §7 from the URL state, flat as the server takes them: only those chosen are
 * sent. The organization filter is an Admin's: a Client Admin's list is their own organization
 * (the server scopes it by the token whatever is sent), so it is never sent for them.
 */
export function resultFilters(search: ResultListSearch, { admin }: { admin: boolean }): ResultListBody {
  const { column, order } = effectiveSort(search);
  const body: ResultListBody = { sortColumns: [{ columnName: column, sortOrder: order }] };
  if (search.q) body.searchText = search.q;
  if (search.kits?.length) body.testKitId = search.kits;
  if (search.status) body.resultStatus = search.status;
  if (search.gender) body.gender = search.gender;
  if (search.race) body.race = search.race;
  if (search.disease) body.userDisease = search.disease;
  if (search.family) body.userFamilyDisease = search.family;
  if (search.ageMin !== undefined) body.ageRangeMin = search.ageMin;
  if (search.ageMax !== undefined) body.ageRangeMax = search.ageMax;
  if (admin && search.org !== undefined) body.organizationId = search.org;
  if (search.from) body.fromDate = usDate(search.from);
  if (search.to) body.toDate = usDate(search.to);
  return body;
}

/** GetTestResultList: a page of the filtered results (a URL without a size takes the stored one). */
export function resultListBody(search: ResultListSearch, who: { admin: boolean }): ResultListBody {
  const { pageNumber, rowsPerPage } = listParams(search);
  return { pageNumber, rowsPerPage, ...resultFilters(search, who) };
}

export type ExportCsvBody = ApiBody<'exportCsv'>;

/**
 * ExportCsv: the same filters and order; no paging, the whole filtered set is exported. `extended`
 * ("Export (all columns)") asks for the Extended columns after the spec's.
 */
export const exportCsvBody = (
  search: ResultListSearch,
  who: { admin: boolean },
  { extended = false }: { extended?: boolean } = {},
): ExportCsvBody => (extended ? { ...resultFilters(search, who), extended: true } : resultFilters(search, who));

/** `results-20260314T153000Z.csv`: the export's file name when the server gives none (spec §9: UTC). */
export const exportFileName = (now: Date = new Date()): string =>
  `results-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')}.csv`;
