import type {
  CreateOrganizationRequest,
  EditOrganizationRequest,
  OrganizationRecord,
  OrganizationRow,
  ResetPasswordRequest,
} from '@scentry/shared-schema';
import { call } from '../../lib/call';

export type { OrganizationRecord, OrganizationRow };

export interface OrganizationListParams {
  pageNumber: number;
  rowsPerPage: number;
  text: string;
}

/** The Client list: the search box matches any organization detail (`filter.searchText`). */
export const listOrganizations = (p: OrganizationListParams, signal?: AbortSignal) =>
  call('getOrganizationList', {
    signal,
    body: {
      pageNumber: p.pageNumber,
      rowsPerPage: p.rowsPerPage,
      filter: p.text ? { searchText: p.text } : undefined,
    },
  });

/**
 * The whole record (API.md: only with an Admin's token). The contract marks GetOrganizationById
 * public (players read a provider's card without signing in), so `call()` would send no token and
 * get the public card: the token is sent here explicitly.
 */
export const getOrganization = async (id: number, signal?: AbortSignal) =>
  (await call('getOrganizationById', { query: { id }, auth: true, signal })) as OrganizationRecord;

export const createOrganization = (body: CreateOrganizationRequest) => call('createOrganization', { body });

export const editOrganization = (body: EditOrganizationRequest) => call('editOrganization', { body });

export const deleteOrganization = (id: number) => call('deleteOrganization', { query: { id } });

export const resetOrganizationPassword = (body: ResetPasswordRequest) => call('resetPassword', { body });

/** E-mails the organization's user a reset link (issue 25): they choose their own password. */
export const sendOrganizationResetLink = (userId: number) => call('sendResetLink', { body: { userId } });

/** An edit request from a loaded record (the list's Active switch changes one field of it). */
export function recordToEdit(
  r: OrganizationRecord,
  change: Partial<EditOrganizationRequest> = {},
): EditOrganizationRequest {
  return {
    organizationId: r.organizationId,
    clientType: r.clientType as EditOrganizationRequest['clientType'],
    organizationName: r.organizationName,
    organizationCode: r.organizationCode ?? '',
    organizationWebsite: r.organizationWebsite ?? '',
    organizationAddress: r.organizationAddress ?? '',
    organizationEmail: r.organizationEmail ?? '',
    organizationPhone: r.organizationPhone ?? '',
    organizationIsActive: r.organizationIsActive,
    discloseUserDetails: r.discloseUserDetails,
    userFirstName: r.userFirstName ?? '',
    userLastName: r.userLastName ?? '',
    userEmail: r.userEmail ?? '',
    userPhone: r.userPhone || null,
    ...change,
  };
}
