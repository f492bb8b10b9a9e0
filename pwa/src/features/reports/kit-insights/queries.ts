import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call';
import { QUERY_ROOTS } from '../../../lib/query';

export type InsightsBody = { testKitId: number; fromDate: string; toDate: string; organizationId: number | null };

/** A kit's insights over the days asked. */
export const kitInsightsQuery = (body: InsightsBody) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.reports, 'kit-insights', body],
    queryFn: ({ signal }) => call('getKitInsights', { body, signal }),
    placeholderData: keepPreviousData,
  });

/** The kits to choose from (GetTestNameList). */
export const kitChoicesQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.reports, 'kit-choices'],
    queryFn: ({ signal }) => call('getTestNameList', { signal }),
  });
