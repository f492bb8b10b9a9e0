import type { ListResult, ScentCardListRow, TestKit, TestKitRequest } from '@scentry/shared-schema';
import { api } from '../../lib/api';

export interface KitListRow {
  id: number;
  name: string;
  isActive: boolean;
  passThreshold: number;
  version: number;
  cardCount: number;
  qrCodeURL: string;
}

export const listKits = (p: { pageNumber: number; rowsPerPage: number; name: string }, signal?: AbortSignal) =>
  api<ListResult<KitListRow>>('/api/TestKit/GetTestKit', {
    auth: true,
    signal,
    body: { pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, filter: { Name: p.name } },
  });

export const getKit = (id: number, signal?: AbortSignal) =>
  api<TestKit>(`/api/TestKit/GetTestKitById?Id=${id}`, { auth: true, signal });

export const saveKit = (kit: TestKitRequest) =>
  api<{ testKitId: number }>(kit.id > 0 ? '/api/TestKit/UpdateTestKit' : '/api/TestKit/SaveTestKit', {
    auth: true,
    body: { Id: kit.id, Name: kit.name, IsActive: kit.isActive, PassThreshold: kit.passThreshold },
  });

export const deleteKits = (ids: number[]) =>
  api<null>(`/api/TestKit/DeleteTestKit?Ids=${ids.join(',')}`, { auth: true });

export const listCards = (testKitId: number, signal?: AbortSignal) =>
  api<ListResult<ScentCardListRow>>('/api/SentCard/GetScentCardByTestKitId', {
    auth: true,
    signal,
    body: { pageNumber: 1, rowsPerPage: 100, testKitId },
  });

export const deleteCard = (id: number) => api<null>(`/api/SentCard/DeleteScentCard?Id=${id}`, { auth: true });
