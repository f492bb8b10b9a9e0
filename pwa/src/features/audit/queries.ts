import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { QUERY_ROOTS } from '../../lib/query';
import { listParams } from '../../lib/route-params';
import type { AuditSearch } from './search';

export const auditQuery = (search: AuditSearch) => {
  const p = listParams(search);
  const filter = {
    action: search.action ?? null,
    userId: search.user ?? null,
    fromDate: search.from ?? null,
    toDate: search.to ?? null,
  };
  return queryOptions({
    queryKey: [...QUERY_ROOTS.audit, 'list', p, filter],
    queryFn: ({ signal }) =>
      call('getAuditLog', { body: { pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, filter }, signal }),
    placeholderData: keepPreviousData,
  });
};
