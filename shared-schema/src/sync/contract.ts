import { z } from 'zod';
import { defineContract } from '../common/endpoint';
import { SYNC_PLAYER_ROUTES } from './player-routes';
import { pullKitsData, pushConflictSchema } from './replies';
import { pullRequestSchema, pushBodySchema } from './schemas';

export const SYNC_CONTRACT = defineContract(SYNC_PLAYER_ROUTES, {
  pullKits: {
    summary: 'Kits down: documents newer than the checkpoint, tombstones, unknown codes',
    body: pullRequestSchema,
    data: pullKitsData,
  },
  pushResults: {
    summary: 'Results up: each stored exactly once; the reply lists the conflicts',
    body: pushBodySchema,
    data: z.array(pushConflictSchema),
  },
});
