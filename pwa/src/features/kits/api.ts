import type { ApiData, TestKitRequest } from '@scentry/shared-schema';
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
