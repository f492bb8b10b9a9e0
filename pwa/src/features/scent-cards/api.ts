import type { ScentCard, ScentCardRequest } from '@scentry/shared-schema';
import { api } from '../../lib/api';

export interface OptionChoice {
  id: number;
  title: string;
  storedPath: string;
}

export const scentOptionChoices = (signal?: AbortSignal) =>
  api<OptionChoice[]>('/api/ScentCardOption/DropDownForScentCardOption', { auth: true, signal });

export const getCard = (id: number, signal?: AbortSignal) =>
  api<ScentCard>(`/api/SentCard/GetScentCardDetailById?Id=${id}`, { auth: true, signal });

export const saveCard = (
  card: ScentCardRequest & {
    scentCardOptions: (ScentCardRequest['scentCardOptions'][number] & { localId?: string })[];
  },
) =>
  api<{ scentCardId: number }>(
    card.id > 0 ? '/api/SentCard/UpdateSentCardDetails' : '/api/SentCard/CreateSentCardDetails',
    {
      auth: true,
      body: card,
    },
  );
