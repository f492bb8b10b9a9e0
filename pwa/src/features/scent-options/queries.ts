import type { LocalNames } from '@scentry/shared-schema';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { invalidate, QUERY_ROOTS } from '../../lib/query';
import { type ListSearch, listParams } from '../../lib/route-params';
import { createScentOption, deleteScentOption, getScentOption, listScentOptions, updateScentOption } from './api';

const root = QUERY_ROOTS.scentOptions;

export const scentOptionListQuery = (search: ListSearch) => {
  const p = listParams(search);
  return queryOptions({
    queryKey: [...root, 'list', p],
    queryFn: ({ signal }) =>
      listScentOptions({ pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, title: p.text }, signal),
    placeholderData: keepPreviousData,
  });
};

export const scentOptionQuery = (id: number) =>
  queryOptions({ queryKey: [...root, 'detail', id], queryFn: ({ signal }) => getScentOption(id, signal) });

/** A scent option's name and picture show on cards and kits: those are stale after a change too. */
const afterChange = () => invalidate('scentOptions', 'cards', 'kits');

export const useSaveScentOption = () =>
  useMutation({
    mutationFn: ({ id, title, names, file }: { id: number; title: string; names: LocalNames; file: File | null }) =>
      id ? updateScentOption(id, title, names, file) : createScentOption(title, names, file),
    onSuccess: afterChange,
  });

export const useDeleteScentOption = () => useMutation({ mutationFn: deleteScentOption, onSuccess: afterChange });
