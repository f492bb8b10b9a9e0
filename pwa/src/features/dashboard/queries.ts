import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../lib/query';
import { getTestResultCounts, getTestResultTrend, listResults } from './api';
import { type PeriodRange, usDate } from './period';

const root = QUERY_ROOTS.dashboard;

type Days = Extract<PeriodRange, { ok: true }>;

/** The period as the API takes it (MM/DD/YYYY), only the ends that are set. */
export function apiDays(range: Days): { fromDate?: string; toDate?: string } {
  const days: { fromDate?: string; toDate?: string } = {};
  if (range.from) days.fromDate = usDate(range.from);
  if (range.to) days.toDate = usDate(range.to);
  return days;
}

/** The four counts of the period. */
export const countsQuery = (range: Days = { ok: true }) => {
  const days = apiDays(range);
  return queryOptions({
    queryKey: [...root, 'counts', days],
    queryFn: ({ signal }) => getTestResultCounts(days, signal),
    placeholderData: keepPreviousData,
  });
};

/** Plays, passes and fails per period of the days, grouped as asked. */
export const trendQuery = (from: string, to: string, groupBy: 'day' | 'week' | 'month') => {
  const body = { fromDate: usDate(from), toDate: usDate(to), groupBy };
  return queryOptions({
    queryKey: [...root, 'trend', body],
    queryFn: ({ signal }) => getTestResultTrend(body, signal),
    placeholderData: keepPreviousData,
  });
};

/**
 * The first day anything was played (within the caller's scope): where "All time" starts its
 * trend. The oldest result of the list, one row; null when there is none.
 */
export const firstPlayQuery = () =>
  queryOptions({
    queryKey: [...root, 'first-play'],
    queryFn: async ({ signal }) => {
      const page = await listResults(
        { pageNumber: 1, rowsPerPage: 1, sortColumns: [{ columnName: 'created', sortOrder: 'asc' }] },
        signal,
      );
      return page.list[0]?.created ?? null;
    },
  });

/** The five newest Fails of the period (names as the server's disclosure rule leaves them). */
export const latestFailsQuery = (range: Days) => {
  const body = {
    pageNumber: 1,
    rowsPerPage: 5,
    resultStatus: 'Fail' as const,
    sortColumns: [{ columnName: 'created', sortOrder: 'desc' as const }],
    ...apiDays(range),
  };
  return queryOptions({
    queryKey: [...root, 'latest-fails', body],
    queryFn: ({ signal }) => listResults(body, signal),
    placeholderData: keepPreviousData,
  });
};
