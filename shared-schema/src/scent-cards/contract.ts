import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { listOf } from '../common/replies';
import { idQuery } from '../common/schemas';
import { SCENT_CARDS_PLAYER_ROUTES } from './player-routes';
import { playRowSchema, scentCardIdData, scentCardListRowSchema, scentCardSchema } from './replies';
import { SCENT_CARDS_ROUTES } from './routes';
import { cardListRequest, kitNameQuery, scentCardRequest } from './schemas';

export const SCENT_CARDS_CONTRACT = defineContract(
  { ...SCENT_CARDS_PLAYER_ROUTES, ...SCENT_CARDS_ROUTES },
  {
    getSentCardDetails: {
      summary: "A kit's play rows by code, while the kit is active and playable",
      query: kitNameQuery,
      data: z.array(playRowSchema),
    },
    getScentCardByTestKitId: {
      summary: "A play kit's scent cards, paged",
      body: cardListRequest,
      data: listOf(scentCardListRowSchema),
    },
    getScentCardDetailById: {
      summary: 'One scent card with its options',
      query: idQuery,
      data: scentCardSchema,
    },
    createSentCardDetails: {
      summary: 'Create a scent card with its five options',
      body: scentCardRequest,
      data: scentCardIdData,
    },
    updateSentCardDetails: {
      summary: 'Update a scent card and its options',
      body: scentCardRequest,
      data: scentCardIdData,
    },
    deleteScentCard: {
      summary: 'Hide a scent card of an inactive kit',
      query: idQuery,
      data: z.null(),
    },
  },
);
