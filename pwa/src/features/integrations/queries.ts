import type { RedeliverRequest, SaveWebhookRequest } from '@scentry/shared-schema';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { invalidate, QUERY_ROOTS } from '../../lib/query';

const root = QUERY_ROOTS.webhooks;

/**
 * An organization's endpoints. An Admin names the organization (every one's when none); a Client
 * Admin's request names none: the server answers with their own.
 */
export const webhookListQuery = (organizationId: number | null) =>
  queryOptions({
    queryKey: [...root, 'list', organizationId],
    queryFn: ({ signal }) => call('getWebhookList', { body: organizationId ? { organizationId } : {}, signal }),
  });

/** An endpoint's delivery log, newest first, a page at a time. */
export const deliveryListQuery = (webhookId: number, pageNumber: number, rowsPerPage: number) =>
  queryOptions({
    queryKey: [...root, 'deliveries', webhookId, pageNumber, rowsPerPage],
    queryFn: ({ signal }) => call('getDeliveryList', { body: { webhookId, pageNumber, rowsPerPage }, signal }),
    placeholderData: keepPreviousData,
  });

/** Every change is audited; its list (and log) are read again. */
const afterChange = () => invalidate('webhooks', 'audit');

export const useSaveWebhook = () =>
  useMutation({ mutationFn: (body: SaveWebhookRequest) => call('saveWebhook', { body }), onSuccess: afterChange });

export const useRotateSecret = () =>
  useMutation({ mutationFn: (id: number) => call('rotateSecret', { body: { id } }), onSuccess: afterChange });

export const useDeleteWebhook = () =>
  useMutation({ mutationFn: (id: number) => call('deleteWebhook', { query: { id } }), onSuccess: afterChange });

export const useSendTestEvent = () =>
  useMutation({ mutationFn: (id: number) => call('sendTestEvent', { body: { id } }), onSuccess: afterChange });

export const useRedeliver = () =>
  useMutation({ mutationFn: (body: RedeliverRequest) => call('redeliver', { body }), onSuccess: afterChange });
