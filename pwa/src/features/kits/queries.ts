import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { invalidate, QUERY_ROOTS } from '../../lib/query';
import { type ListSearch, listParams } from '../../lib/route-params';
import { deleteCard, deleteKits, getCard, getKit, listCards, listKits, saveKit } from './api';

const root = QUERY_ROOTS.kits;

export const kitListQuery = (search: ListSearch) => {
  const p = listParams(search);
  return queryOptions({
    queryKey: [...root, 'list', p],
    queryFn: ({ signal }) => listKits({ pageNumber: p.pageNumber, rowsPerPage: p.rowsPerPage, name: p.text }, signal),
    placeholderData: keepPreviousData,
  });
};

export const kitQuery = (id: number) =>
  queryOptions({ queryKey: [...root, 'detail', id], queryFn: ({ signal }) => getKit(id, signal) });

/** A kit's cards (list rows): under the cards root, so a card saved elsewhere refreshes it. */
export const kitCardsQuery = (kitId: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.cards, 'of-kit', kitId],
    queryFn: ({ signal }) => listCards(kitId, signal),
  });

/** A card's detail (its options and their places): the key the card editor reads it under. */
export const cardDetailQuery = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.cards, 'detail', id], queryFn: ({ signal }) => getCard(id, signal) });

/** A kit's name, activity and playability show in the list, the editor and the dashboard's count. */
const afterKitChange = () => invalidate('kits', 'cards', 'dashboard');

export const useSaveKit = () => useMutation({ mutationFn: saveKit, onSuccess: afterKitChange });
export const useDeleteKit = () =>
  useMutation({ mutationFn: (id: number) => deleteKits([id]), onSuccess: afterKitChange });
export const useDeleteCard = () => useMutation({ mutationFn: deleteCard, onSuccess: afterKitChange });
