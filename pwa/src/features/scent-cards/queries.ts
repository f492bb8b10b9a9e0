import { queryOptions, useMutation } from '@tanstack/react-query';
import { invalidate, QUERY_ROOTS } from '../../lib/query';
import { getCard, saveCard, scentOptionChoices } from './api';

export const cardQuery = (id: number) =>
  queryOptions({ queryKey: [...QUERY_ROOTS.cards, 'detail', id], queryFn: ({ signal }) => getCard(id, signal) });

/** The scent options a card may show: the scent options feature's data, read here for the picker. */
export const optionChoicesQuery = () =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.scentOptions, 'choices'],
    queryFn: ({ signal }) => scentOptionChoices(signal),
  });

/** A saved card changes its kit (version, playability, card list). */
export const useSaveCard = () => useMutation({ mutationFn: saveCard, onSuccess: () => invalidate('cards', 'kits') });
