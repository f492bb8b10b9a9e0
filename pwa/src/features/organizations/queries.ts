import type { CreateOrganizationRequest, EditOrganizationRequest, ResetPasswordRequest } from '@scentry/shared-schema';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { invalidate, QUERY_ROOTS, queryClient } from '../../lib/query';
import { type ListSearch, listParams } from '../../lib/route-params';
import {
  createOrganization,
  deleteOrganization,
  editOrganization,
  getOrganization,
  listOrganizations,
  type OrganizationRecord,
  recordToEdit,
  resetOrganizationPassword,
} from './api';

const root = QUERY_ROOTS.organizations;

export const organizationListQuery = (search: ListSearch) => {
  const p = listParams(search);
  return queryOptions({
    queryKey: [...root, 'list', p],
    queryFn: ({ signal }) => listOrganizations(p, signal),
    placeholderData: keepPreviousData,
  });
};

export const organizationQuery = (id: number) =>
  queryOptions({
    queryKey: [...root, 'detail', id],
    queryFn: ({ signal }) => getOrganization(id, signal),
    // The form and the Active switch start from the record as it is now.
    staleTime: 0,
  });

/**
 * An organization's name shows in the Users list and its counts on the dashboard; its Client Admin
 * is a user: those are stale after a change too.
 */
const afterChange = () => invalidate('organizations', 'users', 'dashboard', 'audit');

export const useSaveOrganization = () =>
  useMutation({
    mutationFn: (data: CreateOrganizationRequest | EditOrganizationRequest) =>
      data.organizationId ? editOrganization(data) : createOrganization(data as CreateOrganizationRequest),
    onSuccess: afterChange,
  });

/** The list's Active switch: the whole record is loaded and sent back with the new flag. */
export const useSetOrganizationActive = () =>
  useMutation({
    mutationFn: async ({ id, active }: { id: number; active: boolean }) => {
      const record: OrganizationRecord = await queryClient.fetchQuery(organizationQuery(id));
      return editOrganization(recordToEdit(record, { organizationIsActive: active }));
    },
    onSettled: afterChange,
  });

export const useDeleteOrganization = () => useMutation({ mutationFn: deleteOrganization, onSuccess: afterChange });

export const useResetOrganizationPassword = () =>
  useMutation({
    mutationFn: (data: ResetPasswordRequest) => resetOrganizationPassword(data),
    onSuccess: () => invalidate('organizations', 'audit'),
  });
