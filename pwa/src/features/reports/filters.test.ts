import { RESULTS_MSG } from '@scentry/shared-schema';
import { describe, expect, it } from 'vitest';
import {
  checkFilters,
  checkSearch,
  currentYear,
  filterOnly,
  isIsoDay,
  type LocationSearch,
  locationRequest,
  nextSort,
  todayIso,
  toUsDate,
  validateLocationSearch,
  validateReportSearch,
} from './filters';

// 10 June 2025, 02:00 UTC: still 9 June in Los Angeles.
const NOW = new Date('2025-06-10T02:00:00Z');
const ADMIN = { admin: true, organizationId: null };
const CLIENT = { admin: false, organizationId: 7 };

describe('the days', () => {
  it('are Los Angeles days', () => {
    expect(todayIso(NOW)).toBe('2025-06-09');
    // New Year's Eve in LA while it is already January 1 in UTC.
    expect(currentYear(new Date('2026-01-01T05:00:00Z'))).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('go to the server as MM/DD/YYYY', () => {
    expect(toUsDate('2025-03-07')).toBe('03/07/2025');
  });

  it('are real calendar days', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-13-01')).toBe(false);
    expect(isIsoDay('06/01/2025')).toBe(false);
    expect(isIsoDay(20250601)).toBe(false);
  });
});

describe('the URL', () => {
  it('keeps a valid filter and drops the rest', () => {
    expect(validateReportSearch({})).toEqual({});
    expect(validateReportSearch({ mode: 'date', from: '2025-01-05', to: '2025-02-30', set: 'O', org: '4' })).toEqual({
      mode: 'date',
      from: '2025-01-05',
      set: 'O',
      org: 4,
    });
    // Days belong to search by date; an organization to Organization Data; A is the default.
    expect(validateReportSearch({ from: '2025-01-05', set: 'A', org: 4 })).toEqual({});
    expect(validateReportSearch({ set: 'N', org: 4 })).toEqual({ set: 'N' });
    expect(validateReportSearch({ mode: 'year', set: 'X', org: -1 })).toEqual({});
  });

  it('adds paging and a whitelisted sort column for the Data Location table', () => {
    expect(validateLocationSearch({ page: '3', size: '20', sort: 'city', order: 'desc', set: 'N' })).toEqual({
      set: 'N',
      page: 3,
      size: 20,
      sort: 'city',
      order: 'desc',
    });
    expect(validateLocationSearch({ page: '0', size: '7', sort: 'latitude', order: 'desc' })).toEqual({});
  });

  it('carries only the filter between the reports', () => {
    const search: LocationSearch = { mode: 'date', from: '2025-01-01', to: '2025-01-31', page: 2, sort: 'city' };
    expect(filterOnly(search)).toEqual({
      mode: 'date',
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });
});

describe('the rules (spec §5, §8)', () => {
  it('default to the current year and All Data', () => {
    expect(checkSearch({}, ADMIN, NOW)).toEqual({
      ok: true,
      body: { dataSetType: 'A', organizationId: null, fromDate: '01/01/2025', toDate: '12/31/2025' },
    });
  });

  it('require both days', () => {
    expect(checkSearch({ mode: 'date', to: '2025-02-01' }, ADMIN, NOW)).toEqual({
      ok: false,
      errors: { from: RESULTS_MSG.datesRequired },
    });
    expect(checkFilters({ from: '', to: '' }, {}, ADMIN, NOW)).toEqual({
      ok: false,
      errors: { from: RESULTS_MSG.datesRequired, to: RESULTS_MSG.datesRequired },
    });
  });

  it('refuse a From in the future (Los Angeles today is the last allowed day)', () => {
    expect(checkFilters({ from: '2025-06-10', to: '2025-06-30' }, {}, ADMIN, NOW)).toEqual({
      ok: false,
      errors: { from: RESULTS_MSG.fromInFuture },
    });
    expect(checkFilters({ from: '2025-06-09', to: '2025-06-30' }, {}, ADMIN, NOW).ok).toBe(true);
  });

  it('refuse a To before From with the spec’s words, and take one day', () => {
    expect(checkFilters({ from: '2025-03-02', to: '2025-03-01' }, {}, ADMIN, NOW)).toEqual({
      ok: false,
      errors: { to: 'To Date should be greater than From Date' },
    });
    expect(checkFilters({ from: '2025-03-02', to: '2025-03-02' }, {}, ADMIN, NOW)).toEqual({
      ok: true,
      body: { dataSetType: 'A', organizationId: null, fromDate: '03/02/2025', toDate: '03/02/2025' },
    });
  });

  it('make an Admin name the organization of Organization Data', () => {
    expect(checkSearch({ set: 'O' }, ADMIN, NOW)).toEqual({
      ok: false,
      errors: { organization: 'Please select an organization' },
    });
    expect(checkSearch({ set: 'O', org: 3 }, ADMIN, NOW)).toMatchObject({
      ok: true,
      body: { dataSetType: 'O', organizationId: 3 },
    });
    expect(checkSearch({ set: 'N', org: 3 }, ADMIN, NOW)).toMatchObject({
      ok: true,
      body: { dataSetType: 'N', organizationId: null },
    });
  });

  it('give a Client Admin their own organization whatever the URL says', () => {
    expect(checkSearch({ set: 'N' }, CLIENT, NOW)).toMatchObject({
      ok: true,
      body: { dataSetType: 'O', organizationId: 7 },
    });
    expect(checkSearch({ set: 'O' }, CLIENT, NOW).ok).toBe(true);
  });
});

describe('the Data Location request', () => {
  const body = { dataSetType: 'A' as const, organizationId: null, fromDate: '01/01/2025', toDate: '12/31/2025' };

  it('adds the page and the order', () => {
    expect(locationRequest(body, { page: 2, size: 50, sort: 'fail', order: 'desc' })).toEqual({
      ...body,
      pageNumber: 2,
      rowsPerPage: 50,
      sortColumns: [{ columnName: 'fail', sortOrder: 'desc' }],
    });
    expect(locationRequest(body, { size: 10 })).toMatchObject({ pageNumber: 1, sortColumns: [] });
  });

  it('sorts a new column ascending and flips the same one', () => {
    expect(nextSort({}, 'city')).toEqual({ sort: 'city', order: undefined });
    expect(nextSort({ sort: 'city' }, 'city')).toEqual({ sort: 'city', order: 'desc' });
    expect(nextSort({ sort: 'city', order: 'desc' }, 'city')).toEqual({ sort: 'city', order: undefined });
    expect(nextSort({ sort: 'city', order: 'desc' }, 'pass')).toEqual({ sort: 'pass', order: undefined });
  });
});
