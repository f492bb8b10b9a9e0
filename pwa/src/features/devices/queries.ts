import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { invalidate, QUERY_ROOTS } from '../../lib/query';
import { listParams } from '../../lib/route-params';
import type { DeviceSearch } from './search';

export const deviceListQuery = (search: DeviceSearch) => {
  const p = listParams(search);
  const filter = { needsAttention: search.attention ?? null, searchText: p.text || null };
  return queryOptions({
    queryKey: [...QUERY_ROOTS.devices, 'list', p, filter],
    queryFn: ({ signal }) =>
      call('getDeviceList', { body: { pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, filter }, signal }),
    placeholderData: keepPreviousData,
  });
};

/** DismissGaps, then the list again. */
export const useDismissGaps = () =>
  useMutation({
    mutationFn: (deviceId: string) => call('dismissGaps', { body: { deviceId } }),
    onSuccess: () => invalidate('devices'),
  });
