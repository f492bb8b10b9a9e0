import type { ListResult, ScentOption } from '@scentry/shared-schema';
import { api } from '../../lib/api';

export interface ListParams {
  pageNumber: number;
  rowsPerPage: number;
  title: string;
}

export const listScentOptions = (p: ListParams, signal?: AbortSignal) =>
  api<ListResult<ScentOption>>('/api/ScentCardOption/GetScentCardOptionList', {
    auth: true,
    signal,
    body: { pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, filter: { Title: p.title } },
  });

export const getScentOption = (id: number, signal?: AbortSignal) =>
  api<ScentOption>(`/api/ScentCardOption/GetScentCardOptionById?Id=${id}`, { auth: true, signal });

function form(model: object, file: File | null) {
  const data = new FormData();
  data.append('model', JSON.stringify(model));
  if (file) data.append('file', file, file.name);
  return data;
}

export const createScentOption = (title: string, file: File | null) =>
  api<ScentOption>('/api/ScentCardOption/CreateScentCardOption', { auth: true, form: form({ Title: title }, file) });

export const updateScentOption = (id: number, title: string, file: File | null) =>
  api<ScentOption>('/api/ScentCardOption/UpdateScentCardOption', {
    auth: true,
    form: form({ Id: id, Title: title }, file),
  });

export const deleteScentOption = (id: number) =>
  api<null>(`/api/ScentCardOption/DeleteScentCardOption?Id=${id}`, { auth: true });
