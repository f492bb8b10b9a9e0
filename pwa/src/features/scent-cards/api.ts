import type { ScentCardRequest, ScentOptionChoice } from '@scentry/shared-schema';
import { call } from '../../lib/call';

/** What the option pickers show of a scent option. */
export type OptionChoice = Pick<ScentOptionChoice, 'id' | 'title' | 'storedPath'>;

export const scentOptionChoices = (signal?: AbortSignal) => call('dropDownForScentCardOption', { signal });

export const getCard = (id: number, signal?: AbortSignal) => call('getScentCardDetailById', { query: { id }, signal });

export const saveCard = (
  card: ScentCardRequest & {
    scentCardOptions: (ScentCardRequest['scentCardOptions'][number] & { localId?: string })[];
  },
) => call(card.id > 0 ? 'updateSentCardDetails' : 'createSentCardDetails', { body: card });
