import type { LocalNames } from '@scentry/shared-schema';
import { call } from '../../lib/call';

export interface ListParams {
  pageNumber: number;
  rowsPerPage: number;
  title: string;
}

export const listScentOptions = (p: ListParams, signal?: AbortSignal) =>
  call('getScentCardOptionList', {
    signal,
    body: { pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, filter: { title: p.title } },
  });

export const getScentOption = (id: number, signal?: AbortSignal) =>
  call('getScentCardOptionById', { query: { id }, signal });

function form(model: object, file: File | null) {
  const data = new FormData();
  data.append('model', JSON.stringify(model));
  if (file) data.append('file', file, file.name);
  return data;
}

export const createScentOption = (title: string, names: LocalNames, file: File | null) =>
  call('createScentCardOption', { form: form({ Title: title, Names: names }, file) });

export const updateScentOption = (id: number, title: string, names: LocalNames, file: File | null) =>
  call('updateScentCardOption', { form: form({ Id: id, Title: title, Names: names }, file) });

export const deleteScentOption = (id: number) => call('deleteScentCardOption', { query: { id } });
