import { RESULTS_MSG } from '@scentry/shared-schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { exportCsvBody, exportFileName, resultListBody } from './request';
import {
  activeFilterCount,
  effectiveSort,
  isoDay,
  nextSort,
  type ResultListSearch,
  validateResultListSearch,
  withoutFilters,
} from './search';
import { ageRangeError, dateRangeError } from './use-result-list-url';

beforeEach(() => localStorage.clear());

describe('the Play Results URL', () => {
  it('keeps paging, the search text, every filter and the order', () => {
    expect(
      validateResultListSearch({
        page: '2',
        size: 20,
        q: ' Lee ',
        kits: [3, 1, 3],
        status: 'Fail',
        gender: 'Female',
        race: 'Asian',
        disease: 'ParkinsonDisease',
        family: 'AlzheimerDiseaseInFamily',
        ageMin: 30,
        ageMax: '60',
        org: 7,
        from: '2026-01-01',
        to: '2026-01-31',
        sort: 'lastName',
        order: 'desc',
        other: 'x',
      }),
    ).toEqual({
      page: 2,
      size: 20,
      q: 'Lee',
      kits: [1, 3],
      status: 'Fail',
      gender: 'Female',
      race: 'Asian',
      disease: 'ParkinsonDisease',
      family: 'AlzheimerDiseaseInFamily',
      ageMin: 30,
      ageMax: 60,
      org: 7,
      from: '2026-01-01',
      to: '2026-01-31',
      sort: 'lastName',
      order: 'desc',
    });
  });

  it('drops what the server would refuse or does not know', () => {
    expect(
      validateResultListSearch({
        kits: ['a', -1, 0],
        status: 'pass',
        gender: 'Other',
        race: 'Martian',
        disease: 'IsParkinsonDisease',
        family: 'ParkinsonDisease',
        ageMin: 0,
        ageMax: 101,
        org: 'acme',
        from: '2026-02-30',
        to: '03/01/2026',
        sort: 'password',
        order: 'sideways',
      }),
    ).toEqual({});
  });

  it('takes kit ids as a hand-written list too', () => {
    expect(validateResultListSearch({ kits: '4, 2,x' }).kits).toEqual([2, 4]);
    expect(validateResultListSearch({ kits: 5 }).kits).toEqual([5]);
  });

  it('refuses a backwards range: min above max loses max, To before From loses To', () => {
    expect(validateResultListSearch({ ageMin: 50, ageMax: 40 })).toEqual({ ageMin: 50 });
    expect(validateResultListSearch({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ from: '2026-03-02' });
    // The same day is a range of one day.
    expect(validateResultListSearch({ from: '2026-03-02', to: '2026-03-02' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
    });
  });

  it('checks days against the calendar', () => {
    expect(isoDay('2024-02-29')).toBe('2024-02-29');
    expect(isoDay('2026-02-29')).toBeNull();
    expect(isoDay('2026-13-01')).toBeNull();
    expect(isoDay(20260101)).toBeNull();
  });
});

describe('the order of the list', () => {
  it('is newest first by default, and the URL holds only a change of it', () => {
    expect(effectiveSort({})).toEqual({ column: 'created', order: 'desc' });
    expect(validateResultListSearch({ sort: 'created', order: 'desc' })).toEqual({ sort: 'created' });
    expect(validateResultListSearch({ sort: 'testKitName', order: 'asc' })).toEqual({ sort: 'testKitName' });
    expect(validateResultListSearch({ order: 'asc' })).toEqual({ order: 'asc' });
    expect(effectiveSort({ order: 'asc' })).toEqual({ column: 'created', order: 'asc' });
  });

  it('a header click flips the current column and starts another at its first order', () => {
    expect(nextSort({}, 'created')).toEqual({ sort: 'created', order: 'asc' });
    expect(nextSort({ sort: 'created', order: 'asc' }, 'created')).toEqual({ sort: undefined, order: undefined });
    expect(nextSort({}, 'lastName')).toEqual({ sort: 'lastName', order: undefined });
    expect(nextSort({ sort: 'lastName' }, 'lastName')).toEqual({ sort: 'lastName', order: 'desc' });
    expect(nextSort({ sort: 'lastName', order: 'desc' }, 'answerStatus')).toEqual({
      sort: 'answerStatus',
      order: undefined,
    });
  });
});

describe('the list request', () => {
  const search: ResultListSearch = {
    page: 3,
    size: 50,
    q: 'Lee',
    kits: [1, 2],
    status: 'Pass',
    gender: 'Male',
    race: 'White',
    disease: 'SinoNasalDisease',
    family: 'OtherNeurologicalDisorderInFamily',
    ageMin: 18,
    ageMax: 65,
    org: 9,
    from: '2026-01-05',
    to: '2026-02-10',
    sort: 'resultStatus',
  };

  it('sends every filter flat, the days as MM/DD/YYYY, and the order', () => {
    expect(resultListBody(search, { admin: true })).toEqual({
      pageNumber: 3,
      rowsPerPage: 50,
      searchText: 'Lee',
      testKitId: [1, 2],
      resultStatus: 'Pass',
      gender: 'Male',
      race: 'White',
      userDisease: 'SinoNasalDisease',
      userFamilyDisease: 'OtherNeurologicalDisorderInFamily',
      ageRangeMin: 18,
      ageRangeMax: 65,
      organizationId: 9,
      fromDate: '01/05/2026',
      toDate: '02/10/2026',
      sortColumns: [{ columnName: 'resultStatus', sortOrder: 'asc' }],
    });
  });

  it('never sends the organization filter for a Client Admin', () => {
    expect(resultListBody(search, { admin: false })).not.toHaveProperty('organizationId');
  });

  it('asks for the first page, newest first, in the stored size when the URL says nothing', () => {
    localStorage.setItem('rowsPerPage', '30');
    expect(resultListBody({}, { admin: true })).toEqual({
      pageNumber: 1,
      rowsPerPage: 30,
      sortColumns: [{ columnName: 'created', sortOrder: 'desc' }],
    });
  });

  it('exports the same filters and order without paging', () => {
    const body = exportCsvBody(search, { admin: true });
    expect(body).not.toHaveProperty('pageNumber');
    expect(body).not.toHaveProperty('rowsPerPage');
    expect(body).toMatchObject({ searchText: 'Lee', fromDate: '01/05/2026', organizationId: 9 });
    expect(body).not.toHaveProperty('extended');
  });

  it('asks for the Extended columns for "Export (all columns)", with the same filters', () => {
    const body = exportCsvBody(search, { admin: true }, { extended: true });
    expect(body).toEqual({ ...exportCsvBody(search, { admin: true }), extended: true });
  });

  it('names the export by the UTC time', () => {
    expect(exportFileName(new Date('2026-03-14T15:30:09.123Z'))).toBe('results-20260314T153009Z.csv');
  });
});

describe('the filter panel', () => {
  it('counts the filters and clears them, keeping size and order', () => {
    const search: ResultListSearch = { page: 2, size: 20, q: 'x', status: 'Pass', ageMin: 3, sort: 'age' };
    expect(activeFilterCount(search)).toBe(2);
    expect(withoutFilters(search)).toEqual({ size: 20, sort: 'age' });
  });

  it('says what is wrong with a range as typed', () => {
    expect(ageRangeError({ min: '', max: '' })).toBeUndefined();
    expect(ageRangeError({ min: '20', max: '' })).toBeUndefined();
    expect(ageRangeError({ min: '40', max: '30' })).toBe(RESULTS_MSG.ageRange);
    expect(ageRangeError({ min: '0', max: '' })).toBe(RESULTS_MSG.ageRange);
    expect(ageRangeError({ min: '2.5', max: '' })).toBe(RESULTS_MSG.ageRange);
    expect(dateRangeError('2026-02-02', '2026-02-01')).toBe(RESULTS_MSG.toBeforeFrom);
    expect(dateRangeError('2026-02-02', '2026-02-02')).toBeUndefined();
    expect(dateRangeError('', '2026-02-01')).toBeUndefined();
  });
});
