import type { ApiData, ScentCard, TestKitRequest } from '@scentry/shared-schema';
import { call } from '../../lib/call';

export type KitListRow = ApiData<'getTestKit'>['list'][number];

export const listKits = (p: { pageNumber: number; rowsPerPage: number; name: string }, signal?: AbortSignal) =>
  call('getTestKit', {
    signal,
    body: { pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, filter: { name: p.name } },
  });

export const getKit = (id: number, signal?: AbortSignal) => call('getTestKitById', { query: { id }, signal });

export const saveKit = (kit: TestKitRequest) =>
  call(kit.id > 0 ? 'updateTestKit' : 'saveTestKit', {
    body: { id: kit.id, name: kit.name, isActive: kit.isActive, passThreshold: kit.passThreshold },
  });

export const deleteKits = (ids: number[]) => call('deleteTestKit', { query: { ids: ids.join(',') } });

export const listCards = (testKitId: number, signal?: AbortSignal) =>
  call('getScentCardByTestKitId', { signal, body: { pageNumber: 1, rowsPerPage: 100, testKitId } });

export const deleteCard = (id: number) => call('deleteScentCard', { query: { id } });

export const getCard = (id: number, signal?: AbortSignal) => call('getScentCardDetailById', { query: { id }, signal });

/** A card saved again as it is, its options in the given order (UpdateSentCardDetails: a new kit version). */
export const reorderCard = (card: ScentCard) =>
  call('updateSentCardDetails', {
    body: {
      id: card.id,
      testKitId: card.testKitId,
      name: card.name,
      names: card.names,
      sortOrder: card.sortOrder,
      scentCardOptionResultId: card.scentCardOptionResultId ?? 0,
      scentCardOptions: card.scentCardOptions.map((o) => ({
        scentCardOptionId: o.scentCardOptionId,
        scentCardOptionDetailId: o.scentCardOptionDetailId,
        sortOrder: o.sortOrder,
      })),
    },
  });
