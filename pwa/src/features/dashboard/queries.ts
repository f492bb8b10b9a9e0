import { queryOptions } from '@tanstack/react-query';
import { QUERY_ROOTS } from '../../lib/query';
import { getTestResultCounts } from './api';

export const countsQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.dashboard, 'counts'],
    queryFn: ({ signal }) => getTestResultCounts(signal),
  });
